#!/usr/bin/env bash
# Times the turn diff after large patches: adding a 100k-line file, deleting an 80k-line one, one edit in a
# 100k-line file, 500 edits spread over 50k lines, and rewriting every line of a 20k-line file.
# Usage: bench/turn_diff_bench.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
. "$root/bin/lib/jdk.sh"
moka_find_jdk || exit 1
export JAVA_HOME=$MOKA_JAVA_HOME
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
cd "$root"
mvn -q -B -o -pl core -am test-compile org.apache.maven.plugins:maven-dependency-plugin:3.9.0:build-classpath \
    -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test >/dev/null
exec "$JAVA_HOME/bin/java" -cp "core/target/test-classes:core/target/classes:$(cat core/target/bench.cp)" \
    dev.moka.core.tools.patch.TurnDiffBenchMain
