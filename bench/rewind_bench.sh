#!/usr/bin/env bash
# Times the rewind snapshots a turn takes: 2,000 files of 4 KiB, first snapshot, then a turn's two snapshots
# with one file changed (median of 15), and a rewind's preview.
# Usage: bench/rewind_bench.sh   (builds core's classes and test classes first)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/classpath.sh" test
exec "$JAVA_HOME/bin/java" -cp "$BENCH_CP" dev.moka.core.rewind.RewindBenchMain
