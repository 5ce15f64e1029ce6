#!/usr/bin/env python3
"""Which classes Moka's common paths still load from outside the AOT cache (each one is parsed, verified and
linked at every start, where the cache hands it over ready).

Runs the real launcher (bin/moka, with its trained cache) with -Xlog:class+load on four paths against the
testkit's mock server: `exec` with no config.toml; `exec` in a git repository with AGENTS.md and a real
config.toml (profile, custom provider, [shell_environment_policy], a trusted project) where the model calls
exec_command and apply_patch; `exec resume --last --json` with a shell call; and the interactive UI on a
pseudo-terminal, from start to its composer (it has a cache of its own). Prints, per path, the
application classes loaded from moka.jar (target: near zero) and how many JDK classes came from the runtime
image instead of the cache, and how many classes were made at run time, which no JDK 25 cache holds.
The JavaScript engine's classes (moka-engine, GraalJS, Truffle, the polyglot API: a plug-in in cli/target/lib, off
the class path, which core loads with a class loader of its own when code mode runs) are counted on a line of their own, not as application classes: a code-mode model (the second path uses the default one) loads them on
purpose outside the cache, on a warm-up thread started once the first request is out, and the line says how
many of them loaded before the mock received that request (target: none; they belong off the request path).
Usage: bench/class_load_check.py [--all]   (--all lists the JDK's classes and the ones made at run time)
"""
import os
import pty
import select
import time
from collections import Counter
import subprocess
import sys
import tempfile

from benchlib import MOKA, ROOT, start_mock, stop_mock


# The JavaScript engine's packages, shipped in cli/target/lib; GraalJS shades ICU under org.graalvm.shadowed.
ENGINE_PACKAGES = ("dev.moka.engine.", "com.oracle.truffle.", "com.oracle.js.", "org.graalvm.")
ENGINE_JARS = os.path.join(ROOT, "cli", "target", "lib")


def mock(tmp, scenario):
    return start_mock("resource:" + scenario, os.path.join(tmp, "url-" + scenario), 120)


