package dev.moka.core.config.trust;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.Config;
import dev.moka.core.config.ConfigLoader;
import dev.moka.core.config.ConfigOverrides;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.sandbox.LinuxSandbox;
import dev.moka.protocol.AskForApproval;
import dev.moka.protocol.SandboxMode;
import dev.moka.protocol.SandboxPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Project trust: read from config.toml, inherited by git worktrees, and written back keeping every other byte. */
class ProjectTrustTest {
    @TempDir
    Path home;

    @TempDir
    Path projects;

    private Config load(Path cwd, ConfigOverrides flags) throws ConfigException {
        return ConfigLoader.load(home, List.of(), flags, Map.of("OPENAI_API_KEY", "sk-x"), cwd);
    }

    private Config load(Path cwd) throws ConfigException {
        return load(cwd, ConfigOverrides.NONE);
    }

    private Path repo(String name) throws Exception {
        Path repo = Files.createDirectories(projects.resolve(name));
        git(repo, "init", "-q");
        return repo.toRealPath();
    }

    private static void git(Path dir, String... args) throws Exception {
        var command = new java.util.ArrayList<>(List.of("git", "-c", "user.email=t@t", "-c", "user.name=t"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
    }

    @Test
    void aTrustedRepositoryDefaultsToWorkspaceWriteAndSoDoItsSubdirectories() throws Exception {
        Path repo = repo("trusted");
        Files.createDirectories(repo.resolve("src/main"));
        Files.writeString(home.resolve("config.toml"), "[projects.\"" + repo + "\"]\ntrust_level = \"trusted\"\n");

        assertThat(load(repo).sandboxPolicy().mode()).isEqualTo(SandboxMode.WORKSPACE_WRITE);
        Config sub = load(repo.resolve("src/main"));
        assertThat(sub.sandboxPolicy().mode()).isEqualTo(SandboxMode.WORKSPACE_WRITE);
        assertThat(sub.sandbox().trust()).isEqualTo(ProjectTrust.TRUSTED);
        assertThat(sub.warnings()).isEmpty();
    }

    @Test
    void anUntrustedProjectIsReadOnlyOnRequestAndSaysSoOnce() throws Exception {
        Path repo = repo("untrusted");
        Files.writeString(home.resolve("config.toml"), "sandbox_linux = \"landlock\"\n[projects.\"" + repo
                + "\"]\ntrust_level = \"untrusted\"\n");

        Config config = load(repo);
        assertThat(config.sandboxPolicy()).isInstanceOf(SandboxPolicy.ReadOnly.class);
        assertThat(config.approvalPolicy()).isEqualTo(AskForApproval.ON_REQUEST);
        assertThat(config.warnings()).singleElement().asString().contains("untrusted").contains("moka trust");
        assertThat(config.sandbox().linux()).isEqualTo(LinuxSandbox.LANDLOCK);

        Config chosen = load(repo, new ConfigOverrides(null, null, null, null, AskForApproval.NEVER,
                SandboxMode.WORKSPACE_WRITE));
        assertThat(chosen.sandboxPolicy().mode()).isEqualTo(SandboxMode.WORKSPACE_WRITE);
        assertThat(chosen.warnings()).isEmpty();
    }

    @Test
    void aGitWorktreeInheritsItsMainRepositorysTrust() throws Exception {
        Path main = repo("main");
        Files.writeString(main.resolve("a.txt"), "a\n");
        git(main, "add", "a.txt");
        git(main, "commit", "-q", "-m", "first");
        Path worktree = projects.resolve("feature").toAbsolutePath();
        git(main, "worktree", "add", "-q", worktree.toString());
        Files.writeString(home.resolve("config.toml"), "[projects.\"" + main + "\"]\ntrust_level = \"trusted\"\n");

        Config config = load(worktree.toRealPath());
        assertThat(config.sandbox().trust()).isEqualTo(ProjectTrust.TRUSTED);
        assertThat(config.sandboxPolicy().mode()).isEqualTo(SandboxMode.WORKSPACE_WRITE);
        assertThat(ProjectRoots.trustRoot(worktree.toRealPath())).isEqualTo(main);
    }

    @Test
    void badValuesNameTheFileLineAndKey() throws Exception {
        Files.writeString(home.resolve("config.toml"), "sandbox_linux = \"chroot\"\n");
        assertThatThrownBy(() -> load(projects)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("config.toml:1").hasMessageContaining("sandbox_linux");

        Path repo = repo("bad");
        Files.writeString(home.resolve("config.toml"), "\n[projects.\"" + repo + "\"]\ntrust_level = \"maybe\"\n");
        assertThatThrownBy(() -> load(repo)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("config.toml:3").hasMessageContaining("trust_level")
                .hasMessageContaining("\"trusted\" or \"untrusted\"");
    }

    @Test
    void allowGitWritesAndAddedDirectoriesReachThePolicy() throws Exception {
        Path extra = Files.createDirectories(projects.resolve("extra"));
        Files.writeString(home.resolve("config.toml"), "sandbox_mode = \"workspace-write\"\n"
                + "[sandbox_workspace_write]\nallow_git_writes = true\n");
        Config config = load(projects, new ConfigOverrides(null, null, null, null, null, null, List.of(extra)));
        assertThat(config.sandbox().allowGitWrites()).isTrue();
        assertThat(((SandboxPolicy.WorkspaceWrite) config.sandboxPolicy()).writableRoots()).contains(extra);
        assertThat(config.warnings()).isEmpty();
    }

    @Test
    void trustingAppendsATableAndKeepsEveryOtherByte() throws Exception {
        String before = "# my settings\nmodel = \"gpt-5.1-codex\"   # the model\n\n\n[tools]\nview_image = false\n";
        Path file = home.resolve("config.toml");
        Files.writeString(file, before);
        Path repo = repo("append");

        assertThat(ProjectTrustWriter.write(file, repo, "trusted")).isEqualTo(ProjectTrustWriter.Outcome.ADDED_TABLE);

        assertThat(Files.readString(file)).isEqualTo(before + "\n[projects.\"" + repo + "\"]\ntrust_level = \"trusted\"\n");
        assertThat(load(repo).sandbox().trust()).isEqualTo(ProjectTrust.TRUSTED);
        assertThat(ProjectTrustWriter.write(file, repo, "trusted")).isEqualTo(ProjectTrustWriter.Outcome.UNCHANGED);
    }

    @Test
    void trustingChangesOnlyTheValueOfAnExistingEntry() throws Exception {
        Path repo = repo("change");
        Path file = home.resolve("config.toml");
        String table = "[projects.'" + repo + "']  # mine\n";
        Files.writeString(file, "a = 1\n" + table + "trust_level = \"untrusted\"   # for now\n[other]\nx = 2");

        assertThat(ProjectTrustWriter.write(file, repo, "trusted")).isEqualTo(ProjectTrustWriter.Outcome.CHANGED);
        assertThat(Files.readString(file)).isEqualTo("a = 1\n" + table + "trust_level = \"trusted\"   # for now\n"
                + "[other]\nx = 2");

        Path other = repo("other");
        Files.writeString(file, "[projects.\"" + other + "\"]\n# no level yet\n");
        assertThat(ProjectTrustWriter.write(file, other, "untrusted")).isEqualTo(ProjectTrustWriter.Outcome.ADDED_LINE);
        assertThat(Files.readString(file)).isEqualTo("[projects.\"" + other + "\"]\ntrust_level = \"untrusted\"\n"
                + "# no level yet\n");
    }

    @Test
    void aMissingFileIsCreatedPrivateAndAnInlineTableIsRefusedUntouched() throws Exception {
        Path repo = repo("fresh");
        Path file = home.resolve("sub/config.toml");
        ProjectTrustWriter.write(file, repo, "trusted");
        assertThat(Files.readString(file)).isEqualTo("[projects.\"" + repo + "\"]\ntrust_level = \"trusted\"\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");

        String inline = "projects = { \"/a\" = { trust_level = \"trusted\" } }\n";
        Files.writeString(file, inline);
        assertThatThrownBy(() -> ProjectTrustWriter.write(file, repo, "trusted"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("inline table");
        assertThat(Files.readString(file)).isEqualTo(inline);
    }
}
