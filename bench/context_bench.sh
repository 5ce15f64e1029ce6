#!/usr/bin/env bash
# A synthetic long session through a real Session and Responses client against a loopback server:
# 200 tool rounds (20 KB outputs), reporting bytes sent, exact prefix extensions, the peak prompt against
# the window, and client CPU per round. Usage: bench/context_bench.sh [ROUNDS] [remote|local]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/bin/lib/jdk.sh"
moka_find_jdk || exit 1
export JAVA_HOME=$MOKA_JAVA_HOME
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
cd "$root"
mvn -q -B -pl core -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.cp \
    -Dmdep.includeScope=test >/dev/null
cp="core/target/test-classes:core/target/classes:$(cat core/target/bench.cp)"
exec "$JAVA_HOME/bin/java" -XX:+UseSerialGC -cp "$cp" dev.moka.core.session.ContextBench "${1:-200}" "${2:-remote}"
