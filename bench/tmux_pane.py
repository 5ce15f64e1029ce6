"""A program on a real terminal: a tmux pane on a tmux server of the benchmark's own (its own socket, so no one
else's sessions are touched), read with capture-pane, with the CPU time of the program's whole process tree."""
import os
import subprocess
import time

TICKS = os.sysconf("SC_CLK_TCK")


class TmuxServer:
    """One tmux server for a benchmark, started with a placeholder session so that a pane's start does not
    include the server's."""

    def __init__(self, name):
        self.socket = f"moka-bench-{name}-{os.getpid()}"
        self.tmux("new-session", "-d", "-s", "placeholder", "-x", "100", "-y", "40", "sleep 3600")
        # A program that ends early leaves its last screen to read.
        self.tmux("set-option", "-g", "remain-on-exit", "on")

    def tmux(self, *args):
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True,
                              text=True).stdout

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


class Pane:
    """`command` in a new 100x40 tmux window, with exactly `env` as its environment (env -i) and `cwd`."""

    def __init__(self, server, name, command, cwd, env):
        self.server = server
        self.name = name
        wrapped = ["env", "-i", *(f"{k}={v}" for k, v in env.items()), *command]
        self.start = time.time_ns()
        server.tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "40", "-c", cwd,
                    " ".join(quote(a) for a in wrapped))
        self.pid = int(server.tmux("display-message", "-p", "-t", name, "#{pane_pid}").strip())

    def screen(self):
        return self.server.tmux("capture-pane", "-p", "-t", self.name)

    def wait_for(self, needle, deadline_s=60):
        """Epoch nanoseconds when `needle` was first seen on the screen (polled every 10 ms)."""
        end = time.time() + deadline_s
        while True:
            now = time.time_ns()
            shown = self.screen()
            if needle in shown:
                return now
            if time.time() > end:
                raise SystemExit(f"{self.name}: waited {deadline_s} s for {needle!r}; the screen:\n{shown}")
            time.sleep(0.01)

    def keys(self, *keys):
        self.server.tmux("send-keys", "-t", self.name, *keys)

    def cpu_s(self):
        """User + system CPU seconds of the pane's process and all its descendants, living or waited for."""
        return sum(process_cpu(pid) for pid in tree(self.pid))

    def rss_mb(self):
        return sum(resident_mb(pid) for pid in tree(self.pid))

    def kill(self):
        subprocess.run(["tmux", "-L", self.server.socket, "kill-session", "-t", self.name], capture_output=True)


def quote(arg):
    return "'" + arg.replace("'", "'\\''") + "'"


def tree(pid):
    pids, todo = [], [pid]
    while todo:
        p = todo.pop()
        pids.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    todo += [int(c) for c in f.read().split()]
        except OSError:
            pass
    return pids


def process_cpu(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / TICKS


def resident_mb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0
