#!/usr/bin/env python3
"""A long session through a real `bin/moka exec`: ROUNDS exec_command rounds against the testkit mock, then a
fresh start and a resume of that session, each to its first request.

One mock serves the whole script: ROUNDS replies that each ask for `echo round N` (a call id of its own), the
final answer, then one answer for a fresh `exec` in the same home and one for `exec resume --last`. Printed:
  peak RSS        wait4's ru_maxrss of the long session (the JVM; the shells it runs are far smaller), and its
                  resident set sampled every 0.5 s, by round
  time per round  from one request reaching the mock to the next (the tool run, the request built and sent),
                  medians of the first and the last 100 rounds
  resume          spawn to the mock receiving the resumed session's first request (the whole history read back
                  and sent), beside a fresh start's first request in the same home
Usage: bench/long_session.py [--rounds N] [--java-opts=OPTS]
  --java-opts=OPTS  extra JVM options for this run (MOKA_JAVA_OPTS), to compare heap bounds and collectors
                    (with "=": the options start with a dash)
"""
import argparse
import copy
import json
import os
import statistics
import subprocess
import tempfile
import threading
import time

from benchlib import MOKA, ROOT, start_mock, stop_mock
from tmux_pane import resident_mb

ROUND_TRIP = os.path.join(ROOT, "testkit", "src", "main", "resources", "dev", "moka", "testkit",
                          "exec-command-round-trip.json")

CONFIG = '''model = "gpt-5.5"
model_provider = "mock"
approval_policy = "never"
sandbox_mode = "workspace-write"

[model_providers.mock]
name = "Mock"
base_url = "{url}"
env_key = "MOCK_API_KEY"
wire_api = "responses"

[projects."{work}"]
trust_level = "trusted"
'''


def tool_round(template, index):
    """The round trip's exec_command reply with a call id and command of its own."""
    text = json.dumps(template)
    text = text.replace("call_1", f"call_{index}").replace("resp_1", f"resp_r{index}")
    return json.loads(text.replace("echo hello", f"echo round {index}"))


def scenario(path, rounds):
    with open(ROUND_TRIP) as f:
        call, answer = json.load(f)
    replies = [tool_round(call, i) for i in range(1, rounds + 1)]
    replies += [copy.deepcopy(answer) for _ in range(3)]
    with open(path, "w") as f:
        json.dump(replies, f)


def arrivals(requests_file):
    with open(requests_file) as f:
        return [int(line) for line in f if line.strip()]


def run(command, cwd, env, requests_file, samples=None):
    """Runs one moka command; returns its spawn time, wall seconds and peak RSS (MB). With `samples`, appends
    (requests so far, resident MB) every 0.5 s while it runs."""
    start = time.time_ns()
    proc = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    done = threading.Event()

    def sample():
        while not done.wait(0.5):
            rss = resident_mb(proc.pid)
            if rss:
                samples.append((len(arrivals(requests_file)), rss))

    sampler = threading.Thread(target=sample, daemon=True) if samples is not None else None
    if sampler:
        sampler.start()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    done.set()
    wall = (time.time_ns() - start) / 1e9
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(command)}: exit {os.waitstatus_to_exitcode(status)}; {err[-1500:]!r}")
    return start, wall, usage.ru_maxrss / 1024


def main():
    parser = argparse.ArgumentParser(description="A long exec session: RSS, time per round, resume.")
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--java-opts", default="")
    args = parser.parse_args()
    subprocess.run([MOKA, "--version"], check=True, stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory(dir=os.path.expanduser("~")) as tmp:
        scenario_file = os.path.join(tmp, "scenario.json")
        scenario(scenario_file, args.rounds)
        server, url, requests_file = start_mock(scenario_file, os.path.join(tmp, "url"), 3600)
        try:
            home, work = os.path.join(tmp, "home"), os.path.join(tmp, "work")
            os.makedirs(home)
            os.makedirs(work)
            subprocess.run(["git", "init", "-q", work], check=True)
            with open(os.path.join(home, "config.toml"), "w") as f:
                f.write(CONFIG.format(url=url, work=os.path.realpath(work)))
            env = dict(os.environ, MOKA_HOME=home, MOCK_API_KEY="bench", MOKA_JAVA_OPTS=args.java_opts)
            samples = []
            _, wall, peak = run([MOKA, "exec", "run the rounds"], work, env, requests_file, samples)
            times = arrivals(requests_file)
            if len(times) != args.rounds + 1:
                raise SystemExit(f"the session made {len(times)} requests, not {args.rounds + 1}")
            rounds = [(b - a) / 1e6 for a, b in zip(times, times[1:])]
            fresh_start, _, _ = run([MOKA, "exec", "a new session"], work, env, requests_file)
            fresh = (arrivals(requests_file)[-1] - fresh_start) / 1e9
            resume_start, resume_wall, resume_peak = run([MOKA, "exec", "resume", "--last", "go on"], work, env,
                                                         requests_file)
            resume = (arrivals(requests_file)[-1] - resume_start) / 1e9
        finally:
            stop_mock(server)
    print(f"{args.rounds} exec_command rounds in one `moka exec`{' with ' + args.java_opts if args.java_opts else ''}:"
          f" wall {wall:.1f} s")
    print(f"peak RSS {peak:.1f} MB (target < 400 MB)")
    marks = sorted({max(1, args.rounds * k // 10) for k in range(1, 11)})
    by_round = []
    for mark in marks:
        seen = [rss for count, rss in samples if count <= mark + 1]
        if seen:
            by_round.append(f"{mark}: {max(seen):.0f}")
    print("resident MB by round: " + ", ".join(by_round))
    n = min(100, len(rounds) // 2)
    first, last = statistics.median(rounds[:n]), statistics.median(rounds[-n:])
    print(f"time per round: first {n} {first:.1f} ms, last {n} {last:.1f} ms median ({last / first:.2f}x; "
          f"target flat)")
    print(f"first request: fresh start {fresh:.3f} s, resume of the {args.rounds}-round session {resume:.3f} s "
          f"({resume / fresh:.2f}x; target <= 2x); resume peak RSS {resume_peak:.1f} MB")


if __name__ == "__main__":
    main()
