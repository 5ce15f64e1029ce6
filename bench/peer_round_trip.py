#!/usr/bin/env python3
"""Moka beside Codex on the same scripted shell-tool round trip, against one local mock server.

Every run starts the agent's `exec` in a fresh git repository holding an AGENTS.md, with a fresh HOME (no shell
profile: a login shell that runs `pyenv init` would cost both agents half a second) and a fresh agent home
holding the same config.toml (a profile, a custom provider pointing at the mock, [shell_environment_policy], the
project trusted, workspace-write, approval never). The mock (testkit's MockServerMain) answers the first
request with an exec_command call running `echo hello` and the second with the final answer. What Codex 0.169 needs
from the mock, checked with strace and a logging server: with a custom provider it only POSTs
{base_url}/responses (no model list or other probe) and takes the same SSE events Moka does; it refuses a
top-level `profile = "..."` (profiles are separate files for it now), so the shared file holds
[profiles.bench] and Moka selects it with -p (Codex leaves the table alone). Three variants alternate, run
after run:
  codex             Codex as npm installs it (`codex`, node's wrapper around the native binary), with
                    -c features.plugins=false so that it makes no network request of its own besides the mock
                    (its plugin-marketplace fetch would fail here anyway)
  moka              bin/moka with the same config.toml
  moka, no config   bin/moka with no config.toml and no AGENTS.md (OPENAI_BASE_URL at the mock)
Printed: medians of first request (spawn to the mock receiving the first request), wall (spawn to exit), CPU
(user + system of the agent and the processes it waited for) and peak RSS (the largest single process),
then Moka/Codex ratios, each beside its target, and Moka with a config against Moka without.
Then the interactive UIs, alternating, in a tmux pane (100x40) with the same config and project: spawn to the
composer's placeholder on the screen ("Ask Codex/Moka to do anything"), after which typed text is checked to
show in it. Codex's UI runs a background app server of its own, which reads config.toml but not -c, so its
config copy sets [features] plugins = false there; each run's server is stopped once the run is measured.
Usage: bench/peer_round_trip.py [--runs N] [--install-codex] [--codex PATH] [--scratch DIR]
  --install-codex  installs @openai/codex@0.169.0 from the npm registry into SCRATCH/codex again (it is
                   installed there anyway when missing)
  --scratch DIR    where homes, repositories and Codex go (default ~/.cache/moka/peer-bench; not under /tmp,
                   where Codex refuses to create the helper binaries its sandbox needs)
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import time

from benchlib import MOKA, ROOT, start_mock, stop_mock
from tmux_pane import Pane, TmuxServer

SCENARIO = os.path.join(ROOT, "testkit", "src", "main", "resources", "dev", "moka", "testkit",
                        "exec-command-round-trip.json")
CODEX_PACKAGE = "@openai/codex@0.169.0"
VARIANTS = ["codex", "moka", "moka, no config"]
# Moka/Codex targets of first request, wall, CPU, peak RSS, and the UI's time to its composer.
TARGETS = [0.9, 0.7, 1.0, 0.5]
UI_TARGET = 1.0
COMPOSER = {"codex": "Ask Codex to do anything", "moka": "Ask Moka to do anything"}
CODEX_DAEMON_SOCKETS = "/tmp/codex-daemon-{uid}"
REQUESTS_PER_RUN = 2

CONFIG = '''model = "gpt-5.5"
model_provider = "mock"
approval_policy = "never"
sandbox_mode = "workspace-write"

[profiles.bench]
model_reasoning_effort = "low"

[model_providers.mock]
name = "Mock"
base_url = "{url}"
env_key = "MOCK_API_KEY"
wire_api = "responses"

[shell_environment_policy]
inherit = "core"

[projects."{work}"]
trust_level = "trusted"
'''


def install_codex(prefix):
    os.makedirs(prefix, exist_ok=True)
    print(f"installing {CODEX_PACKAGE} into {prefix}")
    subprocess.run(["npm", "install", "--prefix", prefix, "--no-audit", "--no-fund", "--loglevel=error",
                    CODEX_PACKAGE], check=True)


def codex_command(args):
    """--codex PATH, else the Codex installed in the scratch dir, installed from npm first when it is missing or
    --install-codex asks for it. A `codex` on PATH is not used: its version would decide the figures."""
    if args.codex:
        if not os.path.exists(args.codex):
            raise SystemExit(f"--codex {args.codex}: no such file")
        return os.path.abspath(args.codex)
    prefix = os.path.join(args.scratch, "codex")
    installed = os.path.join(prefix, "node_modules", ".bin", "codex")
    if args.install_codex or not os.path.exists(installed):
        install_codex(prefix)
    return installed


def start_round_trips(scratch, count):
    """One mock server for the whole benchmark, its scenario the round trip repeated `count` times."""
    with open(SCENARIO) as f:
        round_trip = json.load(f)
    scenario = os.path.join(scratch, "scenario.json")
    with open(scenario, "w") as f:
        json.dump(round_trip * count, f)
    return start_mock(scenario, os.path.join(scratch, "mock-url"), 3600)


def requests_so_far(requests_file):
    with open(requests_file) as f:
        return [int(line) for line in f if line.strip()]


def prepare(run_dir, variant, url, codex):
    """A fresh HOME, agent home and git repository; returns the command, its cwd and its environment."""
    shutil.rmtree(run_dir, ignore_errors=True)
    home = os.path.join(run_dir, "home")
    work = os.path.join(run_dir, "work")
    os.makedirs(home)
    os.makedirs(work)
    subprocess.run(["git", "init", "-q", work], check=True)
    env = {"PATH": os.environ["PATH"], "HOME": home, "LANG": "C.UTF-8", "USER": os.environ.get("USER", "bench")}
    if "JAVA_HOME" in os.environ:
        env["JAVA_HOME"] = os.environ["JAVA_HOME"]
    if variant == "moka, no config":
        env.update(MOKA_HOME=os.path.join(home, ".moka"), OPENAI_API_KEY="bench", OPENAI_BASE_URL=url)
        # The config's model, so that the two differ only in the config (the default model is a code-mode one).
        return [MOKA, "exec", "-m", "gpt-5.5", "list the files"], work, env
    with open(os.path.join(work, "AGENTS.md"), "w") as f:
        f.write("# Notes for agents\n\nRun the tests before you commit.\n")
    agent_home = os.path.join(home, ".codex" if variant == "codex" else ".moka")
    os.makedirs(agent_home)
    with open(os.path.join(agent_home, "config.toml"), "w") as f:
        f.write(CONFIG.format(url=url, work=os.path.realpath(work)))
    env["MOCK_API_KEY"] = "bench"
    if variant == "codex":
        env["CODEX_HOME"] = agent_home
        return [codex, "exec", "-c", "features.plugins=false", "list the files"], work, env
    env["MOKA_HOME"] = agent_home
    return [MOKA, "exec", "-p", "bench", "list the files"], work, env


def measured(command, cwd, env, requests_file, label):
    """First request, wall, CPU and peak RSS of one run, the last two from wait4."""
    before = len(requests_so_far(requests_file))
    out_file, err_file = os.path.join(cwd, "..", "stdout"), os.path.join(cwd, "..", "stderr")
    with open(out_file, "wb") as out, open(err_file, "wb") as err:
        start = time.time_ns()
        proc = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        end = time.time_ns()
    code = os.waitstatus_to_exitcode(status)
    with open(out_file, "rb") as f:
        out = f.read()
    with open(err_file, "rb") as f:
        err = f.read()
    arrivals = requests_so_far(requests_file)[before:]
    if code != 0 or len(arrivals) != REQUESTS_PER_RUN or b"done" not in out:
        raise SystemExit(f"{label}: exit {code}, {len(arrivals)} requests; stdout {out[-500:]!r}; "
                         f"stderr {err[-1500:]!r}")
    return ((arrivals[0] - start) / 1e9, (end - start) / 1e9, usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss / 1024, out + err)


def ui_ready(server, run_dir, variant, url, codex):
    """Seconds from spawning the agent's UI in a tmux pane to its composer on the screen."""
    command, cwd, env = prepare(run_dir, variant, url, codex)
    command = [arg for arg in command if arg not in ("exec", "list the files", "-c", "features.plugins=false")]
    env["TERM"] = "xterm-256color"
    home = env.get("CODEX_HOME") or env["MOKA_HOME"]
    if variant == "codex":
        with open(os.path.join(home, "config.toml"), "a") as f:
            f.write("\n[features]\nplugins = false\n")
    sockets = CODEX_DAEMON_SOCKETS.format(uid=os.getuid())
    sockets_before = set(os.listdir(sockets)) if os.path.isdir(sockets) else set()
    pane = Pane(server, variant, command, cwd, env)
    try:
        ready = (pane.wait_for(COMPOSER[variant]) - pane.start) / 1e9
        pane.keys("-l", "typed at once")
        pane.wait_for("typed at once")
        return ready
    finally:
        pane.kill()
        stop_background_servers(home)
        if os.path.isdir(sockets):
            for name in set(os.listdir(sockets)) - sockets_before:
                os.remove(os.path.join(sockets, name))