def arrivals(requests_file):
    """Epoch milliseconds at which the mock received each request so far."""
    with open(requests_file) as f:
        return [int(line) // 1_000_000 for line in f if line.strip()]


def loaded(log):
    """(classes from moka.jar, classes from the JDK's runtime image, classes made at run time, the engine's
    classes from its jars with the epoch millisecond each loaded at) in load order. The third are pattern-switch
    classes (SwitchBootstraps), method-handle forms, foreign-function stubs and annotation proxies: the JDK 25
    cache cannot hold them, so each start makes them again."""
    jar, jdk, made, engine = [], [], [], []
    with open(log) as f:
        for line in f:
            parts = line.split()
            if "source:" not in parts or "shared objects file" in line:
                continue
            # Each line starts with its [<epoch ms>ms] decoration.
            at, name, source = int(parts[0].strip("[]ms")), parts[1], parts[parts.index("source:") + 1]
            if ENGINE_JARS in source and name.startswith(ENGINE_PACKAGES):
                engine.append((name, at))
            elif source.endswith("moka.jar"):
                jar.append(name)
            elif source.startswith("jrt:/"):
                jdk.append(name)
            else:
                made.append(name.split("/0x")[0])
    return jar, jdk, made, engine


def run(label, tmp, cwd, env, args, show_jdk, requests_file):
    log = os.path.join(tmp, label.replace(" ", "-") + ".log")
    env = dict(env, MOKA_JAVA_OPTS=f"-Xlog:class+load=info:file={log}:timemillis")
    before = len(arrivals(requests_file))
    result = subprocess.run([MOKA, *args], cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    if result.returncode != 0:
        raise SystemExit(f"{label}: moka exited {result.returncode}: {result.stderr[-2000:]}")
    jar, jdk, made, engine = loaded(log)
    with open(log) as f:
        ui = [l.split()[1] for l in f if " dev.moka.cli.tui." in l or " org.commonmark." in l]
    print(f"{label}: {len(ui)} classes of the interactive UI or commonmark loaded (target: none)")
    kinds = Counter("pattern switch" if "$$TypeSwitch" in n else "method-handle form" if "LambdaForm$" in n
                    or "$Species_" in n else "foreign-function stub" if "DowncallStub" in n
                    else "proxy" if "$Proxy" in n else "other" for n in made)
    print(f"{label}: {len(jar)} application classes from moka.jar, {len(jdk)} JDK classes from outside the cache,"
          f" {len(made)} made at run time ({', '.join(f'{c} {k}' for k, c in kinds.most_common())})")
    if engine:
        first_request = arrivals(requests_file)[before]
        early = [name for name, at in engine if at < first_request]
        print(f"{label}: {len(engine)} classes of the JavaScript engine (GraalJS/Truffle) from its jars, not counted"
              f" above: code mode's warm-up loads them off the request path, {len(early)} of them before the first"
              f" request reached the mock (target: none)")
        for name in early:
            print(f"    early  {name}")
    for name in jar:
        print(f"    jar  {name}")
    for name in (jdk + made) if show_jdk else []:
        print(f"    jdk  {name}")
    return len(jar)


def run_ui(label, tmp, cwd, env):
    """The interactive UI on a pseudo-terminal, from start to a drawn composer, then Ctrl+D: which classes its
    path loads from moka.jar (it has a start-up cache of its own, trained with a UI session)."""
    log = os.path.join(tmp, "ui.log")
    env = dict(env, MOKA_JAVA_OPTS=f"-Xlog:class+load=info:file={log}:timemillis", TERM="xterm-256color")
    pid, fd = pty.fork()
    if pid == 0:
        os.chdir(cwd)
        os.execve(MOKA, [MOKA, "-m", "gpt-5.5"], env)
    screen, deadline = b"", time.time() + 60
    while b"Ask Moka" not in screen and time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                screen += os.read(fd, 65536)
            except OSError:
                break
    if b"Ask Moka" not in screen:
        os.kill(pid, 9)
        raise SystemExit(f"{label}: no composer within 60 s: {screen[-2000:]!r}")
    os.write(fd, b"\x04")
    while True:
        try:
            if not os.read(fd, 65536):
                break
        except OSError:
            break
    os.waitpid(pid, 0)
    jar, jdk, made, _ = loaded(log)
    print(f"{label}: {len(jar)} application classes from moka.jar, {len(jdk)} JDK classes from outside the cache,"
          f" {len(made)} made at run time")
    for name in jar:
        print(f"    jar  {name}")
    return len(jar)


def main():
    show_jdk = "--all" in sys.argv[1:]
    subprocess.run([MOKA, "--version"], check=True, stdout=subprocess.DEVNULL)
    base = {k: v for k, v in os.environ.items() if not k.startswith(("MOKA_", "OPENAI_"))}
    total = 0
    with tempfile.TemporaryDirectory(prefix="moka-class-check-") as tmp:
        server, url, requests_file = mock(tmp, "exec-command-round-trip.json")
        try:
            bare = os.path.join(tmp, "bare")
            os.makedirs(os.path.join(bare, "home"))
            os.makedirs(os.path.join(bare, "work", ".git"))
            total += run("exec, no config.toml", tmp, os.path.join(bare, "work"),
                         dict(base, MOKA_HOME=os.path.join(bare, "home"), OPENAI_API_KEY="check",
                              OPENAI_BASE_URL=url), ["exec", "-m", "gpt-5.5", "list the files"], show_jdk, requests_file)
        finally:
            stop_mock(server)
        server, url, requests_file = mock(tmp, "training.json")
        try:
            real = os.path.join(tmp, "real")
            subprocess.run(["bash", "-c", f". '{ROOT}/bin/lib/training.sh' && moka_training_workspace \"$0\" \"$1\"",
                            real, url], check=True)
            env = dict(base, MOKA_HOME=os.path.join(real, "home"), MOKA_TRAINING_KEY="check")
            work = os.path.join(real, "work")
            total += run("exec with config.toml, AGENTS.md, git, exec_command + apply_patch", tmp, work, env,
                         ["exec", "add notes to the repository"], show_jdk, requests_file)
            total += run("exec resume --last --json, shell call", tmp, work, env,
                         ["exec", "resume", "--last", "--json", "-m", "gpt-5.1", "again"], show_jdk, requests_file)
            total += run_ui("interactive UI, start to composer", tmp, work, env)
        finally:
            stop_mock(server)
    print(f"application classes loaded from the jar on these paths: {total} (target: near zero; the JavaScript"
          f" engine's are counted apart, above)")


if __name__ == "__main__":
    main()
