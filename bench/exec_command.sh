#!/usr/bin/env bash
# Runs bench/ExecCommandBench.java: 200 exec_command calls of `true`, and the median overhead Moka adds.
# Usage: bench/exec_command.sh [CALLS]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/bin/lib/jdk.sh"
moka_find_jdk || exit 1
export JAVA_HOME=$MOKA_JAVA_HOME
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
cd "$root"
mvn -q -B -pl core -am compile
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
mvn -q -B -pl core -am dependency:build-classpath -Dmdep.outputFile="$cp_file" >/dev/null
classpath="$root/core/target/classes:$root/protocol/target/classes:$(cat "$cp_file")"
exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -cp "$classpath" \
    bench/ExecCommandBench.java "$@"
