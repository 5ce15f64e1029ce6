#!/usr/bin/env bash
# Runs bench/ExecCommandBench.java: 200 exec_command calls of `true`, and the median overhead Moka adds.
# Usage: bench/exec_command.sh [CALLS]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/classpath.sh" main
exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -XX:+UseSerialGC -cp "$BENCH_CP" \
    bench/ExecCommandBench.java "$@"
