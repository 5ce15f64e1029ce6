#!/usr/bin/env python3
"""What a Codex user's config.toml costs `moka exec`, and what `moka doctor` takes.

Runs the built jar (cli/target/moka.jar, no start-up cache, so the figures compare configs, not launchers) with
an SSE fixture standing in for the model, alternating: a two-line config.toml; a Codex 0.169 config.toml with
some 40 keys Moka does not read (each looked up in Codex's key list, which is read only then); the same with
--strict-config. Then `moka doctor` on the two-line config. Prints the median wall time of each, in ms, and
the number of warning lines each run printed.
Usage: bench/codex_config.py [RUNS]   (default 9; build first: bin/moka --version, or mvn package)
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

from benchlib import ROOT, jdk_bin

JAR = os.path.join(ROOT, "cli", "target", "moka.jar")
MINIMAL = 'model = "gpt-5.1-codex"\napproval_policy = "on-request"\n'
CODEX = MINIMAL + """
personality = "pragmatic"
check_for_update_on_startup = false
file_opener = "vscode"
review_model = "gpt-5.1-codex"
model_auto_compact_token_limit = 200000
disable_paste_burst = true
allow_login_shell = false
suppress_unstable_features_warning = true
[model_providers.mine]
base_url = "http://127.0.0.1:9/v1"
supports_websockets = true
websocket_connect_timeout_ms = 5000
requires_openai_auth = false
[features]
web_search_request = true
unified_exec = false
shell_snapshot = true
[tui]
animations = false
show_tooltips = false
status_line = ["model-with-reasoning"]
[tui.keymap.global]
copy = "ctrl-y"
[notice]
hide_full_access_warning = true
[otel]
environment = "dev"
[analytics]
enabled = false
[memories]
generate_memories = false
[profiles.ci]
model = "gpt-5.1-codex"
service_tier = "flex"
plan_mode_reasoning_effort = "low"
"""
FIXTURE = ('event: response.output_item.done\ndata: {"type":"response.output_item.done","item":{"type":"message",'
           '"role":"assistant","id":"m1","content":[{"type":"output_text","text":"ok"}]}}\n\n'
           'event: response.completed\ndata: {"type":"response.completed","response":{"id":"r1"}}\n\n')


def timed(java, home, repo, args):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MOKA_", "OPENAI_"))}
    env.update(MOKA_HOME=home, MOKA_SSE_FIXTURE=os.path.join(repo, "fixture.sse"), OPENAI_API_KEY="sk-bench")
    start = time.monotonic()
    run = subprocess.run([java, "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "--enable-native-access=ALL-UNNAMED",
                          "--sun-misc-unsafe-memory-access=allow", "-jar", JAR] + args,
                         cwd=repo, env=env, capture_output=True, text=True)
    elapsed = (time.monotonic() - start) * 1000
    return elapsed, run


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 9
    java = os.path.join(jdk_bin(), "java")
    cases = [("minimal config.toml", MINIMAL, ["exec", "hi"]),
             ("Codex config.toml", CODEX, ["exec", "hi"]),
             ("Codex config.toml, --strict-config", CODEX, ["exec", "--strict-config", "hi"]),
             ("moka doctor", MINIMAL, ["doctor"])]
    times = {name: [] for name, _, _ in cases}
    warnings = {}
    with tempfile.TemporaryDirectory() as tmp:
        repo = os.path.join(tmp, "repo")
        os.makedirs(os.path.join(repo, ".git"))
        with open(os.path.join(repo, "fixture.sse"), "w") as f:
            f.write(FIXTURE)
        for i in range(runs):
            for name, config, args in cases:
                home = os.path.join(tmp, f"home-{i}-{len(times[name])}-{abs(hash(name))}")
                os.makedirs(home)
                with open(os.path.join(home, "config.toml"), "w") as f:
                    f.write(config)
                elapsed, run = timed(java, home, repo, args)
                if name != "moka doctor" and run.returncode != 0:
                    sys.exit(f"{name}: exit {run.returncode}: {run.stderr}")
                times[name].append(elapsed)
                warnings[name] = sum(1 for line in run.stderr.splitlines() if "unknown key" in line)
    for name, _, _ in cases:
        print(f"{name:38} median {statistics.median(times[name]):7.0f} ms over {runs} runs;"
              f" unknown-key warnings: {warnings[name]}")


if __name__ == "__main__":
    main()
