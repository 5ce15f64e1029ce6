# Sourced by bin/moka, bin/test and the bench scripts. Sets MOKA_JAVA_HOME to a JDK 25 or newer: $JAVA_HOME
# if it qualifies, else a JDK 25 from the usual install places (then a newer one), else the `java` on PATH.
# Returns 1 after one line on stderr that says how to get one. Only shell builtins on the usual path: every
# process forked here would be paid by each start of Moka.

# Where JDKs are installed: Debian/Ubuntu packages, macOS, SDKMAN, IntelliJ's downloads. MOKA_JDK_DIRS
# replaces the list (space-separated).
moka_jdk_dirs() {
  MOKA_JDK_DIRS_LIST=(${MOKA_JDK_DIRS:-/usr/lib/jvm /Library/Java/JavaVirtualMachines ${HOME:-/nonexistent}/.sdkman/candidates/java ${HOME:-/nonexistent}/.jdks})
}

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
  # Moka is built and tested on 25, so a 25 wins over a newer JDK found in the same places.
  local dir home newer= java
  moka_jdk_dirs
  for dir in "${MOKA_JDK_DIRS_LIST[@]}"; do
    for home in "$dir"/* "$dir"/*/Contents/Home; do
      moka_is_jdk25 "$home" || continue
      if [ "$MOKA_JAVA_MAJOR" -eq 25 ]; then
        MOKA_JAVA_HOME=$home
        return 0
      fi
      newer=${newer:-$home}
    done
  done
  if [ -n "$newer" ]; then
    MOKA_JAVA_HOME=$newer
    return 0
  fi
  if java=$(command -v java 2>/dev/null) && java=$(readlink -f "$java") && moka_is_jdk25 "${java%/bin/java}"; then
    MOKA_JAVA_HOME=${java%/bin/java}
    return 0
  fi
  echo "moka: no JDK 25 found (JAVA_HOME, ${MOKA_JDK_DIRS_LIST[*]}, java on PATH); get one from https://adoptium.net/temurin/releases/?version=25 (or: sdk install java 25-tem; brew install --cask temurin@25; apt-get install openjdk-25-jdk where your release has it) and set JAVA_HOME to it" >&2
  return 1
}
