package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.io.UserFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Config and instruction files that are not regular files of sane size: each is refused with one line
 * naming the path and the problem, without opening a named pipe (which would block) or reading a device.
 */
class SpecialConfigFilesTest extends ConfigFixture {
    @Test
    void aConfigThatIsANamedPipeIsRefusedWithoutBlocking() throws Exception {
        mkfifo(t.configFile());

        assertThatThrownBy(t::load).isInstanceOf(ConfigException.class)
                .hasMessage(t.configFile() + ": cannot read the config file: it is a named pipe (FIFO), not a "
                        + "regular file; replace it with a regular file, or move it away to start without one");
    }

    @Test
    void aConfigLinkedToDevZeroIsRefused() throws Exception {
        Files.createSymbolicLink(t.configFile(), Path.of("/dev/zero"));

        assertThatThrownBy(t::load).isInstanceOf(ConfigException.class)
                .hasMessageContaining(t.configFile().toString()).hasMessageContaining("a character device");
    }

    @Test
    void aConfigThatIsADirectoryIsRefused() throws Exception {
        Files.createDirectories(t.configFile());

        assertThatThrownBy(t::load).hasMessageEndingWith("it is a directory, not a regular file; replace it with a regular file, or move it "
                + "away to start without one");
    }

    @Test
    void aConfigOverTheBoundIsRefusedWithItsSize() throws Exception {
        t.write("model = \"o3\"\n" + "x".repeat((int) UserFiles.CONFIG_MAX_BYTES));

        assertThatThrownBy(t::load).isInstanceOf(ConfigException.class)
                .hasMessageContaining("more than the " + UserFiles.CONFIG_MAX_BYTES + " (4 MiB)")
                .hasMessageNotContaining("\n");
    }

    @Test
    void aSparseConfigOfThreeGibibytesIsRefusedInOneLineWithoutReadingIt() throws Exception {
        t.write("model = \"o3\"\n");
        try (var file = new java.io.RandomAccessFile(t.configFile().toFile(), "rw")) {
            file.setLength(3L << 30);
        }

        assertThatThrownBy(t::load).isInstanceOf(ConfigException.class)
                .hasMessageContaining("config.toml: cannot read the config file")
                .hasMessageContaining("it holds " + (3L << 30) + " bytes, more than the " + UserFiles.CONFIG_MAX_BYTES)
                .hasMessageNotContaining("\n");
    }

    @Test
    void modelInstructionsFileThatIsANamedPipeIsRefusedWithFileAndKey() throws Exception {
        Path pipe = dir.resolve("instructions.md");
        mkfifo(pipe);
        t.write("model_instructions_file = \"" + pipe + "\"\n");

        assertThatThrownBy(t::load).isInstanceOf(ConfigException.class)
                .hasMessageContaining("model_instructions_file").hasMessageContaining(pipe.toString())
                .hasMessageContaining("named pipe (FIFO)");
    }

    @Test
    void compactPromptFileLinkedToDevZeroIsRefusedWithFileAndKey() throws Exception {
        Path link = dir.resolve("compact.md");
        Files.createSymbolicLink(link, Path.of("/dev/zero"));
        t.write("experimental_compact_prompt_file = \"" + link + "\"\n");

        assertThatThrownBy(t::load).isInstanceOf(ConfigException.class)
                .hasMessageContaining("experimental_compact_prompt_file").hasMessageContaining(link.toString())
                .hasMessageContaining("character device");
    }

    @Test
    void anInstructionsFileOverTheBoundIsRefused() throws Exception {
        Path big = dir.resolve("big.md");
        Files.writeString(big, "x".repeat((int) UserFiles.TEXT_MAX_BYTES + 1));
        t.write("model_instructions_file = \"" + big + "\"\n");

        assertThatThrownBy(t::load).hasMessageContaining(big.toString()).hasMessageContaining("1 MiB");
    }

    @Test
    void anInstructionsFileThatIsNotUtf8SaysSo() throws Exception {
        Path latin = dir.resolve("latin.md");
        Files.write(latin, new byte[] {'c', 'a', 'f', (byte) 0xE9});
        t.write("model_instructions_file = \"" + latin + "\"\n");

        assertThatThrownBy(t::load).hasMessageContaining("not UTF-8 text");
    }

    static void mkfifo(Path path) throws IOException, InterruptedException {
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        assertThat(mkfifo.waitFor()).isZero();
    }
}
