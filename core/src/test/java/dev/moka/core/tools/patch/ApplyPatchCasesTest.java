package dev.moka.core.tools.patch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.tools.RecordingToolContext;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The patch engine case by case: each entry is a tree of files, a patch, and the tree and model-facing
 * output that must follow. A failing patch must leave the tree exactly as it was.
 */
class ApplyPatchCasesTest {
    @TempDir
    Path dir;

    /** One case: {@code after} is null when the patch must fail; {@code says} is the summary or error parts. */
    record Case(String name, Map<String, String> before, String patch, Map<String, String> after, List<String> says) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Case ok(String name, Map<String, String> before, String patch, Map<String, String> after, String summary) {
        return new Case(name, before, patch, after, List.of(summary));
    }

    static Case fails(String name, Map<String, String> before, String patch, String... says) {
        return new Case(name, before, patch, null, List.of(says));
    }

    static String patch(String body) {
        return "*** Begin Patch\n" + body + "*** End Patch\n";
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("all")
    void appliesThePatchOrChangesNothing(Case c) throws Exception {
        FileTrees.write(dir, c.before());
        Map<String, String> before = FileTrees.read(dir);

        ToolResult result = new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM)
                .asTool().run(new ToolCall("call-1", ApplyPatchTool.NAME, c.patch()), new RecordingToolContext(dir));

        if (c.after() != null) {
            assertThat(result.success()).as(result.forModel()).isTrue();
            assertThat(FileTrees.read(dir)).isEqualTo(FileTrees.expected(c.after()));
            assertThat(result.forModel())
                    .isEqualTo("Success. Updated the following files:\n" + c.says().getFirst() + "\n");
        } else {
            assertThat(result.success()).isFalse();
            assertThat(FileTrees.read(dir)).isEqualTo(before);
            assertThat(result.forModel()).contains(c.says()).endsWith(PatchReport.NOTHING_CHANGED);
        }
    }

    static Stream<Case> all() {
        return Stream.of(ApplyPatchCasesData.adds(), ApplyPatchCasesData.deletes(), ApplyPatchCasesData.updates(),
                ApplyPatchCasesData.lineEnds(), ApplyPatchCasesData.lookAlikes(), ApplyPatchCasesData.moves(),
                ApplyPatchCasesData.failures(), ApplyPatchCasesData.grammar(), ApplyPatchCasesData.paths(),
                ApplyPatchCasesData.sequences()).flatMap(s -> s);
    }
}
