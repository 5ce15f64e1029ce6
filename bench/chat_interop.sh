#!/usr/bin/env bash
# Drives `moka exec` on the chat path (wire_api = "chat") against an OpenAI-compatible server that no one
# here wrote: @dwmkerr/mock-llm from the npm registry, which streams Chat Completions chunks and [DONE] with
# its own code and echoes the last user message. Prints what moka answered, the requests the server logged,
# and the wall time of each run. No real model server can be installed here: Debian 12 packages no
# llama.cpp, PyPI (vLLM, llama-cpp-python) is not reachable, and no reachable registry ships model weights.
# Usage: bench/chat_interop.sh [RUNS]   (default 3; needs node and npm)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs=${1:-3}
work=$(mktemp -d)
trap 'kill "$server_pid" 2>/dev/null || true; rm -rf "$work"' EXIT
server_pid=

command -v npm >/dev/null || { echo "chat_interop: npm is needed (apt-get install npm)" >&2; exit 1; }
(cd "$work" && npm install --silent --no-audit --no-fund @dwmkerr/mock-llm@0.1.29 >/dev/null)

# Small chunks, so one answer arrives as several deltas.
cat > "$work/mock-llm.yaml" <<'YAML'
streaming:
  chunkSize: 7
  chunkIntervalMs: 5
rules:
  - path: "/v1/chat/completions"
    method: "POST"
    match: "@"
    response:
      status: 200
      content: |
        {
          "id": "chatcmpl-{{timestamp}}",
          "object": "chat.completion",
          "model": "{{jmes request body.model}}",
          "choices": [{
            "message": {"role": "assistant", "content": "{{jmes request body.messages[-1].content}}"},
            "finish_reason": "stop"
          }]
        }
YAML
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
(cd "$work" && HOST=127.0.0.1 PORT=$port exec node node_modules/@dwmkerr/mock-llm/dist/main.js \
    > "$work/server.log" 2>&1) &
server_pid=$!
for _ in $(seq 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
    sleep 0.1
done

home="$work/moka-home"
mkdir -p "$home" "$work/repo/.git"
cat > "$home/config.toml" <<TOML
model = "echo-model"
model_provider = "mockllm"

[model_providers.mockllm]
name = "mock-llm (npm)"
base_url = "http://127.0.0.1:$port/v1"
wire_api = "chat"
TOML

prompt="The chat path works end to end."
for run in $(seq "$runs"); do
    start=$(date +%s%N)
    answer=$(cd "$work/repo" && MOKA_HOME="$home" "$root/bin/moka" exec "$prompt" 2>"$work/stderr.txt") || {
        echo "run $run: moka failed:" >&2; cat "$work/stderr.txt" >&2; exit 1; }
    elapsed=$(( ($(date +%s%N) - start) / 1000000 ))
    verdict=$([ "$answer" = "$prompt" ] && echo "echoed exactly" || echo "UNEXPECTED")
    printf 'run %d: %s in %d ms: %s\n' "$run" "$verdict" "$elapsed" "$answer"
done
echo "server log (last lines):"
tail -n 5 "$work/server.log"
