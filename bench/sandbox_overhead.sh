#!/usr/bin/env bash
# Per-command cost of the sandbox: median of 200 `true` runs through the shell tool, unsandboxed, under
# bubblewrap and under Landlock. Usage: bench/sandbox_overhead.sh [RUNS]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/classpath.sh" main
exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -cp "$BENCH_CP" \
    bench/SandboxOverheadBench.java "$@"
