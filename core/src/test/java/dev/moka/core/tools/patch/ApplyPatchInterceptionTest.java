package dev.moka.core.tools.patch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which shell calls are really apply_patch calls, and the patch each one carries. */
class ApplyPatchInterceptionTest {
    private static final String PATCH = "*** Begin Patch\n*** Add File: a.txt\n+a\n*** End Patch\n";

    @Test
    void recognisesTheProgramCalledDirectly() {
        assertThat(ApplyPatchInterception.extract(List.of("apply_patch", PATCH))).contains(PATCH);
        assertThat(ApplyPatchInterception.extract(List.of("applypatch", PATCH))).contains(PATCH);
    }

    @Test
    void recognisesAQuotedHeredocUnderBashLc() {
        String script = "apply_patch <<'EOF'\n" + PATCH + "EOF\n";

        assertThat(ApplyPatchInterception.extract(List.of("bash", "-lc", script))).contains(PATCH);
    }

    @Test
    void recognisesOtherShellsFlagsAndDelimiters() {
        assertThat(ApplyPatchInterception.extract(
                List.of("/bin/sh", "-c", "applypatch <<\"PATCH\"\n" + PATCH + "PATCH"))).contains(PATCH);
        assertThat(ApplyPatchInterception.extract(List.of("zsh", "-lc", "apply_patch << END\n" + PATCH + "END\n")))
                .contains(PATCH);
        assertThat(ApplyPatchInterception.extract(List.of("/usr/bin/bash", "-c", "  apply_patch <<EOF\n" + PATCH
                + "EOF  \n\n"))).contains(PATCH);
    }

    @Test
    void aDashHeredocDropsLeadingTabs() {
        String script = "apply_patch <<-'EOF'\n\t*** Begin Patch\n\t*** Delete File: a.txt\n\t*** End Patch\n\tEOF\n";

        assertThat(ApplyPatchInterception.extract(List.of("bash", "-lc", script)))
                .contains("*** Begin Patch\n*** Delete File: a.txt\n*** End Patch\n");
    }

    @Test
    void keepsLinesThatOnlyLookLikeTheDelimiter() {
        String body = "*** Begin Patch\n*** Add File: a.txt\n+EOF is not the end\n+ EOF\n*** End Patch\n";

        assertThat(ApplyPatchInterception.extract(List.of("bash", "-lc", "apply_patch <<'EOF'\n" + body + "EOF")))
                .contains(body);
    }

    @Test
    void ignoresOrdinaryCommands() {
        assertThat(ApplyPatchInterception.extract(List.of("ls", "-la"))).isEmpty();
        assertThat(ApplyPatchInterception.extract(List.of("apply_patch"))).isEmpty();
        assertThat(ApplyPatchInterception.extract(List.of("apply_patch", "a", "b"))).isEmpty();
        assertThat(ApplyPatchInterception.extract(List.of("bash", "-lc", "echo apply_patch"))).isEmpty();
        assertThat(ApplyPatchInterception.extract(List.of("python3", "-c", "apply_patch <<'EOF'\nx\nEOF"))).isEmpty();
        assertThat(ApplyPatchInterception.extract(List.of("bash", "-x", "apply_patch <<'EOF'\nx\nEOF"))).isEmpty();
    }

    @Test
    void ignoresScriptsThatDoMoreThanThePatch() {
        assertThat(ApplyPatchInterception.extract(List.of("bash", "-lc",
                "apply_patch <<'EOF'\n" + PATCH + "EOF\nrm -rf build\n"))).isEmpty();
        assertThat(ApplyPatchInterception.extract(List.of("bash", "-lc",
                "cd sub && apply_patch <<'EOF'\n" + PATCH + "EOF\n"))).isEmpty();
        assertThat(ApplyPatchInterception.extract(List.of("bash", "-lc", "apply_patch <<'EOF' > log\n" + PATCH
                + "EOF\n"))).isEmpty();
    }

    @Test
    void ignoresAHeredocThatNeverEnds() {
        assertThat(ApplyPatchInterception.extract(List.of("bash", "-lc", "apply_patch <<'EOF'\n" + PATCH))).isEmpty();
    }
}
