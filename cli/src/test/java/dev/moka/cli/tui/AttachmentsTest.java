package dev.moka.cli.tui;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which pastes attach an image, and which images go with a message. */
class AttachmentsTest {
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final byte[] JPEG = {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, (byte) 0xE0};

    @TempDir
    Path dir;

    Path shot;

    @BeforeEach
    void files() throws Exception {
        shot = dir.resolve("my shot.png");
        Files.write(shot, PNG);
        Files.createDirectories(dir.resolve("other"));
        Files.write(dir.resolve("other/my shot.png"), PNG);
        Files.write(dir.resolve("photo.JPG"), JPEG);
        Files.writeString(dir.resolve("fake.png"), "not really a png");
        Files.write(dir.resolve("shot.txt"), PNG);
    }

    @Test
    void aPathAsTerminalsPasteADroppedFileAttachesIt() {
        assertThat(new Attachments().attachPasted("'" + shot + "'", dir)).isEqualTo("[image: my shot.png]");
        assertThat(new Attachments().attachPasted("\"" + shot + "\"\n", dir)).isEqualTo("[image: my shot.png]");
        assertThat(new Attachments().attachPasted(shot.toString().replace(" ", "\\ "), dir))
                .isEqualTo("[image: my shot.png]");
        assertThat(new Attachments().attachPasted(shot.toUri().toString(), dir)).isEqualTo("[image: my shot.png]");
        assertThat(new Attachments().attachPasted("photo.JPG", dir)).isEqualTo("[image: photo.JPG]");
    }

    @Test
    void anythingElseIsText() {
        var attachments = new Attachments();
        assertThat(attachments.attachPasted("fake.png", dir)).isNull();
        assertThat(attachments.attachPasted("shot.txt", dir)).isNull();
        assertThat(attachments.attachPasted("missing.png", dir)).isNull();
        assertThat(attachments.attachPasted(shot + "\n" + shot, dir)).isNull();
        assertThat(attachments.attachPasted("look at this", dir)).isNull();
        assertThat(attachments.attachPasted("file://not a uri", dir)).isNull();
        assertThat(attachments.take("anything")).isEmpty();
    }

    @Test
    void onlyImagesWhosePlaceholderIsStillInTheTextGoAndThenAllAreForgotten() {
        var attachments = new Attachments();
        String first = attachments.attachPasted(shot.toString(), dir);
        String second = attachments.attachPasted("other/my shot.png", dir);
        String third = attachments.attachPasted("photo.JPG", dir);
        assertThat(second).isEqualTo("[image: my shot.png #2]");
        assertThat(attachments.attachPasted(shot.toString(), dir)).isEqualTo(first);

        assertThat(attachments.take(third + " and " + first + " please")).containsExactly(shot,
                dir.resolve("photo.JPG"));
        assertThat(attachments.take(first)).isEmpty();
    }
}
