# Sourced by bin/moka (only on the path that builds), bin/test and the bench scripts. Sets MOKA_MVN to the
# Maven to build with: `mvn` from PATH when there is one, else a pinned Maven that is downloaded once from
# Maven Central into a cache directory and checked against the SHA-512 pinned here, so a machine with only
# a JDK can build. MOKA_MAVEN_REPOSITORY points the download at a mirror of Maven Central's layout.

MOKA_MAVEN_VERSION=3.9.16
# What Maven Central publishes as apache-maven-3.9.16-bin.tar.gz.sha512; a download that differs is not used.
MOKA_MAVEN_SHA512=831a8591fe20c8243b1dbe7d71e3244f31d1665b0804b2e825e38cbbe5ce0cafb8338851f90780735568773e0a6cd07bbec107cda0b896b008b861075358b6f6

moka_require_maven() {
  MOKA_MVN=
  if command -v mvn >/dev/null 2>&1; then
    MOKA_MVN=$(command -v mvn)
    return 0
  fi
  local cache=${MOKA_CACHE_DIR:-${XDG_CACHE_HOME:-${HOME:?}/.cache}/moka}
  local home=$cache/apache-maven-$MOKA_MAVEN_VERSION
  if [ ! -x "$home/bin/mvn" ]; then
    moka_download_maven "$cache" "$home" || return 1
  fi
  MOKA_MVN=$home/bin/mvn
}

# Downloads, checks and unpacks the pinned Maven into $2, through a temporary directory beside it so that
# a cut download or a second launcher racing this one never leaves a half-unpacked Maven behind.
moka_download_maven() {
  local cache=$1 home=$2 tmp actual fetch
  local name=apache-maven-$MOKA_MAVEN_VERSION-bin.tar.gz
  local url=${MOKA_MAVEN_REPOSITORY:-https://repo.maven.apache.org/maven2}/org/apache/maven/apache-maven/$MOKA_MAVEN_VERSION/$name
  if command -v curl >/dev/null 2>&1; then
    fetch=(curl -fL --retry 2 -sS -o)
    [ -t 2 ] && fetch=(curl -fL --retry 2 --progress-bar -o)
  elif command -v wget >/dev/null 2>&1; then
    fetch=(wget -q -O)
  else
    echo "moka: building needs Maven, and neither mvn nor curl/wget to download it is on PATH; install Maven 3.8+ (e.g. sudo apt-get install maven) or curl, and try again" >&2
    return 1
  fi
  mkdir -p "$cache" || return 1
  tmp=$(mktemp -d "$cache/.download-XXXXXX") || return 1
  echo "moka: mvn is not on PATH; downloading Maven $MOKA_MAVEN_VERSION (9 MB) from $url into $cache" >&2
  if ! "${fetch[@]}" "$tmp/$name" "$url"; then
    rm -rf "$tmp"
    echo "moka: could not download Maven from $url; check the network, or install Maven 3.8+ (e.g. sudo apt-get install maven) and try again" >&2
    return 1
  fi
  actual=$(moka_sha512 "$tmp/$name")
  if [ "$actual" != "$MOKA_MAVEN_SHA512" ]; then
    rm -rf "$tmp"
    echo "moka: the Maven download from $url does not match the SHA-512 pinned in bin/lib/maven.sh (got ${actual:-nothing}); not using it" >&2
    return 1
  fi
  if ! tar -xzf "$tmp/$name" -C "$tmp"; then
    rm -rf "$tmp"
    echo "moka: could not unpack $name into $cache" >&2
    return 1
  fi
  # Another launcher may have finished first; its copy is as good as this one.
  [ -x "$home/bin/mvn" ] || mv "$tmp/apache-maven-$MOKA_MAVEN_VERSION" "$home"
  rm -rf "$tmp"
  if [ ! -x "$home/bin/mvn" ]; then
    echo "moka: could not move Maven into $home" >&2
    return 1
  fi
}

moka_sha512() {
  local sum
  if command -v sha512sum >/dev/null 2>&1; then
    sum=$(sha512sum "$1")
  else
    sum=$(shasum -a 512 "$1")
  fi
  echo "${sum%% *}"
}
