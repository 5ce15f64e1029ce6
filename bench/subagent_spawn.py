#!/usr/bin/env python3
"""What a child agent costs: the time from the parent's request to the child's first request, Moka beside Codex
0.169 on the same mock, and the memory each running child adds to Moka.

Spawn: the mock (testkit's MockServerMain; its `.agents` file tags each request with x-openai-subagent) answers
the parent's first request with one multi_agent_v1.spawn_agent call (gpt-5.5, a custom provider, approval never)
and every later request with a short answer held for 1 s (a fresh mock per run). Printed per agent: the medians of parent's first request -> child's
first request, and of the child's first request -> the parent's request carrying the spawn output.
Memory: Moka alone, a parent that spawns K children whose requests the mock holds for 3 s (so all K are open
at once), K = 0 and K = 4; printed: peak RSS of each and (RSS(4) - RSS(0)) / 4.
Usage: bench/subagent_spawn.py [--runs N] [--install-codex] [--codex PATH] [--scratch DIR]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import time

from benchlib import MOKA, start_mock, stop_mock

CODEX_PACKAGE = "@openai/codex@0.169.0"
CONFIG = '''model = "gpt-5.5"
model_provider = "mock"
approval_policy = "never"
sandbox_mode = "workspace-write"

[model_providers.mock]
name = "Mock"
base_url = "{url}"
env_key = "MOCK_API_KEY"
wire_api = "responses"
'''


def response(rid, items, stall_ms=0):
    events = [{"type": "response.created", "response": {"id": rid, "object": "response", "status": "in_progress"}}]
    for index, item in enumerate(items):
        events.append({"type": "response.output_item.added", "output_index": index, "item": item})
        events.append({"type": "response.output_item.done", "output_index": index, "item": item})
    events.append({"type": "response.completed", "response": {
        "id": rid, "object": "response", "status": "completed", "output": items,
        "usage": {"input_tokens": 100, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 5,
                  "output_tokens_details": {"reasoning_tokens": 0}, "total_tokens": 105}}})
    entry = {"sse": events}
    if stall_ms:
        entry.update(stall_after=1, stall_ms=stall_ms)
    return entry


def spawn_call(n):
    return {"type": "function_call", "id": f"fc_spawn_{n}", "status": "completed", "call_id": f"spawn_{n}",
            "name": "spawn_agent", "namespace": "multi_agent_v1",
            "arguments": json.dumps({"message": f"Answer with the word done ({n})."})}


def answer(n):
    return {"type": "message", "id": f"msg_{n}", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": "done", "annotations": []}]}


def scenario(path, children, stall_ms, runs):
    replies = []
    for run in range(runs):
        replies.append(response(f"resp_{run}_spawn", [spawn_call(n) for n in range(children)]))
        # The children's first requests and the parent's next one, in whatever order they come; spares for
        # a Codex that sends one more request once a child it was not waiting for finishes.
        replies.extend(response(f"resp_{run}_{n}", [answer(n)], stall_ms) for n in range(children + 3))
    with open(path, "w") as f:
        json.dump(replies, f)


def tagged(agents_file):
    with open(agents_file) as f:
        return [(int(stamp), tag) for stamp, tag in (line.split() for line in f if line.strip())]


def codex_command(args):
    if args.install_codex:
        prefix = os.path.join(args.scratch, "codex")
        os.makedirs(prefix, exist_ok=True)
        subprocess.run(["npm", "install", "--prefix", prefix, "--no-audit", "--no-fund", "--loglevel=error",
                        CODEX_PACKAGE], check=True)
    for candidate in [args.codex, os.path.join(args.scratch, "codex", "node_modules", ".bin", "codex"),
                      shutil.which("codex")]:
        if candidate and os.path.exists(candidate):
            return os.path.abspath(candidate)
    return None


def run_once(agent, command_for, url, run_dir, settle):
    shutil.rmtree(run_dir, ignore_errors=True)
    home, work = os.path.join(run_dir, "home"), os.path.join(run_dir, "work")
    os.makedirs(home)
    os.makedirs(work)
    subprocess.run(["git", "init", "-q", work], check=True)
    agent_home = os.path.join(home, ".codex" if agent == "codex" else ".moka")
    os.makedirs(agent_home)
    with open(os.path.join(agent_home, "config.toml"), "w") as f:
        f.write(CONFIG.format(url=url))
    env = {"PATH": os.environ["PATH"], "HOME": home, "LANG": "C.UTF-8", "MOCK_API_KEY": "bench",
           "USER": os.environ.get("USER", "bench")}
    env["CODEX_HOME" if agent == "codex" else "MOKA_HOME"] = agent_home
    with open(os.path.join(run_dir, "out"), "wb") as out, open(os.path.join(run_dir, "err"), "wb") as err:
        proc = subprocess.Popen(command_for(agent), cwd=work, env=env, stdin=subprocess.DEVNULL, stdout=out,
                                stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
    time.sleep(settle)
    if os.waitstatus_to_exitcode(status) != 0:
        with open(os.path.join(run_dir, "err"), "rb") as f:
            raise SystemExit(f"{agent}: exit {os.waitstatus_to_exitcode(status)}: {f.read()[-1500:]!r}")
    return usage.ru_maxrss / 1024


def spawn_figures(args, codex):
    agents = ["moka"] + (["codex"] if codex else [])
    path = os.path.join(args.scratch, "spawn.json")
    # Answers held 1 s: the parent is still reading its next answer when the child's first request comes,
    # so neither agent exits before its child has asked.
    scenario(path, 1, 1000, 1)
    figures = {agent: ([], []) for agent in agents}
    for run in range(args.runs):
        for agent in agents:
            # A mock of its own per run: a run may leave spare replies the next one must not get.
            server, url, _ = start_mock(path, os.path.join(args.scratch, "mock-url"), 600)
            try:
                run_once(agent, lambda a: [codex, "exec", "-c", "features.plugins=false", "delegate it"]
                         if a == "codex" else [MOKA, "exec", "delegate it"], url,
                         os.path.join(args.scratch, agent), 0.5)
                seen = tagged(os.path.join(args.scratch, "mock-url.agents"))
            finally:
                stop_mock(server)
            parent = [stamp for stamp, tag in seen if tag == "-"]
            child = [stamp for stamp, tag in seen if tag != "-"]
            if len(parent) < 2 or not child:
                raise SystemExit(f"{agent}: expected two parent requests and a child's, saw {seen}")
            figures[agent][0].append((child[0] - parent[0]) / 1e6)
            figures[agent][1].append((parent[1] - child[0]) / 1e6)
    print("spawn: parent's request -> child's first request (ms, median; child's first -> parent's second)")
    for agent in agents:
        first, second = figures[agent]
        print(f"  {agent:6} {statistics.median(first):8.1f}   ({statistics.median(second):+.1f})")
    if codex:
        print(f"  moka/codex {statistics.median(figures['moka'][0]) / statistics.median(figures['codex'][0]):.2f}x")


def memory_figures(args):
    peaks = {}
    for children in (0, 4):
        path = os.path.join(args.scratch, f"memory{children}.json")
        scenario(path, children, 3000, 1)
        runs = []
        for _ in range(args.runs):
            server, url, _ = start_mock(path, os.path.join(args.scratch, f"mock-url{children}"), 600)
            try:
                runs.append(run_once("moka", lambda a: [MOKA, "exec", "delegate it"], url,
                                     os.path.join(args.scratch, f"mem{children}"), 0.2))
            finally:
                stop_mock(server)
        peaks[children] = statistics.median(runs)
    print(f"memory: peak RSS with 0 children {peaks[0]:.1f} MB, with 4 open at once {peaks[4]:.1f} MB: "
          f"{(peaks[4] - peaks[0]) / 4:.1f} MB per running child")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--install-codex", action="store_true")
    parser.add_argument("--codex")
    parser.add_argument("--scratch", default=os.path.expanduser("~/.cache/moka/subagent-bench"))
    args = parser.parse_args()
    os.makedirs(args.scratch, exist_ok=True)
    codex = codex_command(args)
    if codex is None:
        print("no Codex found (pass --install-codex or --codex PATH): Moka's figures only")
    spawn_figures(args, codex)
    memory_figures(args)


if __name__ == "__main__":
    main()
