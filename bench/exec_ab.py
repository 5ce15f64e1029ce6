#!/usr/bin/env python3
"""Two checkouts of Moka side by side on the same `moka exec` round trip, alternating run after run: CPU (user +
system of the launcher, the JVM and the command they ran) and wall time, medians. Each run is a fresh MOKA_HOME
without config.toml and a fresh git repository, against one testkit mock server that answers with an
exec_command call (`echo hello`) and then the final answer (bench/peer_round_trip.py's round trip), with code
mode off, so that what differs between the builds is start-up and the round trip over real HTTP. Each
checkout's bin/moka builds and trains when needed, once, before the measured runs.
Usage: bench/exec_ab.py CHECKOUT_A CHECKOUT_B [--runs N]   (e.g. /work/main and a worktree; default 11 runs)
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import tempfile
import time

from benchlib import ROOT, start_mock, stop_mock

SCENARIO = os.path.join(ROOT, "testkit", "src", "main", "resources", "dev", "moka", "testkit",
                        "exec-command-round-trip.json")


def measured(moka, scratch, url):
    """(CPU s, wall s) of one exec run."""
    run = tempfile.mkdtemp(dir=scratch)
    work = os.path.join(run, "work")
    subprocess.run(["git", "init", "-q", work], check=True)
    env = dict(os.environ, MOKA_HOME=os.path.join(run, "home"), OPENAI_API_KEY="sk-ab", OPENAI_BASE_URL=url)
    env.pop("MOKA_SSE_FIXTURE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.monotonic()
    result = subprocess.run([moka, "exec", "-c", "features.code_mode=off", "-c", "approval_policy=\"never\"",
                             "-s", "workspace-write", "list the files"], cwd=work, env=env, capture_output=True)
    wall = time.monotonic() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0 or b"hello" not in result.stdout + result.stderr:
        raise SystemExit(f"{moka} failed: {result.stderr.decode(errors='replace')[-800:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def main():
    parser = argparse.ArgumentParser(description="Two Moka checkouts on the same exec round trip, alternating.")
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    mokas = [os.path.join(os.path.abspath(c), "bin", "moka") for c in (args.a, args.b)]
    for moka in mokas:
        subprocess.run([moka, "--version"], check=True, stdout=subprocess.DEVNULL)
    with open(SCENARIO) as f:
        round_trip = json.load(f)
    with tempfile.TemporaryDirectory() as scratch:
        scenario = os.path.join(scratch, "scenario.json")
        with open(scenario, "w") as f:
            json.dump(round_trip * (args.runs + 1) * len(mokas), f)
        server, url, _ = start_mock(scenario, os.path.join(scratch, "mock-url"), 3600)
        rows = {moka: [] for moka in mokas}
        try:
            for run in range(args.runs + 1):
                for moka in mokas:
                    figures = measured(moka, scratch, url)
                    if run > 0:
                        rows[moka].append(figures)
        finally:
            stop_mock(server)
    print(f"exec round trip (exec_command, answer), code mode off; medians of {args.runs} alternating runs after "
          f"one warm-up")
    print(f"{'':40} {'CPU':>9} {'wall':>9}")
    for moka in mokas:
        cpu = statistics.median(r[0] for r in rows[moka])
        wall = statistics.median(r[1] for r in rows[moka])
        print(f"{os.path.dirname(os.path.dirname(moka)):40} {cpu * 1000:6.0f} ms {wall * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
