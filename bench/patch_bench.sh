#!/usr/bin/env bash
# Times apply_patch: a 500-hunk patch on a 50,000-line file, median of 15 runs (target: under 200 ms).
# Usage: bench/patch_bench.sh   (builds core's classes and test classes first)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/classpath.sh" test
exec "$JAVA_HOME/bin/java" -cp "$BENCH_CP" dev.moka.core.tools.patch.PatchBenchMain
