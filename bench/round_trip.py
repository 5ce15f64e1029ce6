#!/usr/bin/env python3
"""Times Moka's tool round trip against the testkit mock server.

Each run starts `bin/moka exec -m gpt-5.5` on a fresh MOKA_HOME against a scripted server: the first response
asks for an `exec_command` call running `echo hello` (the shell tool of that model, run in the sandbox), the second
gives the final answer. Reported per run and as the median of all runs:
  first request: from spawning bin/moka to the server receiving the first request
  wall:          from spawning bin/moka to its exit
  peak RSS:      the largest resident set of the moka process (wait4's ru_maxrss)
Usage: bench/round_trip.py [RUNS]   (default 5; the launcher builds first if needed)
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

from benchlib import MOKA, ROOT, start_mock, stop_mock

SCENARIO = os.path.join(ROOT, "testkit", "src", "main", "resources", "dev", "moka", "testkit",
                        "exec-command-round-trip.json")


def one_run(tmp, index):
    server, url, requests_file = start_mock(SCENARIO, os.path.join(tmp, f"url{index}"), 300)
    home = os.path.join(tmp, f"home{index}")
    work = os.path.join(tmp, f"work{index}")
    os.makedirs(home)
    os.makedirs(os.path.join(work, ".git"))
    env = dict(os.environ, MOKA_HOME=home, OPENAI_API_KEY="bench", OPENAI_BASE_URL=url)
    try:
        start = time.time_ns()
        with open(os.path.join(tmp, f"out{index}"), "w+b") as out:
            proc = subprocess.Popen([MOKA, "exec", "-m", "gpt-5.5", "list the files"], cwd=work, env=env,
                                    stdout=out, stderr=subprocess.STDOUT)
            _, status, usage = os.wait4(proc.pid, 0)
            end = time.time_ns()
            out.seek(0)
            printed = out.read()
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"run {index}: moka exited with {os.waitstatus_to_exitcode(status)}: {printed[-800:]!r}")
        # The command ran (its output is shown) and the final answer came: a round trip, not an error reply.
        if b"hello" not in printed or b"done" not in printed:
            raise SystemExit(f"run {index}: no command output or final answer: {printed[-800:]!r}")
        with open(requests_file) as f:
            first = int(f.readline().strip())
        return (first - start) / 1e9, (end - start) / 1e9, usage.ru_maxrss / 1024
    finally:
        stop_mock(server)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    subprocess.run([MOKA, "--version"], check=True, stdout=subprocess.DEVNULL)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            first, wall, rss = one_run(tmp, i)
            results.append((first, wall, rss))
            print(f"run {i + 1}: first request {first:.3f} s, wall {wall:.3f} s, peak RSS {rss:.1f} MB")
    med = [statistics.median(r[k] for r in results) for k in range(3)]
    print(f"median of {runs}: first request {med[0]:.3f} s (target 0.30 s), wall {med[1]:.3f} s, "
          f"peak RSS {med[2]:.1f} MB (target 100 MB)")


if __name__ == "__main__":
    main()
