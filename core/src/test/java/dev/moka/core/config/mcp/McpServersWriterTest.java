package dev.moka.core.config.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.config.toml.ConfigText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Adding and removing [mcp_servers.*] tables changes those lines and no other byte. */
class McpServersWriterTest {
    @TempDir
    Path home;

    private static final McpTransportConfig DOCS = new McpTransportConfig.Stdio("npx", List.of("-y", "@acme/docs \"mcp\""),
            Map.of("DOCS_REGION", "eu"), List.of(), null);

    @Test
    void anAddedServerIsOneTableAtTheEndAndRemovingItGivesBackTheSameBytes() throws Exception {
        String before = "# settings\nmodel = \"o3\"   # mine\n\n\n[tools]\nview_image = false";
        Path file = write(before);

        McpServersWriter.add(file, "docs", DOCS);

        assertThat(Files.readString(file)).isEqualTo(before + "\n\n[mcp_servers.docs]\ncommand = \"npx\"\n"
                + "args = [\"-y\", \"@acme/docs \\\"mcp\\\"\"]\nenv = { DOCS_REGION = \"eu\" }\n");
        assertThat(McpServersWriter.remove(file, "docs")).isTrue();
        assertThat(Files.readString(file)).as("the newline the table needed above it stays").isEqualTo(before + "\n");
        McpServersWriter.add(file, "docs", DOCS);
        McpServersWriter.remove(file, "docs");
        assertThat(Files.readString(file)).isEqualTo(before + "\n");
        assertThat(McpServersWriter.remove(file, "docs")).isFalse();
    }

    @Test
    void removingTakesTheTableItsSubTablesAndItsCommentButLeavesItsNeighboursAlone() throws Exception {
        String keep = "model = \"o3\"\n\n[mcp_servers.a]  # first\ncommand = \"a\"\n\n";
        String gone = "# the database\n[ mcp_servers . \"db\" ]\ncommand = \"pg-mcp\"\nenv_vars = [\"PGPASS\"]\n\n"
                + "[mcp_servers.db.tools.query]\napproval_mode = \"prompt\"\n";
        String rest = "# why b\n[mcp_servers.b]\nurl = \"https://b.example/mcp\"\n";
        Path file = write(keep + gone + rest);

        assertThat(McpServersWriter.remove(file, "db")).isTrue();

        assertThat(Files.readString(file)).isEqualTo(keep + rest);
    }

    @Test
    void theLastTableOfTheFileGoesWithTheBlankLineBeforeIt() throws Exception {
        Path file = write("model = \"o3\"\n\n[mcp_servers.web]\nurl = \"http://127.0.0.1:9/mcp\"\nbearer_token_env_var = \"T\"\n\n");

        McpServersWriter.remove(file, "web");

        assertThat(Files.readString(file)).isEqualTo("model = \"o3\"\n");
    }

    @Test
    void aServerWrittenAnotherWayOrANameInUseIsRefusedWithTheFileUntouched() throws Exception {
        String inline = "mcp_servers = { old = { command = \"x\" } }\n";
        Path file = write(inline);
        assertThatThrownBy(() -> McpServersWriter.add(file, "new", DOCS)).isInstanceOf(ConfigException.class)
                .hasMessageContaining("add the server by hand");
        assertThatThrownBy(() -> McpServersWriter.remove(file, "old")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("not written as its own [mcp_servers.old] table");
        assertThatThrownBy(() -> McpServersWriter.add(file, "old", DOCS)).hasMessageContaining("already has");
        assertThatThrownBy(() -> McpServersWriter.add(file, "a.b", DOCS)).hasMessageContaining("invalid server name");

        String dotted = "[mcp_servers]\nx.command = \"x\"\n\n[mcp_servers.x.env]\nA = \"1\"\n";
        Files.writeString(file, dotted);
        assertThatThrownBy(() -> McpServersWriter.remove(file, "x")).hasMessageContaining("also written outside");
        assertThat(Files.readString(file)).isEqualTo(dotted);
    }

    @Test
    void theFileKeepsItsModeAndANewOneIsPrivate() throws Exception {
        Path file = write("model = \"o3\"\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
        McpServersWriter.add(file, "docs", DOCS);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-r-----");

        Path fresh = home.resolve("new/config.toml");
        McpServersWriter.add(fresh, "web", new McpTransportConfig.StreamableHttp("https://w.example/mcp", null,
                Map.of(), Map.of()));
        assertThat(Files.readString(fresh)).isEqualTo("[mcp_servers.web]\nurl = \"https://w.example/mcp\"\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(fresh))).isEqualTo("rw-------");
    }

    @Test
    void aHeaderIsReadByTheTomlLibrary() {
        assertThat(ConfigText.headerPath("[mcp_servers.\"a]b\"]  # x ] y")).containsExactly("mcp_servers", "a]b");
        assertThat(ConfigText.headerPath("  [[fruit.kinds]]")).containsExactly("fruit", "kinds");
        assertThat(ConfigText.headerPath("args = [\"a\"]")).isNull();
        assertThat(ConfigText.headerPath("[not a key]")).isNull();
    }

    private Path write(String text) throws Exception {
        Path file = home.resolve("config.toml");
        Files.writeString(file, text);
        return file;
    }
}
