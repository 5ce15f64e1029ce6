# Sourced by bin/moka (only on the path that builds) and bin/test. Checks that Maven is on PATH before a
# build, so a person without it reads what to install instead of "mvn: command not found".
# Only shell builtins here.

moka_require_maven() {
  if ! command -v mvn >/dev/null 2>&1; then
    echo "moka: building Moka needs Maven 3.8 or newer on PATH; install it (e.g. sudo apt-get install maven, or from https://maven.apache.org/download.cgi) and try again" >&2
    return 1
  fi
}
