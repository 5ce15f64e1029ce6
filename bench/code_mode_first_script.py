#!/usr/bin/env python3
"""The first code-mode script of a real `moka exec` process, as a person meets it.

Each run starts `bin/moka exec` (model gpt-6.1-sol, which the catalog puts in code mode) on a fresh MOKA_HOME
against the testkit mock. The mock accepts the first request at once (`response.created`) and then takes
THINKING milliseconds before it sends the call `exec` with `text('hi');`, as a real model takes a while to
write a script; the second response is the final answer. Moka warms its JavaScript engine up from the first
event of that first response on, so what is measured is how much of the warm-up the model's time hides:
  script to answer: the server's time from sending the call to receiving the request that carries its
                    output: the script plus Moka's own turnaround
  header:           the `Wall time` line Moka wrote for the model (0.1 s resolution)
Usage: bench/code_mode_first_script.py [RUNS] [THINKING_MS ...]   (default 5 runs; 0 500 1000 2000 ms)
"""
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from benchlib import MOKA, start_mock, stop_mock

USAGE = {"input_tokens": 100, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 5,
         "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 105}


def response(rid, item):
    return [{"type": "response.created", "response": {"id": rid, "object": "response", "status": "in_progress"}},
            {"type": "response.output_item.done", "output_index": 0, "item": item},
            {"type": "response.completed", "response": {"id": rid, "object": "response", "status": "completed",
                                                        "output": [item], "usage": USAGE}}]


def scenario(thinking_ms):
    call = {"type": "custom_tool_call", "id": "ctc_1", "status": "completed", "call_id": "call_1",
            "namespace": "functions", "name": "exec", "input": "text('hi');"}
    answer = {"type": "message", "id": "msg_1", "status": "completed", "role": "assistant",
              "content": [{"type": "output_text", "text": "done", "annotations": []}]}
    return [{"sse": response("resp_1", call), "stall_after": 1, "stall_ms": thinking_ms},
            {"sse": response("resp_2", answer)}]


def one_run(tmp, name, thinking_ms):
    scenario_file = os.path.join(tmp, f"{name}.json")
    with open(scenario_file, "w") as f:
        json.dump(scenario(thinking_ms), f)
    server, url, requests_file = start_mock(scenario_file, os.path.join(tmp, f"{name}.url"), 300)
    home = os.path.join(tmp, f"{name}-home")
    work = os.path.join(tmp, f"{name}-work")
    os.makedirs(home)
    os.makedirs(os.path.join(work, ".git"))
    with open(os.path.join(home, "config.toml"), "w") as f:
        f.write('model = "gpt-6.1-sol"\n')
    env = dict(os.environ, MOKA_HOME=home, OPENAI_API_KEY="bench", OPENAI_BASE_URL=url)
    try:
        proc = subprocess.run([MOKA, "exec", "--json", "say hi from a script"], cwd=work, env=env,
                              capture_output=True, text=True, timeout=120)
        if proc.returncode != 0:
            raise SystemExit(f"{name}: moka exited with {proc.returncode}: {proc.stderr.strip()[-400:]}")
        with open(requests_file) as f:
            times = [int(line.split()[0]) for line in f if line.strip()]
        if len(times) < 2:
            raise SystemExit(f"{name}: the script's output never reached the server")
        # The call is sent thinking_ms after the first request arrived (plus a few ms of streaming).
        gap_ms = (times[1] - times[0]) / 1e6 - thinking_ms
        header = "?"
        sessions = os.path.join(home, "sessions")
        for root, _, files in os.walk(sessions):
            for file in files:
                with open(os.path.join(root, file)) as f:
                    found = re.search(r"Wall time [0-9.]+ seconds", f.read())
                    header = found.group(0) if found else header
        return gap_ms, header
    finally:
        stop_mock(server)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    thinkings = [int(a) for a in sys.argv[2:]] or [0, 500, 1000, 2000]
    subprocess.run([MOKA, "--version"], check=True, stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as tmp:
        for thinking in thinkings:
            gaps, headers = [], []
            for i in range(runs):
                gap, header = one_run(tmp, f"t{thinking}-{i}", thinking)
                gaps.append(gap)
                headers.append(header.replace("Wall time ", "").replace(" seconds", " s"))
            print(f"model writes the script in {thinking:>4} ms: script to answer median {statistics.median(gaps):6.0f} ms "
                  f"(min {min(gaps):.0f}, max {max(gaps):.0f}); Moka's wall-time headers: {', '.join(headers)}")
    print("target: a trivial first script under 100 ms (Codex 0.169 reports 0.0 s)")


if __name__ == "__main__":
    main()
