# Sourced by bin/moka: what the launcher reads of config.toml before Java does, read the way Java reads it.
# A config.toml that is a named pipe would make a plain read wait for a writer forever, and one linked to
# /dev/zero would be read forever; so only a regular file is read, and only as far as Java would read one.

moka_config_max_bytes=$((4 << 20))

# Fails, with one line on stderr saying what and how to fix it, when the config file $1 exists (after
# following links) and is not a regular file. The line is the one Java gives for the same file.
moka_check_config() {
  local file=$1 kind
  [ -e "$file" ] && [ ! -f "$file" ] || return 0
  if [ -p "$file" ]; then kind="a named pipe (FIFO)"
  elif [ -c "$file" ]; then kind="a character device"
  elif [ -b "$file" ]; then kind="a block device"
  elif [ -S "$file" ]; then kind="a socket"
  elif [ -d "$file" ]; then kind="a directory"
  else kind="a special file"
  fi
  echo "moka: $file: cannot read the config file: it is $kind, not a regular file; replace it with a regular" \
    "file, or move it away to start without one" >&2
  return 1
}

# Succeeds when the regular config file $1 mentions mcp_servers. Reads with a builtin: no process to fork.
moka_config_names_mcp() {
  local text=
  [ -f "$1" ] || return 1
  IFS= read -r -d '' -N "$moka_config_max_bytes" text <"$1" 2>/dev/null || true
  [[ $text == *mcp_servers* ]]
}
