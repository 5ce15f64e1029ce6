#!/usr/bin/env bash
# A synthetic long session through a real Session and Responses client against a loopback server:
# 200 tool rounds (20 KB outputs), reporting bytes sent, exact prefix extensions, the peak prompt against
# the window, and client CPU per round. Usage: bench/context_bench.sh [ROUNDS] [remote|local]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/classpath.sh" test
exec "$JAVA_HOME/bin/java" -XX:+UseSerialGC -cp "$BENCH_CP" dev.moka.core.session.ContextBench "${1:-200}" "${2:-remote}"
