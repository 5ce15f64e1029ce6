#!/usr/bin/env bash
# Times apply_patch: a 500-hunk patch on a 50,000-line file, median of 15 runs (target: under 200 ms).
# Usage: bench/patch_bench.sh   (builds core's classes and test classes first)
set -euo pipefail
cd "$(dirname "$0")/.."
export JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
export MAVEN_OPTS="${MAVEN_OPTS:---sun-misc-unsafe-memory-access=allow}"

mvn -q -B -pl core -am test-compile
deps="$(mktemp)"
trap 'rm -f "$deps"' EXIT
mvn -q -B -pl core -am dependency:build-classpath -Dmdep.outputFile="$deps" -Dmdep.includeScope=test >/dev/null
# The reactor's own modules come from their fresh target folders, not from whatever sits in ~/.m2.
external="$(tr ':' '\n' < "$deps" | grep -v '/dev/moka/' | paste -sd: -)"
"$JAVA_HOME/bin/java" -cp "core/target/classes:core/target/test-classes:protocol/target/classes:$external" \
    dev.moka.core.tools.patch.PatchBenchMain
