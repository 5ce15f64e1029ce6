# Sourced by bin/moka and bin/test. Sets MOKA_JAVA_HOME to a JDK 25 or newer: $JAVA_HOME if it qualifies,
# else the newest /usr/lib/jvm/*25*. Returns 1 after one line on stderr when there is none.
# Only shell builtins here: every process forked would be paid by each start of Moka.

# The major version named in a JDK's release file, in MOKA_JAVA_MAJOR (empty when unreadable).
moka_java_major() {
  MOKA_JAVA_MAJOR=
  local line
  [ -r "$1/release" ] || return 1
  while IFS= read -r line; do
    case $line in
      JAVA_VERSION=*)
        line=${line#JAVA_VERSION=\"}
        MOKA_JAVA_MAJOR=${line%%[.\"]*}
        return 0 ;;
    esac
  done < "$1/release"
  return 1
}

moka_is_jdk25() {
  [ -x "$1/bin/java" ] && moka_java_major "$1" && [ "$MOKA_JAVA_MAJOR" -ge 25 ] 2>/dev/null
}

moka_find_jdk() {
  if [ -n "${JAVA_HOME:-}" ] && moka_is_jdk25 "$JAVA_HOME"; then
    MOKA_JAVA_HOME=$JAVA_HOME
    return 0
  fi
  local homes=(/usr/lib/jvm/*25*) i
  for (( i=${#homes[@]}-1; i>=0; i-- )); do
    if moka_is_jdk25 "${homes[i]}"; then
      MOKA_JAVA_HOME=${homes[i]}
      return 0
    fi
  done
  echo "moka: no JDK 25 found: set JAVA_HOME to a JDK 25 or newer, or install one under /usr/lib/jvm" >&2
  return 1
}
