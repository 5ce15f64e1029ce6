#!/usr/bin/env bash
# Code mode's overhead through a real Session against the loopback mock server: the first trivial script of a
# session (the engine is warmed while the first request is out), later ones, a script running `true` five
# times, and 20 file reads as one script vs 20 direct calls of a classic model. Usage: bench/code_mode_bench.sh
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/classpath.sh" test
exec "$JAVA_HOME/bin/java" -cp "$BENCH_CP" dev.moka.core.session.CodeModeBench
