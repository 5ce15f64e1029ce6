# Sourced by bin/moka (only on the path that builds) and bench/class_load_check.py. The JVM's AOT cache only
# holds the classes its training run loaded, so that run looks like real use: a config.toml with a profile,
# a custom provider, [shell_environment_policy] and a trusted project, an AGENTS.md in a git repository,
# then `exec` (exec_command and apply_patch calls) and `exec resume --last --json` (a shell call), all in
# one process (dev.moka.cli.Training) against the testkit's mock server. The interactive UI gets a cache of
# its own (see moka_training_run): a JDK 25 cache loads every class it holds at each start, and the UI's 285
# classes made exec's first request ~170 ms later (bench/round_trip.py). Needs root, java, jar, testkit_jar
# and jvm_flags from bin/moka.

# Where this file lives, so the training config can name its MCP server whoever sources it.
moka_training_lib=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# Lays out a MOKA_HOME ($1/home) and a project ($1/work) that talk to the mock server at $2; with $3 = mcp (the
# default), the config also starts an MCP server.
moka_training_workspace() {
  local dir=$1 url=$2 mcp=${3:-mcp} work
  mkdir -p "$dir/home" "$dir/work/src"
  work=$(cd "$dir/work" && pwd -P)
  git -C "$work" init -q 2>/dev/null || mkdir -p "$work/.git"
  printf '# Notes for agents\n\nRun the tests before you commit.\n' >"$work/AGENTS.md"
  printf 'fn main() {}\n' >"$work/src/main.rs"
  cat >"$dir/home/config.toml" <<EOF
# Written by Moka's launcher to train the start-up cache.
model_provider = "training"
profile = "train"

[profiles.train]
model_reasoning_summary = "concise"

[model_providers.training]
name = "Training"
base_url = "$url"
env_key = "MOKA_TRAINING_KEY"
wire_api = "responses"
request_max_retries = 0

[shell_environment_policy]
inherit = "core"
exclude = ["*_TOKEN"]

[projects."$work"]
trust_level = "trusted"
EOF
  if [ "$mcp" = mcp ]; then
    cat >>"$dir/home/config.toml" <<EOF

# An MCP server puts the MCP SDK's classes in the cache too.
[mcp_servers.training]
command = "$moka_training_lib/prompt-mcp-server.sh"
EOF
  fi
}

# Starts the mock server on the training scenario (it lives as long as the pipe feeding its stdin, at most
# 120 s) and sets mock_pid and mock_url; returns 1 when it did not come up.
moka_training_mock() {
  local dir=$1 i
  (sleep 120 | "$java" -cp "$testkit_jar" dev.moka.testkit.MockServerMain resource:training.json "$dir/url" 120 \
    >/dev/null 2>&1) &
  mock_pid=$!
  for i in $(seq 1 200); do [ -s "$dir/url" ] && break; sleep 0.05; done
  [ -s "$dir/url" ] || return 1
  mock_url=$(<"$dir/url")
}

moka_training_stop_mock() {
  pkill -P "$mock_pid" 2>/dev/null || true
  kill "$mock_pid" 2>/dev/null || true
}

# The command lines of a session, in Training's form; extra JVM options come first ($@). The first asks the
# built-in OpenAI provider at an https address where nothing listens: it fails at once, but only after the
# CA certificates were read, as they are for everyone who uses OpenAI; the other two are the session.
# The session turns code mode off: code mode's JavaScript engine warms up once a request is answered, and a
# JDK 25 cache loads every class it holds at each start (the engine's thousands added 26 MB of RSS to every
# run). The last command sends the default model's code-mode request, which the mock refuses with a 400, so
# code mode's own classes are in the cache while its engine stays out.
# The interactive UI's cache ($2 = ui) is trained by the same session followed by a short UI session on a
# scripted terminal (Training's `ui` command: /status, a prompt, its streamed Markdown answer, Ctrl+D): the
# UI needs the engine's classes too, while exec must not load the UI's (bin/moka picks the cache by command).
moka_training_run() {
  local dir=$1 face=$2
  shift 2
  local ui=()
  [ "$face" = ui ] && ui=(--then ui -c features.code_mode=off)
  (cd "$dir/work" && env -u MOKA_SSE_FIXTURE MOKA_HOME="$dir/home" MOKA_TRAINING_KEY=training \
    OPENAI_API_KEY=training OPENAI_BASE_URL=https://127.0.0.1:9/v1 \
    "$java" "${jvm_flags[@]}" "$@" -cp "$jar" dev.moka.cli.Training \
    exec -c model_provider=openai -c model_providers.openai.request_max_retries=0 "hello" \
    --then exec -c features.code_mode=off "look at the repository and add notes" \
    --then exec resume --last --json -c features.code_mode=off -m gpt-5.1 "once more" \
    --then exec "once more, in code mode" "${ui[@]}")
}

# Trains the cache $1 for the face $2 (exec or ui), with an MCP server configured or not ($3 = mcp or none), on
# a workspace and mock of its own.
moka_train_one() {
  local cache=$1 face=$2 mcp=$3 tmp
  tmp=$(mktemp -d)
  if moka_training_mock "$tmp"; then
    moka_training_workspace "$tmp" "$mock_url" "$mcp"
    moka_training_run "$tmp" "$face" -XX:AOTCacheOutput="$cache" -Xlog:aot=error -Xlog:cds=error \
      >/dev/null 2>&1 </dev/null || true
  fi
  moka_training_stop_mock
  rm -rf "$tmp"
}

# Trains exec's cache $1 and the interactive UI's ($1 with -ui before .aot), each also for sessions that start
# MCP servers (-mcp before .aot): the MCP SDK and Reactor are some 600 classes, which a cache loads at every
# start, so a session without servers gets a cache without them (5 MB less RSS, its first request 0-6% sooner).
# The caches are trained in a directory of their own and moved into place together, exec's last: bin/moka
# trains when exec's is missing, so a training cut short (the terminal closed) is done again next time
# instead of leaving the UI without its cache for as long as the jar lives.
moka_train() {
  local cache=$1 dir face
  rm -rf "$root"/cli/target/moka-*.aot "$root"/cli/target/moka-*.aot.failed "$root"/cli/target/moka-*.aot.config \
    "$root"/cli/target/training.*
  dir=$(mktemp -d "$root/cli/target/training.XXXXXX")
  moka_train_one "$dir/exec.aot" exec none
  moka_train_one "$dir/mcp.aot" exec mcp
  moka_train_one "$dir/ui.aot" ui none
  moka_train_one "$dir/ui-mcp.aot" ui mcp
  if [ -f "$dir/exec.aot" ]; then
    for face in mcp ui ui-mcp; do
      if [ -f "$dir/$face.aot" ]; then
        mv -f "$dir/$face.aot" "${cache%.aot}-$face.aot"
      fi
    done
    mv -f "$dir/exec.aot" "$cache"
  else
    touch "$cache.failed"
    echo "moka: note: could not train the start-up cache; Moka works, only starts slower" >&2
  fi
  rm -rf "$dir"
}
