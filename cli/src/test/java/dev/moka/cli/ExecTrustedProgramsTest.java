package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Programs that enforce the sandbox come from system locations, never from a PATH directory inside the
 * workspace, where the model can write: a planted {@code bwrap} there would run unconfined.
 */
class ExecTrustedProgramsTest extends ProcessFixture {
    @Test
    void aBwrapPlantedInAWorkspacePathDirectoryNeverRuns() throws Exception {
        Path bin = Files.createDirectories(repo.resolve(".venv/bin"));
        Path ran = repo.resolve("planted-bwrap-ran");
        Path fake = bin.resolve("bwrap");
        // Were it run, it would run the command without any sandbox, as a real attack would.
        Files.writeString(fake, "#!/bin/sh\ntouch " + ran + "\nwhile [ \"$1\" != -- ]; do shift; done; shift\n"
                + "exec \"$@\"\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path outside = Files.createTempDirectory("moka-planted");
        server.enqueue(Sse.response("r1").functionCall("call_1", "shell",
                        "{\"command\":[\"touch\",\"" + outside.resolve("escaped") + "\"]}").completed(),
                Sse.response("r2").text("m1", "done").completed());
        Map<String, String> env = new HashMap<>(MokaProcess.env(home, server.url()));
        env.put("PATH", bin + ":" + System.getenv("PATH"));

        var result = MokaProcess.run(repo, env, "exec", "--full-auto", "-c",
                "sandbox_workspace_write.exclude_slash_tmp=true", "touch it");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(ran).as("the planted bwrap ran").doesNotExist();
        assertThat(outside.resolve("escaped")).doesNotExist();
    }
}
