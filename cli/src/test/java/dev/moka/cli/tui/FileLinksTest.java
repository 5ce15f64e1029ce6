package dev.moka.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileLinksTest {
    private static final String OSC8 = "\u001b]8;;";
    private static final String ST = "\u001b\\";

    @TempDir
    Path dir;

    private String drawn(FileLinks links, String markdown, int width) {
        List<Line> rows = new MarkdownView(Theme.DARK.withFiles(links)).render(markdown, width);
        StringBuilder out = new StringBuilder();
        rows.forEach(r -> out.append(r.render(true)).append('\n'));
        return out.toString();
    }

    @Test
    void linksOnlyFilesThatExistWithTheirLineAndEncodesTheAddress() throws Exception {
        Files.createDirectories(dir.resolve("my src"));
        Files.writeString(dir.resolve("my src/Ünï.java"), "");
        Files.writeString(dir.resolve("README.md"), "");
        String out = drawn(new FileLinks("vscode", dir), "Open `my src/Ünï.java` or README.md:7 but not"
                + " docs/none.md, version 1.2 or e.g. this.", 200);
        String base = "vscode://file" + dir.toString().replace(" ", "%20");
        assertThat(out).contains(OSC8 + base + "/README.md:7" + ST + "README.md:7" + OSC8 + ST)
                .doesNotContain("none.md" + OSC8).doesNotContain("1.2" + OSC8).doesNotContain("e.g" + OSC8);
        // "my src/..." holds a space, so only the part after it is a reference: src/Ünï.java does not exist.
        assertThat(out).doesNotContain("%C3%9C");
        Files.writeString(dir.resolve("src.Ünï.java"), "");
        assertThat(drawn(new FileLinks("vscode", dir), "see src.Ünï.java", 80))
                .contains(OSC8 + base + "/src.%C3%9Cn%C3%AF.java" + ST + "src.Ünï.java" + OSC8 + ST);
    }

    @Test
    void aLinkWrappedOntoTwoRowsIsClosedOnEachAndNoneIsSentWithoutLinks() throws Exception {
        Files.createDirectories(dir.resolve("a/very/long/path"));
        Files.writeString(dir.resolve("a/very/long/path/File.java"), "");
        String out = drawn(new FileLinks("cursor", dir), "a/very/long/path/File.java:3", 12);
        assertThat(out.lines()).allSatisfy(row -> assertThat(row).startsWith(OSC8 + "cursor://file").endsWith(OSC8
                + ST));
        assertThat(drawn(FileLinks.NONE, "a/very/long/path/File.java:3", 80)).doesNotContain(OSC8);
    }
}