def stop_background_servers(home):
    """Ends the processes a run left behind whose program lives in its agent home (Codex's app server)."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            program = os.readlink(f"/proc/{pid}/exe")
        except OSError:
            continue
        if program.startswith(home + os.sep):
            try:
                os.kill(int(pid), 15)
            except ProcessLookupError:
                pass


def ui_round(args, url, codex):
    """Medians of the UIs' time to the composer, alternating codex and moka."""
    server = TmuxServer("peer")
    times = {"codex": [], "moka": []}
    try:
        for run in range(args.runs + 1):
            for variant in times:
                run_dir = os.path.join(args.scratch, "runs", f"ui-{variant}")
                ready = ui_ready(server, run_dir, variant, url, codex)
                if run > 0:
                    times[variant].append(ready)
    finally:
        server.close()
    return {variant: statistics.median(t) for variant, t in times.items()}


def main():
    parser = argparse.ArgumentParser(description="Moka beside Codex on one scripted shell-tool round trip.")
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--install-codex", action="store_true")
    parser.add_argument("--codex")
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    parser.add_argument("--scratch", default=os.path.join(cache, "moka", "peer-bench"))
    args = parser.parse_args()
    args.scratch = os.path.abspath(args.scratch)
    os.makedirs(args.scratch, exist_ok=True)
    codex = codex_command(args)
    version = subprocess.run([codex, "--version"], capture_output=True, text=True).stdout.strip()
    subprocess.run([MOKA, "--version"], check=True, stdout=subprocess.DEVNULL)
    # One warm-up round (disk caches, Codex's first start) that is not counted.
    server, url, requests_file = start_round_trips(args.scratch, (args.runs + 1) * len(VARIANTS))
    results = {variant: [] for variant in VARIANTS}
    try:
        for run in range(args.runs + 1):
            for variant in VARIANTS:
                run_dir = os.path.join(args.scratch, "runs", variant.replace(", ", "-").replace(" ", "-"))
                command, cwd, env = prepare(run_dir, variant, url, codex)
                first, wall, cpu, rss, output = measured(command, cwd, env, requests_file, variant)
                if run == 0 and b"hello" not in output:
                    print(f"warning: {variant} did not show the command's output; its sandbox may have failed:\n"
                          f"{output[-1200:].decode(errors='replace')}")
                if run > 0:
                    results[variant].append((first, wall, cpu, rss))
        ui = ui_round(args, url, codex)
    finally:
        stop_mock(server)
    med = {v: [statistics.median(r[k] for r in rows) for k in range(4)] for v, rows in results.items()}
    print(f"{version} vs Moka; medians of {args.runs} alternating runs after one warm-up")
    print(f"{'':18} {'first request':>14} {'wall':>9} {'CPU':>9} {'peak RSS':>10}")
    for variant in VARIANTS:
        first, wall, cpu, rss = med[variant]
        print(f"{variant:18} {first:12.3f} s {wall:7.3f} s {cpu:7.3f} s {rss:7.1f} MB")
    moka, codex_med, bare = med["moka"], med["codex"], med["moka, no config"]
    print("Moka/Codex:")
    for k, name in enumerate(["first request", "wall", "CPU", "peak RSS"]):
        print(f"  {name:14} {moka[k] / codex_med[k]:.2f}x  (target <= {TARGETS[k]}x)")
    print(f"  {'UI ready':14} {ui['moka'] / ui['codex']:.2f}x  (target <= {UI_TARGET}x): Moka {ui['moka']:.3f} s, "
          f"Codex {ui['codex']:.3f} s to the composer, medians of {args.runs}")
    print("Moka with config.toml vs none: " + " ".join(
        f"{name} {(moka[k] / bare[k] - 1) * 100:+.1f}%" for k, name in enumerate(["first request", "wall", "CPU"]))
          + " (target within 5%)")


if __name__ == "__main__":
    main()
