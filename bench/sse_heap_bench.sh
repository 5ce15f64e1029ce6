#!/usr/bin/env bash
# Peak heap of the Responses client fed oversized SSE lines by the loopback mock server: a 10 MB delta (under
# the bound), a 50 MB delta and a data line that never ends (both past it), each in a fresh JVM.
# Usage: bench/sse_heap_bench.sh [XMX]   (default 4g; try 256m to see which cases fit a small heap)
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/classpath.sh" test
for args in "delta 10" "delta 50" "endless"; do
    timeout 300 "$JAVA_HOME/bin/java" -Xmx"${1:-4g}" -cp "$BENCH_CP" dev.moka.core.client.SseHeapBenchMain $args 2>&1 \
        | grep -v '^\s*at \|^Exception in thread' || echo "$args: the JVM failed or ran past 300 s"
done
