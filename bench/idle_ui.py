#!/usr/bin/env python3
"""CPU an idle interactive UI uses: the real bin/moka in a tmux pane (100x40), a trusted project, a mock
provider (the testkit mock) that is never asked; once the composer is drawn and the start-up's own background work has had
SETTLE seconds, nobody touches it for SECONDS (default 60). Printed: the CPU seconds (user + system of the
JVM, every thread, and anything it started) in that window, and per 10 s, and the wakeups (context switches)
the process made in it.
Usage: bench/idle_ui.py [--seconds N] [--settle N]
"""
import argparse
import os
import subprocess
import tempfile
import time

from benchlib import MOKA, ROOT, start_mock, stop_mock
from tmux_pane import Pane, TmuxServer

COMPOSER = "Ask Moka to do anything"
SCENARIO = os.path.join(ROOT, "testkit", "src", "main", "resources", "dev", "moka", "testkit",
                        "exec-command-round-trip.json")


def switches(pid):
    """Voluntary + involuntary context switches of every thread of the process."""
    total = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/status") as f:
                total += sum(int(line.split()[1]) for line in f if "ctxt_switches" in line)
        except OSError:
            pass
    return total


def main():
    parser = argparse.ArgumentParser(description="CPU used by an idle interactive UI.")
    parser.add_argument("--seconds", type=int, default=60)
    parser.add_argument("--settle", type=float, default=5)
    args = parser.parse_args()
    subprocess.run([MOKA, "--version"], check=True, stdout=subprocess.DEVNULL)
    server = TmuxServer("idle")
    with tempfile.TemporaryDirectory(dir=os.path.expanduser("~")) as tmp:
        home, work = os.path.join(tmp, "home"), os.path.join(tmp, "work")
        os.makedirs(home)
        os.makedirs(work)
        subprocess.run(["git", "init", "-q", work], check=True)
        with open(os.path.join(home, "config.toml"), "w") as f:
            f.write('model = "gpt-5.5"\n' f'[projects."{os.path.realpath(work)}"]\ntrust_level = "trusted"\n')
        mock, url, requests_file = start_mock(SCENARIO, os.path.join(tmp, "url"), 600)
        env = {"PATH": os.environ["PATH"], "HOME": tmp, "LANG": "C.UTF-8", "TERM": "xterm-256color",
               "MOKA_HOME": home, "OPENAI_API_KEY": "bench", "OPENAI_BASE_URL": url}
        pane = Pane(server, "moka", [MOKA], work, env)
        try:
            ready = (pane.wait_for(COMPOSER) - pane.start) / 1e9
            time.sleep(args.settle)
            start_cpu, start_switches = pane.cpu_s(), switches(pane.pid)
            per_ten, last = [], start_cpu
            for _ in range(args.seconds // 10):
                time.sleep(10)
                now = pane.cpu_s()
                per_ten.append(now - last)
                last = now
            idle_cpu, idle_switches = last - start_cpu, switches(pane.pid) - start_switches
            if COMPOSER not in pane.screen():
                raise SystemExit("the composer went away while idle:\n" + pane.screen())
        finally:
            pane.kill()
            server.close()
            stop_mock(mock)
    print(f"UI ready in {ready:.3f} s; idle for {args.seconds // 10 * 10} s after {args.settle:g} s to settle:")
    print(f"CPU {idle_cpu:.2f} s (target 0), per 10 s: " + ", ".join(f"{c:.2f}" for c in per_ten)
          + f"; {idle_switches} context switches")


if __name__ == "__main__":
    main()
