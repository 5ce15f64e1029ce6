#!/usr/bin/env python3
"""What reading a real config.toml costs a fresh JVM, per TOML library, with each one trained into its own AOT cache.

For each option, bench/TomlOptions.java runs in a new JVM with Moka's flags (bin/moka's) and an AOT cache
trained by one run of that same option, then reads a Codex-style config.toml (profiles, providers, projects,
[shell_environment_policy], MCP servers, comments). Option `none` only does what every Moka start does
anyway (a Jackson mapper and a little JSON); `tomlj, untrained` is today's launcher: tomlj on the class path
but a cache trained without a config file. Runs alternate between options. Printed per option: medians of
wall time, CPU time (user + system) and peak RSS of the whole process, the parse time measured inside the
JVM, and wall/CPU added over `none`.
Usage: bench/toml_options.py [RUNS]   (default 15; resolves the libraries from Maven Central on first use)
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time

from benchlib import ROOT, jdk_bin
# bin/moka's flags: a cache only works with the flags it was trained with.
JVM_FLAGS = ["-XX:+UseSerialGC", "-Xms16m", "-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=10",
             "-XX:-UsePerfData", "-Xss1m",
             "-XX:+UnlockDiagnosticVMOptions", "-XX:ArchiveRelocationMode=0"]
JACKSON = "3.2.4"
LIBRARIES = {
    "none": [],
    "tomlj": [("org.tomlj", "tomlj", "2.2.0")],
    "jackson": [("tools.jackson.dataformat", "jackson-dataformat-toml", JACKSON)],
    "nightconfig": [("com.electronwill.night-config", "toml", "3.8.3")],
    "toml4j": [("com.moandjiezana.toml", "toml4j", "0.7.2")],
}
# (label, library on the class path, option the cache was trained with, option measured)
VARIANTS = [
    ("none", "none", "none", "none"),
    ("tomlj, untrained", "tomlj", "none", "tomlj"),
    ("tomlj", "tomlj", "tomlj", "tomlj"),
    ("jackson-dataformat-toml", "jackson", "jackson", "jackson"),
    ("night-config", "nightconfig", "nightconfig", "nightconfig"),
    ("toml4j", "toml4j", "toml4j", "toml4j"),
]

CONFIG = '''# Codex and Moka read this file.
model = "gpt-5.1"
model_provider = "lab"
approval_policy = "on-request"
sandbox_mode = "workspace-write"
model_reasoning_effort = "medium"
profile = "work"
notify = ["notify-send", "Moka"]
hide_agent_reasoning = true

[profiles.work]
model = "gpt-5.1-codex"
model_reasoning_effort = "high"
approval_policy = "never"

[profiles.review]
model = "gpt-5.1"
sandbox_mode = "read-only"

[model_providers.lab]
name = "Lab proxy"
base_url = "http://127.0.0.1:8080/v1"
env_key = "LAB_API_KEY"
wire_api = "responses"
query_params = { api-version = "2025-04-01-preview" }
http_headers = { "x-team" = "tools" }
request_max_retries = 4
stream_idle_timeout_ms = 300000

[shell_environment_policy]
inherit = "core"
exclude = ["AWS_*", "*_PASSWORD"]
set = { CI = "1", LANG = "C.UTF-8" }

[sandbox_workspace_write]
writable_roots = ["/tmp/scratch", "/var/tmp/builds"]
network_access = false

[projects."/home/me/src/app"]
trust_level = "trusted"

[projects."/home/me/src/other"]
trust_level = "untrusted"

[history]
persistence = "save-all"
max_bytes = 1048576

[mcp_servers.docs]
command = "npx"
args = ["-y", "docs-mcp-server"]
env = { "DOCS_TOKEN" = "x" }

[tui]
notifications = true
'''


def maven():
    out = subprocess.run(["bash", "-c", f". '{ROOT}/bin/lib/maven.sh' && moka_require_maven && echo $MOKA_MVN"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(out.stderr.strip())
    return out.stdout.strip()


def classpath(scratch, name, artifacts, java_bin):
    """The class path of Jackson plus one library, resolved by Maven from a throwaway pom."""
    deps = [("tools.jackson.core", "jackson-databind", JACKSON)] + artifacts
    project = os.path.join(scratch, "pom-" + name)
    os.makedirs(project, exist_ok=True)
    xml = "".join(f"<dependency><groupId>{g}</groupId><artifactId>{a}</artifactId><version>{v}</version>"
                  f"</dependency>" for g, a, v in deps)
    with open(os.path.join(project, "pom.xml"), "w") as f:
        f.write('<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>'
                f'<groupId>bench</groupId><artifactId>{name}</artifactId><version>1</version>'
                f'<dependencies>{xml}</dependencies></project>')
    out_file = os.path.join(project, "cp.txt")
    env = dict(os.environ, JAVA_HOME=os.path.dirname(java_bin),
               MAVEN_OPTS=os.environ.get("MAVEN_OPTS", "") + " --sun-misc-unsafe-memory-access=allow")
    subprocess.run([maven(), "-q", "-B", "-f", os.path.join(project, "pom.xml"),
                    "org.apache.maven.plugins:maven-dependency-plugin:3.9.0:build-classpath",
                    f"-Dmdep.outputFile={out_file}"], check=True, env=env, stdout=subprocess.DEVNULL)
    with open(out_file) as f:
        return f.read().strip()


def train(java_bin, cp, cache, option, config):
    """One run that writes the AOT cache for this class path, as bin/moka's training run does."""
    subprocess.run([os.path.join(java_bin, "java"), *JVM_FLAGS, f"-XX:AOTCacheOutput={cache}", "-Xlog:aot=error",
                    "-Xlog:cds=error", "-cp", cp, "TomlOptions", option, config], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def measured(java_bin, cp, cache, option, config):
    """Wall, CPU, peak RSS and in-JVM parse milliseconds of one run, from wait4."""
    start = time.monotonic_ns()
    proc = subprocess.Popen([os.path.join(java_bin, "java"), *JVM_FLAGS, f"-XX:AOTCache={cache}",
                             "-Xlog:aot=off", "-Xlog:cds=off", "-cp", cp, "TomlOptions", option, config],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = proc.stdout.read().decode()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = (time.monotonic_ns() - start) / 1e9
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{option}: exit {os.waitstatus_to_exitcode(status)}")
    words = out.split()
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, float(words[-2])


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    java_bin = jdk_bin()
    with tempfile.TemporaryDirectory(prefix="moka-toml-bench-") as scratch:
        config = os.path.join(scratch, "config.toml")
        with open(config, "w") as f:
            f.write(CONFIG)
        paths = {name: classpath(scratch, name, arts, java_bin) for name, arts in LIBRARIES.items()}
        classes = os.path.join(scratch, "classes")
        union = ":".join(paths.values())
        subprocess.run([os.path.join(java_bin, "javac"), "-nowarn", "-d", classes, "-cp", union,
                        os.path.join(ROOT, "bench", "TomlOptions.java")], check=True)
        bench_jar = os.path.join(scratch, "toml-options.jar")  # the AOT cache takes classes from jars only
        subprocess.run([os.path.join(java_bin, "jar"), "--create", "--file", bench_jar, "-C", classes, "."],
                       check=True)
        setups = []
        for label, library, trained, option in VARIANTS:
            cp = bench_jar + ":" + paths[library]
            cache = os.path.join(scratch, f"{library}-{trained}.aot")
            if not os.path.exists(cache):
                train(java_bin, cp, cache, trained, config)
            setups.append((label, cp, cache, option))
        results = {label: [] for label, *_ in setups}
        for _ in range(runs):
            for label, cp, cache, option in setups:
                results[label].append(measured(java_bin, cp, cache, option, config))
    base = [statistics.median(r[k] for r in results["none"]) for k in range(2)]
    print(f"medians of {runs} alternating runs, {CONFIG.count(chr(10))}-line config.toml, JVM flags of bin/moka")
    print(f"{'option':26} {'wall ms':>8} {'CPU ms':>8} {'RSS MB':>7} {'parse ms':>9} {'+wall ms':>9} {'+CPU ms':>8}")
    for label, rows in results.items():
        wall, cpu, rss, parse = (statistics.median(r[k] for r in rows) for k in range(4))
        print(f"{label:26} {wall * 1000:8.1f} {cpu * 1000:8.1f} {rss:7.1f} {parse:9.1f} "
              f"{(wall - base[0]) * 1000:+9.1f} {(cpu - base[1]) * 1000:+8.1f}")


if __name__ == "__main__":
    main()
