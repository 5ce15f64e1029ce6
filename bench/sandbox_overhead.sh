#!/usr/bin/env bash
# Per-command cost of the sandbox: median of 200 `true` runs through the shell tool, unsandboxed, under
# bubblewrap and under Landlock. Usage: bench/sandbox_overhead.sh [RUNS]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/bin/lib/jdk.sh"
moka_find_jdk || exit 1
export JAVA_HOME=$MOKA_JAVA_HOME
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
cd "$root"
mvn -q -B -o -pl core -am compile
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
mvn -q -B -o -pl core -am org.apache.maven.plugins:maven-dependency-plugin:3.9.0:build-classpath \
    -Dmdep.outputFile="$cp_file" >/dev/null
classpath="$root/core/target/classes:$root/protocol/target/classes:$(cat "$cp_file")"
exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -cp "$classpath" \
    bench/SandboxOverheadBench.java "$@"
