#!/usr/bin/env python3
"""Times an ACP agent from `session/prompt` to the model server's first request, and measures its memory.

For each run it starts the testkit mock server (one text answer), starts the agent on a fresh home as an editor
would (JSON-RPC over its stdin and stdout, spoken here directly), sends initialize and session/new (timing spawn
-> session/new answered), then session/prompt, and takes the time from writing the prompt to the mock receiving a
request. Once the prompt is answered it reads the agent's RSS (the process and all its descendants, from /proc),
then closes the agent's stdin and times how long it takes to exit (at most 10 s; an agent still running then is
killed and reported).

Agents, one after the other in every round:
  moka:       bin/moka acp
  codex-acp:  Zed's Codex adapter (npm @zed-industries/codex-acp, its native binary), when installed: pass its
              directory with --codex-acp DIR (a directory with node_modules/.bin/codex-acp); it is pointed at the
              same mock through a custom model provider in its CODEX_HOME's config.toml, as the reference did.
Usage: bench/acp_first_request.py [RUNS] [--codex-acp DIR]   (default 11 runs per agent; the first round is
a warm-up and not counted)
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

from benchlib import MOKA, start_mock, stop_mock

ANSWER = '[{"answer": {"text": "Hello from the mock."}}]'


def rss_kb(pid):
    """RSS of pid and every descendant, in kB."""
    total = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            with open(f"/proc/{current}/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as f:
                    pending.extend(int(child) for child in f.read().split())
        except FileNotFoundError:
            pass
    return total


class Agent:
    def __init__(self, command, cwd, env):
        self.process = subprocess.Popen(command, cwd=cwd, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL)
        self.next_id = 0

    def send(self, message):
        self.process.stdin.write((json.dumps(message) + "\n").encode())
        self.process.stdin.flush()

    def call(self, method, params):
        """Sends a request, answers what the agent asks meanwhile (permissions: cancelled), returns the result."""
        self.next_id += 1
        wanted = self.next_id
        self.send({"jsonrpc": "2.0", "id": wanted, "method": method, "params": params})
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit(f"the agent closed its output while answering {method}")
            message = json.loads(line)
            if message.get("id") == wanted and "method" not in message:
                if "error" in message:
                    raise SystemExit(f"{method} failed: {message['error']}")
                return message["result"]
            if "method" in message and "id" in message:
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": {"outcome": {"outcome": "cancelled"}}})

    def close(self):
        started = time.time()
        self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
            return time.time() - started
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            return None


def setup(agent, tmp, index, url, codex_dir):
    home = os.path.join(tmp, f"home{index}")
    work = os.path.join(tmp, f"work{index}")
    os.makedirs(home)
    os.makedirs(os.path.join(work, ".git"))
    env = dict(os.environ)
    if agent == "moka":
        with open(os.path.join(home, "config.toml"), "w") as f:
            f.write('model = "gpt-5.1-codex"\n')
        env.update(MOKA_HOME=home, OPENAI_API_KEY="bench", OPENAI_BASE_URL=url)
        return [MOKA, "acp"], work, env
    with open(os.path.join(home, "config.toml"), "w") as f:
        f.write('model = "gpt-5.1-codex"\nmodel_provider = "mock"\napproval_policy = "on-request"\n'
                'sandbox_mode = "workspace-write"\n\n[model_providers.mock]\nname = "mock"\n'
                f'base_url = "{url}"\nwire_api = "responses"\nenv_key = "MOCK_API_KEY"\n')
    env.update(CODEX_HOME=home, MOCK_API_KEY="bench")
    return [os.path.join(codex_dir, "node_modules", ".bin", "codex-acp")], work, env


def one_run(agent, tmp, index, codex_dir):
    scenario = os.path.join(tmp, "answer.json")
    with open(scenario, "w") as f:
        f.write(ANSWER)
    server, url, requests_file = start_mock(scenario, os.path.join(tmp, f"url{index}"), 120)
    try:
        command, work, env = setup(agent, tmp, index, url, codex_dir)
        time.sleep(0.3)  # let the mock server's JVM settle: it shares the cores
        spawned = time.time_ns()
        process = Agent(command, tmp, env)
        process.call("initialize", {"protocolVersion": 1, "clientCapabilities": {
            "fs": {"readTextFile": False, "writeTextFile": False}, "terminal": False}})
        session = process.call("session/new", {"cwd": work, "mcpServers": []})
        start = time.time_ns()
        ready = (start - spawned) / 1e9
        stop = process.call("session/prompt", {"sessionId": session["sessionId"],
                                               "prompt": [{"type": "text", "text": "say hello"}]})
        rss = rss_kb(process.process.pid)
        exit_s = process.close()
        with open(requests_file) as f:
            arrivals = [int(line) for line in f if line.strip()]
        first = [t for t in arrivals if t >= start]
        if not first:
            raise SystemExit(f"run {index} ({agent}): no request reached the mock; stop reason {stop}")
        return (first[0] - start) / 1e9, rss, exit_s, stop.get("stopReason"), ready
    finally:
        stop_mock(server)


def main():
    args = sys.argv[1:]
    codex_dir = None
    if "--codex-acp" in args:
        at = args.index("--codex-acp")
        codex_dir = args[at + 1]
        del args[at:at + 2]
    runs = int(args[0]) if args else 11
    subprocess.run([MOKA, "--version"], check=True, stdout=subprocess.DEVNULL)
    agents = ["moka"] + (["codex-acp"] if codex_dir else [])
    results = {agent: [] for agent in agents}
    with tempfile.TemporaryDirectory() as tmp:
        index = 0
        for i in range(runs + 1):
            for agent in agents:
                result = one_run(agent, tmp, index, codex_dir)
                index += 1
                first, rss, exit_s, stop, ready = result
                print(f"run {i} {agent}: session ready {ready * 1000:.0f} ms, first request {first * 1000:.0f} ms, RSS {rss / 1024:.0f} MB, stop {stop}, "
                      f"exit after stdin closed: {'none in 10 s' if exit_s is None else f'{exit_s * 1000:.0f} ms'}",
                      file=sys.stderr)
                if i > 0:
                    results[agent].append(result)
    for agent in agents:
        rows = results[agent]
        exits = [r[2] for r in rows if r[2] is not None]
        print(f"{agent}: spawn -> session/new answered, median of {runs}: "
              f"{statistics.median(r[4] for r in rows) * 1000:.0f} ms; session/prompt -> first request: "
              f"{statistics.median(r[0] for r in rows) * 1000:.0f} ms; RSS after the turn, median: "
              f"{statistics.median(r[1] for r in rows) / 1024:.0f} MB; exit after stdin closed: "
              + (f"median {statistics.median(exits) * 1000:.0f} ms" if exits else "never (killed after 10 s)")
              + (f" ({len(rows) - len(exits)} of {runs} runs did not exit)" if exits and len(exits) < len(rows)
                 else ""))


if __name__ == "__main__":
    main()
