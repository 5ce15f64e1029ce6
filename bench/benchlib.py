"""What the Python benchmarks share: the JDK bin/moka would use, and the testkit's mock server."""
import os
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MOKA = os.path.join(ROOT, "bin", "moka")
TESTKIT = os.path.join(ROOT, "testkit", "target", "moka-testkit-all.jar")


def jdk_bin():
    """The bin directory of the JDK 25 that bin/lib/jdk.sh finds."""
    out = subprocess.run(["bash", "-c", f". '{ROOT}/bin/lib/jdk.sh' && moka_find_jdk && echo $MOKA_JAVA_HOME"],
                         capture_output=True, text=True, check=True)
    return os.path.join(out.stdout.strip(), "bin")


def start_mock(scenario, url_file, seconds):
    """Starts MockServerMain on a scenario (a file, or resource:NAME) for at most `seconds`; it also stops
    when its stdin is closed. Returns the process, the base URL and the file that gets one line (epoch
    nanoseconds) per request."""
    for stale in (url_file, url_file + ".requests"):
        if os.path.exists(stale):
            os.remove(stale)
    server = subprocess.Popen([os.path.join(jdk_bin(), "java"), "-cp", TESTKIT, "dev.moka.testkit.MockServerMain",
                               scenario, url_file, str(seconds)], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    for _ in range(400):
        if os.path.exists(url_file) and os.path.getsize(url_file) > 0:
            break
        time.sleep(0.05)
    else:
        server.kill()
        raise SystemExit(f"the mock server did not start ({scenario})")
    with open(url_file) as f:
        return server, f.read().strip(), url_file + ".requests"


def stop_mock(server):
    server.stdin.close()
    server.wait(timeout=10)
