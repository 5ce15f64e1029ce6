#!/usr/bin/env bash
# Times the turn diff after large patches: adding a 100k-line file, deleting an 80k-line one, one edit in a
# 100k-line file, 500 edits spread over 50k lines, and rewriting every line of a 20k-line file.
# Usage: bench/turn_diff_bench.sh
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/classpath.sh" test
exec "$JAVA_HOME/bin/java" -cp "$BENCH_CP" dev.moka.core.tools.patch.TurnDiffBenchMain
