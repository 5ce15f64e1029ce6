#!/usr/bin/env python3
"""Compares JVM options (or environment settings) on Moka's exec round trip, variant after variant in turn,
so a busy machine weighs on each alike. Each variant is a string of MOKA_JAVA_OPTS, with NAME=VALUE words
set in the environment instead; "" is the launcher as it is. Each run is `bin/moka exec` on a fresh MOKA_HOME
and git repository against the testkit mock (an exec_command round trip, the gpt-5.5 model).
Printed per variant: medians of first request, wall, CPU (user + system of moka and what it waited for) and
peak RSS.
Usage: bench/jvm_options.py [--runs N] -- VARIANT...
  e.g. bench/jvm_options.py -- "" "-XX:TieredStopAtLevel=0" "MALLOC_ARENA_MAX=2"
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

from benchlib import MOKA, ROOT, start_mock, stop_mock

ROUND_TRIP = os.path.join(ROOT, "testkit", "src", "main", "resources", "dev", "moka", "testkit",
                          "exec-command-round-trip.json")


def environment(variant, home, url):
    env = dict(os.environ, MOKA_HOME=home, OPENAI_API_KEY="bench", OPENAI_BASE_URL=url)
    options = []
    for word in variant.split():
        if "=" in word and not word.startswith("-"):
            name, value = word.split("=", 1)
            env[name] = value
        else:
            options.append(word)
    env["MOKA_JAVA_OPTS"] = " ".join(options)
    return env


def one_run(tmp, variant, index, url, requests_file):
    home, work = os.path.join(tmp, f"home{index}"), os.path.join(tmp, f"work{index}")
    os.makedirs(home)
    os.makedirs(os.path.join(work, ".git"))
    before = len(open(requests_file).read().split())
    start = time.time_ns()
    proc = subprocess.Popen([MOKA, "exec", "-m", "gpt-5.5", "list the files"], cwd=work,
                            env=environment(variant, home, url), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    end = time.time_ns()
    arrivals = [int(t) for t in open(requests_file).read().split()][before:]
    if os.waitstatus_to_exitcode(status) != 0 or len(arrivals) != 2:
        raise SystemExit(f"{variant!r}: exit {os.waitstatus_to_exitcode(status)}, {len(arrivals)} requests; "
                         f"{err[-1500:]!r}")
    return ((arrivals[0] - start) / 1e9, (end - start) / 1e9, usage.ru_utime + usage.ru_stime,
            usage.ru_maxrss / 1024)


def main():
    parser = argparse.ArgumentParser(description="JVM options side by side on the exec round trip.")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("variants", nargs="+")
    args = parser.parse_args()
    subprocess.run([MOKA, "--version"], check=True, stdout=subprocess.DEVNULL)
    with open(ROUND_TRIP) as f:
        round_trip = json.load(f)
    results = {v: [] for v in args.variants}
    with tempfile.TemporaryDirectory() as tmp:
        scenario = os.path.join(tmp, "scenario.json")
        with open(scenario, "w") as f:
            json.dump(round_trip * ((args.runs + 1) * len(args.variants)), f)
        server, url, requests_file = start_mock(scenario, os.path.join(tmp, "url"), 3600)
        try:
            index = 0
            for run in range(args.runs + 1):
                for variant in args.variants:
                    index += 1
                    figures = one_run(tmp, variant, index, url, requests_file)
                    if run > 0:
                        results[variant].append(figures)
        finally:
            stop_mock(server)
    print(f"medians of {args.runs} runs after one warm-up, variants in turn")
    print(f"{'variant':44} {'first request':>13} {'wall':>8} {'CPU':>8} {'peak RSS':>9}")
    for variant, rows in results.items():
        first, wall, cpu, rss = (statistics.median(r[k] for r in rows) for k in range(4))
        print(f"{(variant or '(as launched)')[:44]:44} {first:11.3f} s {wall:6.3f} s {cpu:6.3f} s {rss:6.1f} MB")


if __name__ == "__main__":
    main()
