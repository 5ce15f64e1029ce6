package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.cli.commands.ExitCodes;
import dev.moka.protocol.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code moka doctor} on a healthy install and on a broken one, through the real process. */
class DoctorCommandTest extends ProcessFixture {
    @TempDir
    Path bin;

    @Test
    void aHealthyInstallHasNoFailure() throws Exception {
        Map<String, String> env = MokaProcess.env(home, server.url());

        var run = MokaProcess.run(repo, env, "doctor");
        var json = MokaProcess.run(repo, env, "doctor", "--json");

        assertThat(run.exitCode()).as(run.stdout() + run.stderr()).isZero();
        assertThat(run.stdout()).doesNotContain("FAIL").contains("ok    key", "ok    provider", "ok    sandbox",
                "ok    git", "ok    disk", "ok    mcp          no MCP servers configured");
        assertThat(run.stdout()).doesNotContain("sk-process-test-key");
        JsonNode report = Json.parse(json.stdout());
        assertThat(report.get("ok").asBoolean()).isTrue();
        assertThat(names(report)).contains("jdk", "start-up", "config", "key", "provider", "mcp", "sandbox", "git",
                "disk", "terminal");
    }

    @Test
    void aBrokenInstallSaysEachProblemWithItsFix() throws Exception {
        Files.writeString(home.resolve("config.toml"), """
                model = "gpt-5.1-codex"
                colour_theme = "dark"
                [mcp_servers.broken]
                command = "/bin/sh"
                args = ["-c", "exit 3"]
                """);
        // A PATH with git but without bubblewrap.
        Files.createSymbolicLink(bin.resolve("git"), Path.of(which("git")));
        Map<String, String> env = MokaProcess.envWithoutKey(home, server.url());
        env.put("PATH", bin.toString());

        var run = MokaProcess.run(repo, env, "doctor");
        var json = MokaProcess.run(repo, env, "doctor", "--json");

        assertThat(run.exitCode()).as(run.stdout() + run.stderr()).isEqualTo(ExitCodes.FAILED);
        String out = run.stdout();
        assertThat(out).contains("FAIL  key          openai:").contains("fix: export OPENAI_API_KEY=...");
        assertThat(out).contains("FAIL  mcp          broken:").contains("[mcp_servers.broken]");
        assertThat(out).contains("warn  config").contains("unknown key \"colour_theme\" ignored");
        assertThat(out).containsIgnoringCase("bubblewrap");
        assertThat(out).contains("ok    git");
        JsonNode report = Json.parse(json.stdout());
        assertThat(report.get("ok").asBoolean()).isFalse();
        List<String> failed = new ArrayList<>();
        report.get("checks").forEach(c -> {
            if (c.get("status").asString().equals("fail")) {
                failed.add(c.get("name").asString());
                assertThat(c.get("fix").asString()).isNotBlank();
            }
        });
        assertThat(failed).contains("key", "mcp");
    }

    private static List<String> names(JsonNode report) {
        List<String> names = new ArrayList<>();
        report.get("checks").forEach(c -> names.add(c.get("name").asString()));
        return names;
    }

    private static String which(String program) {
        for (String dir : System.getenv("PATH").split(":")) {
            Path candidate = Path.of(dir, program);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        throw new AssertionError(program + " is not on PATH; bin/test installs it");
    }
}
