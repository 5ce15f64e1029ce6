package dev.moka.core.context;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.config.ContextSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProjectDocsTest {
    @TempDir
    Path home;

    @TempDir
    Path repo;

    static ContextSettings limit(long bytes) {
        return new ContextSettings(bytes, List.of(), List.of(".git"), null, null, null, true, 0, List.of(), false);
    }

    @Test
    void theGlobalOverrideReplacesTheGlobalFile() throws Exception {
        Files.writeString(home.resolve("AGENTS.md"), "plain");
        Files.writeString(home.resolve("AGENTS.override.md"), "override");
        ProjectDocs.Found found = ProjectDocs.find(home, repo, ContextSettings.DEFAULTS);
        assertThat(found.parts()).extracting(ProjectDocs.Part::text).containsExactly("override");
    }

    @Test
    void projectDocsAreCutAtTheByteLimitWithoutSplittingACharacterAndWithAWarning() throws Exception {
        Files.createDirectories(repo.resolve(".git"));
        Files.writeString(repo.resolve("AGENTS.md"), "ab" + "é".repeat(10));
        ProjectDocs.Found found = ProjectDocs.find(null, repo, limit(5));
        assertThat(found.parts()).extracting(ProjectDocs.Part::text).containsExactly("abé");
        assertThat(found.warnings()).singleElement().asString().contains("project_doc_max_bytes").contains("cut");
    }

    @Test
    void aDocBeyondTheBudgetIsLeftOutWithAWarningAndZeroDisablesProjectDocs() throws Exception {
        Files.createDirectories(repo.resolve(".git"));
        Path sub = Files.createDirectories(repo.resolve("sub"));
        Files.writeString(repo.resolve("AGENTS.md"), "12345");
        Files.writeString(sub.resolve("AGENTS.md"), "more");
        ProjectDocs.Found found = ProjectDocs.find(null, sub, limit(5));
        assertThat(found.parts()).extracting(ProjectDocs.Part::text).containsExactly("12345");
        assertThat(found.warnings()).singleElement().asString().contains(sub.resolve("AGENTS.md").toString());
        assertThat(ProjectDocs.find(null, sub, limit(0)).parts()).isEmpty();
    }

    @Test
    void withoutARootMarkerOnlyTheWorkingDirectoryIsRead() throws Exception {
        Path sub = Files.createDirectories(repo.resolve("sub"));
        Files.writeString(repo.resolve("AGENTS.md"), "parent");
        Files.writeString(sub.resolve("AGENTS.md"), "here");
        assertThat(ProjectDocs.find(null, sub, limit(1000)).parts()).extracting(ProjectDocs.Part::text)
                .containsExactly("here");
    }
}
