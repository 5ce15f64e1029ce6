#!/usr/bin/env python3
"""Times the interactive UI: the real bin/moka in a pseudo-terminal (80x40) against a local Responses server.

  ready:      from spawning bin/moka to the composer drawn on the screen (its placeholder text)
  to request: from writing Enter into the terminal to the server reading the request (the first turn's, and
              the second turn's, when the classes a turn needs are loaded)
  render CPU: user+system CPU of the moka process (/proc/PID/stat, JIT and GC threads included) from Enter
              to the last line on screen, for a 5,000-line answer that streams in as 10,000 deltas, in bursts
              of 20 every 2 ms, so the UI draws hundreds of frames while one long fenced code block is open

The server is a small paced SSE server here rather than the testkit's MockServerMain, which sends a scripted
stream as fast as the socket takes it: an answer that arrives at once is drawn in a frame or two and would
hide what each frame costs. Request arrival is timed the same way (epoch nanoseconds when the request is read).
With --think SECONDS the first prompt is typed that long after the composer is drawn, as a person would
(they read the screen first); by default it is typed at once, the worst case for what the UI does in the
background once the composer is ready.
Usage: bench/tui_bench.py [RUNS] [--think SECONDS]   (default 3 runs, no pause; the launcher builds first if needed)
"""
import fcntl
import json
import os
import pty
import re
import select
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from benchlib import MOKA

LINES = 5000
BURST = 20
BURST_GAP_S = 0.002
COMPOSER = "Ask Moka to do anything"
LAST_LINE = "That is the whole file."
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")
TICKS = os.sysconf("SC_CLK_TCK")


def answer_deltas():
    """The long answer: a short paragraph, one fenced Java block of LINES lines, a closing line."""
    deltas = ["Here is the generated file:\n\n", "```java\n"]
    for i in range(LINES):
        deltas.append(f"    static int value{i}(int x) {{ return x * {i} + ")
        deltas.append(f"\"{i}\".length(); }} // line {i}\n")
    deltas += ["```\n\n", LAST_LINE]
    return deltas


def events(number, deltas):
    item_id = f"msg_{number}"
    text = "".join(deltas)
    part = {"type": "output_text", "text": "", "annotations": []}
    item = {"type": "message", "id": item_id, "status": "completed", "role": "assistant",
            "content": [dict(part, text=text)]}
    head = [{"type": "response.created", "response": {"id": f"resp_{number}", "object": "response",
                                                      "status": "in_progress"}},
            {"type": "response.output_item.added", "output_index": 0,
             "item": dict(item, status="in_progress", content=[])},
            {"type": "response.content_part.added", "item_id": item_id, "output_index": 0, "content_index": 0,
             "part": part}]
    body = [{"type": "response.output_text.delta", "item_id": item_id, "output_index": 0, "content_index": 0,
             "delta": d} for d in deltas]
    tail = [{"type": "response.output_text.done", "item_id": item_id, "output_index": 0, "content_index": 0,
             "text": text},
            {"type": "response.output_item.done", "output_index": 0, "item": item},
            {"type": "response.completed", "response": {"id": f"resp_{number}", "object": "response",
                                                         "status": "completed", "output": [item]}}]
    return head, body, tail


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), Handler)
        self.arrivals = []
        self.replies = [answer_deltas_short(), answer_deltas()]


def answer_deltas_short():
    return ["Ready."]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        self.send_response(404)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self):
        self.server.arrivals.append(time.time_ns())
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        number = len(self.server.arrivals)
        deltas = self.server.replies[min(number, len(self.server.replies)) - 1]
        head, body, tail = events(number, deltas)
        try:
            self.stream(head, body, tail)
        except (BrokenPipeError, ConnectionResetError):
            pass  # moka hung up once it had read response.completed

    def stream(self, head, body, tail):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        self.send(head)
        for i in range(0, len(body), BURST):
            self.send(body[i:i + BURST])
            if len(body) > BURST:
                time.sleep(BURST_GAP_S)
        self.send(tail)
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def send(self, batch):
        data = "".join(f"event: {e['type']}\ndata: {json.dumps(e)}\n\n" for e in batch).encode()
        self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        self.wfile.flush()


