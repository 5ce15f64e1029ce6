#!/usr/bin/env bash
# moka exec on the chat path (wire_api = "chat") against a real OpenAI-compatible server no one here wrote:
# llama.cpp's llama-server, built by bench/llama_server.sh from the llama.cpp sources that the npm package
# node-llama-cpp ships, serving a tiny generated model that calls one tool and then answers. Shows the
# streamed tool call run (exec_command), the answer, and the wall time of each run.
# Usage: bench/chat_llama_round_trip.sh [RUNS]   (default 3; the first use builds llama-server, ~8 min on 2 cores)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
runs=${1:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home" "$work/repo"
git -C "$work/repo" init -q
# Build Moka before the server starts, so no run below pays for it.
"$root/bin/moka" --version >/dev/null

cat > "$work/drive.sh" <<'DRIVE'
#!/usr/bin/env bash
set -euo pipefail
cat > "$MOKA_HOME/config.toml" <<TOML
model = "$CHAT_MODEL"
model_provider = "llamacpp"

[model_providers.llamacpp]
name = "llama.cpp llama-server"
base_url = "$CHAT_BASE_URL"
wire_api = "chat"
TOML
for run in $(seq "$RUNS"); do
    start=$(date +%s.%N)
    answer=$("$MOKA" exec --full-auto -C "$REPO" "say hello by running a command" 2>"$WORK/stderr-$run")
    end=$(date +%s.%N)
    ran=$(grep -c '^\$ ' "$WORK/stderr-$run" || true)
    printf 'run %d: %.2f s, %d command(s) run, answer: %s\n' "$run" "$(echo "$end - $start" | bc)" "$ran" "$answer"
done
echo "last run's progress on stderr:"
sed 's/^/  /' "$WORK/stderr-$RUNS"
DRIVE
chmod +x "$work/drive.sh"
MOKA_HOME="$work/home" MOKA="$root/bin/moka" REPO="$work/repo" WORK="$work" RUNS="$runs" \
    "$root/bench/llama_server.sh" --prefer-tool exec_command -- "$work/drive.sh" 2>"$work/server.log" | tail -n +2 \
    || { tail -20 "$work/server.log" >&2; exit 1; }
