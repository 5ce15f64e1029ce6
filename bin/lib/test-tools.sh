# Sourced by bin/test. The sandbox tests run real bubblewrap, the terminal UI tests real tmux: install the Debian packages they need when
# they are missing (CI runs as root on Debian), and stop with a clear message where that cannot be done,
# so no test ever skips because a tool is absent.

moka_require_test_tools() {
  local missing=()
  command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
  command -v perl >/dev/null 2>&1 || missing+=(perl)
  command -v git >/dev/null 2>&1 || missing+=(git)
  command -v script >/dev/null 2>&1 || missing+=(util-linux)
  command -v tmux >/dev/null 2>&1 || missing+=(tmux)
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "moka: installing what the tests need: ${missing[*]}" >&2
    if DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 \
      || { apt-get update -qq >/dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; }; then
      return 0
    fi
  fi
  echo "moka: the tests need ${missing[*]}; install them (e.g. sudo apt-get install ${missing[*]}) and run again" >&2
  return 1
}
