#!/usr/bin/env bash
# Code mode's overhead through a real Session against the loopback mock server: the first trivial script of a
# fresh process when the model takes THINKING_MS (default 500 and 1000) between accepting the request and sending
# its call, as a real model does (the engine warms up in that time); then, in one process, the first trivial
# script with no model latency at all, later ones, a script running `true` five times, and 20 file reads as one
# script vs 20 direct calls of a classic model. With Codex installed where bench/peer_round_trip.py
# --install-codex puts it (or -Dcodex=PATH in JAVA_OPTS), the trivial scripts and the five `true`s also run
# through `codex exec` in code mode against a loopback mock, printed beside Moka's; without it, the output says
# why and keeps Moka's figures. Usage: bench/code_mode_bench.sh
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/classpath.sh" engine
run() {
    "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --sun-misc-unsafe-memory-access=allow ${JAVA_OPTS:-} \
        -cp "$BENCH_CP" dev.moka.core.session.CodeModeBench "$@"
}
for thinking in ${THINKING_MS:-500 1000}; do
    run --thinking-ms "$thinking"
done
run
