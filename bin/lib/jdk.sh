# Sourced by bin/moka and bin/test. Sets MOKA_JAVA_HOME to a JDK 25 or newer: $JAVA_HOME if it qualifies,
# else the newest /usr/lib/jvm/*25*. Returns 1 after one line on stderr when there is none.

# The release file names the version without starting a JVM (which would cost 50 ms per launch).
moka_java_major() {
  local line
  line=$(grep -m1 '^JAVA_VERSION=' "$1/release" 2>/dev/null) || return 1
  line=${line#JAVA_VERSION=\"}
  echo "${line%%[.\"]*}"
}

moka_find_jdk() {
  local home major
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then
    major=$(moka_java_major "$JAVA_HOME")
    if [ -n "$major" ] && [ "$major" -ge 25 ] 2>/dev/null; then
      MOKA_JAVA_HOME=$JAVA_HOME
      return 0
    fi
  fi
  for home in $(ls -d /usr/lib/jvm/*25* 2>/dev/null | sort -r); do
    major=$(moka_java_major "$home")
    if [ -x "$home/bin/java" ] && [ -n "$major" ] && [ "$major" -ge 25 ] 2>/dev/null; then
      MOKA_JAVA_HOME=$home
      return 0
    fi
  done
  echo "moka: no JDK 25 found: set JAVA_HOME to a JDK 25 or newer, or install one under /usr/lib/jvm" >&2
  return 1
}
