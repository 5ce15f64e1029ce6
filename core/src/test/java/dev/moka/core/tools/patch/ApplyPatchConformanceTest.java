package dev.moka.core.tools.patch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.tools.RecordingToolContext;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs Codex's end-to-end apply_patch scenarios (conformance/apply-patch): each input tree is copied
 * to a temporary folder, the patch is applied there through the tool, and the tree must equal the
 * scenario's expected tree byte for byte. Unlike Codex's runner this one also checks the outcome.
 */
class ApplyPatchConformanceTest {
    /** A copy of the peers' data kept in the repository, so a clone anywhere runs it (see its README). */
    private static final String FOLDER = "conformance/apply-patch";
    /** Scenarios whose patch must be rejected, leaving the tree as it was. */
    private static final Set<String> REJECTED = Set.of("005_rejects_empty_patch", "006_rejects_missing_context",
            "007_rejects_missing_file_delete", "008_rejects_empty_update_hunk",
            "009_requires_existing_file_for_update", "012_delete_directory_fails",
            "013_rejects_invalid_hunk_header");
    /** Codex leaves the first file of a failing patch written; all-or-nothing leaves the tree untouched. */
    private static final String PARTIAL_SUCCESS = "015_failure_after_partial_success_leaves_changes";

    @TestFactory
    Stream<DynamicTest> everyScenarioGivesTheExpectedTree() throws IOException {
        Path scenarios = locateScenarios();
        try (Stream<Path> dirs = Files.list(scenarios)) {
            var list = dirs.filter(Files::isDirectory).sorted().toList();
            assertThat(list).hasSizeGreaterThanOrEqualTo(23);
            return list.stream().map(dir -> DynamicTest.dynamicTest(dir.getFileName().toString(), () -> run(dir)));
        }
    }

    private static void run(Path scenario) throws IOException, InterruptedException {
        String name = scenario.getFileName().toString();
        Path work = Files.createTempDirectory("moka-conformance-");
        try {
            FileTrees.copy(scenario.resolve("input"), work);
            Map<String, String> input = FileTrees.read(work);
            String patch = Files.readString(scenario.resolve("patch.txt"), StandardCharsets.UTF_8);

            ToolResult result = new ApplyPatchTool(ApplyPatchTool.Form.FREEFORM)
                    .asTool().run(new ToolCall("call-" + name, ApplyPatchTool.NAME, patch), new RecordingToolContext(work));

            if (REJECTED.contains(name) || name.equals(PARTIAL_SUCCESS)) {
                assertThat(result.success()).as(result.forModel()).isFalse();
                assertThat(result.forModel()).contains("No file was changed");
                assertThat(FileTrees.read(work)).isEqualTo(input);
                if (name.equals(PARTIAL_SUCCESS)) {
                    assertThat(input).isEmpty();
                }
            } else {
                assertThat(result.success()).as(result.forModel()).isTrue();
                assertThat(FileTrees.read(work)).isEqualTo(FileTrees.read(scenario.resolve("expected")));
            }
        } finally {
            deleteTree(work);
        }
    }

    /** Walks up from the working directory to the repository folder that holds conformance/apply-patch. */
    static Path locateScenarios() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(FOLDER);
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException("no " + FOLDER + " folder above " + Path.of("").toAbsolutePath()
                + "; it belongs at the root of the repository");
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