class Pane:
    """bin/moka on a pseudo-terminal; the bytes it draws are collected with control sequences removed."""

    def __init__(self, cwd, env):
        self.start = time.time_ns()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 80, 0, 0))
            os.chdir(cwd)
            os.execve(MOKA, [MOKA], env)
        self.text = ""

    def wait_for(self, needle, since, deadline_s=60):
        end = time.time() + deadline_s
        while needle not in self.text[since:]:
            if time.time() > end:
                raise SystemExit(f"waited {deadline_s} s for {needle!r}; the screen so far:\n{self.text[-2000:]}")
            ready, _, _ = select.select([self.fd], [], [], 0.05)
            if ready:
                self.read()
        return time.time_ns()

    def read(self):
        try:
            self.text += ANSI.sub("", os.read(self.fd, 65536).decode("utf-8", "replace"))
        except OSError:
            raise SystemExit("moka ended early; the screen so far:\n" + self.text[-2000:])

    def cpu_s(self):
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS

    def close(self):
        os.write(self.fd, b"\x04")
        try:
            while True:
                ready, _, _ = select.select([self.fd], [], [], 5)
                if not ready or not os.read(self.fd, 65536):
                    break
        except OSError:
            pass
        os.waitpid(self.pid, 0)


def one_run(tmp, index, think):
    server = Server()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    home, work = os.path.join(tmp, f"home{index}"), os.path.join(tmp, f"work{index}")
    os.makedirs(home)
    os.makedirs(os.path.join(work, ".git"))
    # A project trusted already, as on every run after the first: the first-run question would stop the bench.
    with open(os.path.join(home, "config.toml"), "w") as f:
        # A classic model: with the default (code-mode) one, the JavaScript engine's warm-up after the first
        # answer (about a second of CPU, see bench/code_mode_bench.sh) would be counted as render CPU.
        f.write('model = "gpt-5.5"\n' + f'[projects."{os.path.realpath(work)}"]\ntrust_level = "trusted"\n')
    env = dict(os.environ, MOKA_HOME=home, OPENAI_API_KEY="bench", TERM="xterm-256color",
               OPENAI_BASE_URL=f"http://127.0.0.1:{server.server_address[1]}/v1")
    pane = Pane(work, env)
    try:
        ready = (pane.wait_for(COMPOSER, 0) - pane.start) / 1e9
        time.sleep(think)
        requests = []
        for prompt in ("hello", "write the file"):
            mark = len(pane.text)
            sent = time.time_ns()
            os.write(pane.fd, prompt.encode() + b"\r")
            cpu_before = pane.cpu_s()
            pane.wait_for("Ready." if prompt == "hello" else LAST_LINE, mark)
            requests.append((server.arrivals[len(requests)] - sent) / 1e6)
        cpu = pane.cpu_s() - cpu_before
        pane.close()
        return ready, requests[0], requests[1], cpu
    finally:
        server.shutdown()


def main():
    args = sys.argv[1:]
    think = 0.0
    if "--think" in args:
        at = args.index("--think")
        think = float(args[at + 1])
        del args[at:at + 2]
    runs = int(args[0]) if args else 3
    subprocess.run([MOKA, "--version"], check=True, stdout=subprocess.DEVNULL)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            r = one_run(tmp, i, think)
            results.append(r)
            print(f"run {i + 1}: ready {r[0]:.3f} s, Enter to request {r[1]:.1f} ms (first turn), "
                  f"{r[2]:.1f} ms (second), render CPU {r[3]:.2f} s")
    med = [statistics.median(r[k] for r in results) for k in range(4)]
    print(f"median of {runs}{f' (first prompt typed {think:g} s after ready)' if think else ''}: ready {med[0]:.3f} s (target 0.5 s), Enter to request {med[1]:.1f} ms first turn / "
          f"{med[2]:.1f} ms second (target 20 ms), render CPU for {LINES} lines {med[3]:.2f} s (target 1 s)")


if __name__ == "__main__":
    main()
