# Sourced by bin/moka: JVM flags that carry the person's environment where the JVM would not follow it.
# Appends to the array jvm_flags; reads HOME and the locale variables only.

# The JVM takes user.home from the password database; a person (or a container, or sudo -E) who set HOME
# means that one, as Codex and every shell tool do: ~/.moka, ~ in config paths and the status line follow it.
# Where no locale is set (env -i, cron, many containers: LANG unset, C or POSIX) the JVM would write '?' for
# every character outside ASCII, though the terminal is UTF-8 almost everywhere; Codex writes UTF-8 regardless.
# A locale that names a charset of its own is kept.
moka_person_flags() {
  [ -n "${HOME:-}" ] && jvm_flags+=("-Duser.home=$HOME")
  case "${LC_ALL:-${LC_CTYPE:-${LANG:-}}}" in
    ""|C|POSIX) jvm_flags+=(-Dstdout.encoding=UTF-8 -Dstderr.encoding=UTF-8) ;;
  esac
  return 0
}
