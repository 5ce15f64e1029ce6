#!/usr/bin/env python3
"""What the person's hooks cost per tool call, beyond the hook programs' own run time.

Each run starts `bin/moka exec` against the testkit mock: one response asks for CALLS `shell` calls of `true`,
the next one answers. It runs once with no hooks and once with 5 trivial PreToolUse and 5 trivial PostToolUse
hooks (each `cat >/dev/null`, trusted in [hooks.state]), RUNS times each, alternating. Reported:
  per call, no hooks / with hooks: the run's wall time over CALLS, median of the runs
  added per call:                  the difference
  hook programs' own time per call: 2 events x the wall time of starting 5 `$SHELL -lc "cat >/dev/null"` at
                                   once with the event's JSON on stdin and waiting for all, as Moka runs them,
                                   measured right before and after each pair of runs (median of 10 each)
  overhead:                        per run, added per call minus the hook programs' own time; the median of
                                   the runs (target < 15 ms)
Usage: bench/hooks_overhead.py [RUNS] [CALLS]   (default 5 runs of 40 calls; BENCH_SHELL: the hooks' shell,
/bin/sh by default)
"""
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from benchlib import MOKA, start_mock, stop_mock

HOOK = "cat >/dev/null"
HOOKS_PER_EVENT = 5
# Hooks run as `$SHELL -lc`. A login bash reads the profile (0.46 s on the machine these figures come from),
# which would drown what Moka adds, so the hooks run under /bin/sh unless BENCH_SHELL names another shell.
SHELL = os.environ.get("BENCH_SHELL") or "/bin/sh"


def scenario(calls):
    items = [{"type": "function_call", "id": f"fc_{i}", "status": "completed", "call_id": f"call_{i}",
              "name": "shell", "arguments": json.dumps({"command": ["true"]})} for i in range(calls)]
    first = [{"type": "response.created", "response": {"id": "resp_1", "status": "in_progress"}}]
    first += [{"type": "response.output_item.done", "output_index": i, "item": item} for i, item in enumerate(items)]
    first.append({"type": "response.completed", "response": {"id": "resp_1", "status": "completed", "output": items,
                                                             "usage": {"input_tokens": 10, "output_tokens": 10,
                                                                       "total_tokens": 20}}})
    message = {"type": "message", "id": "msg_1", "status": "completed", "role": "assistant",
               "content": [{"type": "output_text", "text": "done", "annotations": []}]}
    second = [{"type": "response.created", "response": {"id": "resp_2", "status": "in_progress"}},
              {"type": "response.output_item.done", "output_index": 0, "item": message},
              {"type": "response.completed", "response": {"id": "resp_2", "status": "completed", "output": [message],
                                                          "usage": {"input_tokens": 10, "output_tokens": 10,
                                                                    "total_tokens": 20}}}]
    for sse in (first, second):
        for n, event in enumerate(sse):
            event["sequence_number"] = n
    return [{"sse": first}, {"sse": second}]


def trust_hash(event, command):
    identity = {"event_name": event, "hooks": [{"async": False, "command": command, "timeout": 600,
                                                "type": "command"}], "matcher": "*"}
    return "sha256:" + hashlib.sha256(json.dumps(identity, sort_keys=True, separators=(",", ":"))
                                      .encode()).hexdigest()


def config(home, with_hooks):
    text = 'model = "gpt-5.1-codex"\napproval_policy = "never"\nsandbox_mode = "danger-full-access"\n'
    if with_hooks:
        state = ""
        for event, snake in (("PreToolUse", "pre_tool_use"), ("PostToolUse", "post_tool_use")):
            for group in range(HOOKS_PER_EVENT):
                # Each hook its own command, so that none is the same program run twice.
                command = f"{HOOK} # {snake} {group}"
                text += (f'\n[[hooks.{event}]]\nmatcher = "*"\n[[hooks.{event}.hooks]]\ntype = "command"\n'
                         f'command = "{command}"\n')
                state += (f'[hooks.state."{home}/config.toml:{snake}:{group}:0"]\n'
                          f'trusted_hash = "{trust_hash(snake, command)}"\n')
        text += "\n" + state
    with open(os.path.join(home, "config.toml"), "w") as f:
        f.write(text)


def one_run(tmp, index, calls, with_hooks, scenario_file):
    server, url, _ = start_mock(scenario_file, os.path.join(tmp, f"url{index}"), 300)
    home = os.path.join(tmp, f"home{index}")
    work = os.path.join(tmp, f"work{index}")
    os.makedirs(home)
    os.makedirs(os.path.join(work, ".git"))
    config(home, with_hooks)
    env = dict(os.environ, MOKA_HOME=home, OPENAI_API_KEY="bench", OPENAI_BASE_URL=url, SHELL=SHELL)
    try:
        start = time.perf_counter()
        proc = subprocess.run([MOKA, "exec", "run them"], cwd=work, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        wall = time.perf_counter() - start
        if proc.returncode != 0:
            raise SystemExit(f"run {index}: moka exited with {proc.returncode}: {proc.stderr}")
        if with_hooks and "untrusted" in proc.stderr:
            raise SystemExit("the bench's hooks were not trusted: " + proc.stderr)
        return wall / calls
    finally:
        stop_mock(server)


def hook_programs_time(samples):
    """The wall time of one event's hooks run by hand: 5 shells at once, each fed a PreToolUse input."""
    payload = json.dumps({"session_id": "bench", "hook_event_name": "PreToolUse", "tool_name": "Bash",
                          "tool_input": {"command": "true"}}).encode()
    times = []
    for _ in range(samples):
        start = time.perf_counter()
        procs = [subprocess.Popen([SHELL, "-lc", HOOK], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL) for _ in range(HOOKS_PER_EVENT)]
        for p in procs:
            p.communicate(payload)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    calls = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    subprocess.run([MOKA, "--version"], check=True, stdout=subprocess.DEVNULL)
    none, hooked, programs, overheads = [], [], [], []
    with tempfile.TemporaryDirectory() as tmp:
        scenario_file = os.path.join(tmp, "scenario.json")
        with open(scenario_file, "w") as f:
            json.dump(scenario(calls), f)
        for i in range(runs):
            # Measured beside each pair of runs, so that a machine busier at one moment than another
            # weighs on both sides of the subtraction alike.
            before = hook_programs_time(10)
            none.append(one_run(tmp, 2 * i, calls, False, scenario_file))
            hooked.append(one_run(tmp, 2 * i + 1, calls, True, scenario_file))
            programs.append(2 * statistics.median([before, hook_programs_time(10)]))
            overheads.append(hooked[-1] - none[-1] - programs[-1])
            print(f"run {i + 1}: per call {none[-1] * 1000:.1f} ms without hooks, {hooked[-1] * 1000:.1f} ms with "
                  f"{HOOKS_PER_EVENT}+{HOOKS_PER_EVENT} hooks; hook programs' own time {programs[-1] * 1000:.1f} ms; "
                  f"overhead {overheads[-1] * 1000:.1f} ms")
    print(f"median of {runs} runs of {calls} calls: per call {statistics.median(none) * 1000:.1f} ms without hooks, "
          f"{statistics.median(hooked) * 1000:.1f} ms with; hook programs' own time per call (2 events x "
          f"{HOOKS_PER_EVENT} concurrent `{SHELL} -lc`) {statistics.median(programs) * 1000:.1f} ms")
    print(f"overhead beyond the hook programs: {statistics.median(overheads) * 1000:.1f} ms per call, median of the "
          f"runs (target < 15 ms)")


if __name__ == "__main__":
    main()
