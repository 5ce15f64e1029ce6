#!/usr/bin/env python3
"""Times `moka exec`'s first request with three stdio MCP servers configured, against none.

Each run starts `bin/moka exec` on a fresh MOKA_HOME against the testkit mock server and measures the time
from spawning bin/moka to the server receiving the first request. Runs alternate between the setups:
  none:    no MCP server
  prompt:  three servers that answer at once (bin/lib/prompt-mcp-server.sh, a few lines of bash), so the
           difference from `none` is what Moka itself adds: the SDK, three processes, their handshakes
  node:    three of Moka's node test servers (the npm MCP SDK), for the cost of a typical real server's start
           (only when bin/test has installed them, or MOKA_TEST_MCP_DIR points at them)
  none-mcp-cache: no MCP server, but a config.toml that names mcp_servers (in a comment), so bin/moka starts
           from the cache trained with one, as it does for `prompt` and `node`: the difference from `prompt` is
           the servers alone, the difference from `none` is what a person sees when adding them
The first request waits for the servers' tool lists (they are part of its prompt), so a slow server shows here.
For `prompt`, it also prints when the servers started and got their initialize and tools/list (the latest of the
three, medians, from the spawn of bin/moka; the servers write the times to their logs), which tells how much of
the difference is Moka before the servers start, and how much their handshakes.
Usage: bench/mcp_first_request.py [RUNS]   (default 21 per setup: on a shared machine fewer are noise; the
launcher builds first if needed)
"""
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

from benchlib import MOKA, ROOT, start_mock, stop_mock

SCENARIO = os.path.join(ROOT, "testkit", "src", "main", "resources", "dev", "moka", "testkit",
                        "tool-round-trip.json")

PROMPT_SERVER = os.path.join(ROOT, "bin", "lib", "prompt-mcp-server.sh")
NODE_SERVER = os.path.join(ROOT, "testkit", "src", "main", "resources", "dev", "moka", "testkit",
                           "moka-test-server.cjs")


def node_modules():
    out = subprocess.run(["bash", "-c", f". {ROOT}/bin/lib/test-tools.sh && moka_require_mcp_test_servers >&2"
                                        " && echo $MOKA_TEST_MCP_DIR"], capture_output=True, text=True)
    return os.path.join(out.stdout.strip(), "node_modules") if out.returncode == 0 else None


def config(setup, modules):
    lines = ['model = "gpt-5.1-codex"']
    if setup == "none-mcp-cache":
        # Names mcp_servers without configuring one: bin/moka then starts from the cache trained with MCP.
        lines.append("# mcp_servers: none")
    for i in range(0 if setup.startswith("none") else 3):
        lines.append(f"[mcp_servers.s{i}]")
        if setup == "prompt":
            lines.append(f'command = "{PROMPT_SERVER}"')
            lines.append('env = { PROMPT_SERVER_TIMES = "1" }')
        else:
            lines.append('command = "node"')
            lines.append(f'args = ["{NODE_SERVER}"]')
            lines.append(f'env = {{ NODE_PATH = "{modules}" }}')
    return "\n".join(lines) + "\n"


def server_times(home, start):
    """The latest time (seconds after `start`, epoch ns) at which the three prompt servers started, got initialize and
    got tools/list, from the lines they wrote to their logs."""
    latest = {}
    for i in range(3):
        with open(os.path.join(home, "log", f"mcp-s{i}.log")) as f:
            for line in f:
                found = re.search(r"at (\d+)[.,](\d{6}) (started|initialize|tools/list)", line)
                if found:
                    at = (int(found.group(1)) * 1_000_000 + int(found.group(2))) * 1000
                    latest[found.group(3)] = max(latest.get(found.group(3), 0), (at - start) / 1e9)
    return latest


def one_run(tmp, index, setup, modules):
    server, url, requests_file = start_mock(SCENARIO, os.path.join(tmp, f"url{index}"), 300)
    try:
        home = os.path.join(tmp, f"home{index}")
        work = os.path.join(tmp, f"work{index}")
        os.makedirs(home)
        os.makedirs(os.path.join(work, ".git"))
        with open(os.path.join(home, "config.toml"), "w") as f:
            f.write(config(setup, modules))
        env = dict(os.environ, MOKA_HOME=home, OPENAI_API_KEY="bench", OPENAI_BASE_URL=url)
        time.sleep(0.3)  # let the mock server's JVM settle: it shares the two cores
        start = time.time_ns()
        code = subprocess.run([MOKA, "exec", "--full-auto", "list the files"], cwd=work, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
        if code != 0:
            raise SystemExit(f"run {index} ({setup}): moka exited with {code}")
        with open(requests_file) as f:
            first = (int(f.readline().strip()) - start) / 1e9
        return first, server_times(home, start) if setup == "prompt" else {}
    finally:
        stop_mock(server)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 21
    subprocess.run([MOKA, "--version"], check=True, stdout=subprocess.DEVNULL)
    modules = node_modules()
    setups = ["none", "none-mcp-cache", "prompt"] + (["node"] if modules else [])
    results = {setup: [] for setup in setups}
    steps = {}
    with tempfile.TemporaryDirectory() as tmp:
        index = 0
        for i in range(runs + 1):
            for setup in setups:
                first, times = one_run(tmp, index, setup, modules)
                index += 1
                if i > 0:  # the first round warms the page cache and the launcher's checks
                    results[setup].append(first)
                    for step, at in times.items():
                        steps.setdefault(step, []).append(at)
                    print(f"run {i} {setup}: first request {first * 1000:.0f} ms", file=sys.stderr)
    none = statistics.median(results["none"])
    print(f"first request, median of {runs}: no MCP server {none * 1000:.0f} ms")
    same_cache = statistics.median(results["none-mcp-cache"])
    print(f"first request, median of {runs}: no MCP server, started from the MCP cache {same_cache * 1000:.0f} ms")
    for setup in setups[2:]:
        median = statistics.median(results[setup])
        print(f"first request, median of {runs}: 3 {setup} MCP servers {median * 1000:.0f} ms "
              f"(+{(median - none) * 1000:.0f} ms over none; +{(median - same_cache) * 1000:.0f} ms over none from the "
              f"same cache)" + (" (target: under +50 ms)" if setup == "prompt" else ""))
    at = {step: f"{statistics.median(times) * 1000:.0f} ms" for step, times in steps.items()}
    print(f"3 prompt MCP servers, medians of {runs} from the spawn of bin/moka (the latest of the three): started "
          f"at {at['started']}, got initialize at {at['initialize']}, tools/list at {at['tools/list']}; first "
          f"request at {statistics.median(results['prompt']) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
