package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import java.nio.file.Files;
import java.util.Base64;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Images attached in the real moka in tmux: a pasted image path, and {@code -i FILE}. */
class TuiImageTest extends ProcessFixture {
    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H',
            'D', 'R'};

    @BeforeEach
    void images() throws Exception {
        Files.createDirectories(repo.resolve("shots"));
        Files.write(repo.resolve("shots/screen shot.png"), PNG);
        Files.writeString(repo.resolve("notes.png.txt"), "not an image\n");
    }

    @Test
    void aPastedImagePathIsAttachedToTheNextMessage() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "A tiny picture.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30)) {
            tmux.waitFor("context left");
            tmux.paste("'" + repo.resolve("shots/screen shot.png") + "'");
            tmux.waitFor("› [image: screen shot.png]");
            tmux.paste("notes.png.txt");
            tmux.waitFor("› [image: screen shot.png] notes.png.txt");
            tmux.type(" what is this?");
            tmux.keys("Enter");
            tmux.waitFor("A tiny picture.");
        }
        String sent = server.requests().getFirst().bodyJson().toString();
        assertThat(sent).contains("[image: screen shot.png] notes.png.txt what is this?",
                "data:image/png;base64," + Base64.getEncoder().encodeToString(PNG));
    }

    @Test
    void dashIAttachesTheImageToTheFirstPromptAndABadFileIsOneLine() throws Exception {
        server.enqueue(Sse.response("r1").text("m1", "Described.").completed());
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 100, 30, "-i", "shots/screen shot.png", "describe it")) {
            String screen = tmux.waitFor("Described.");
            assertThat(screen).contains("› [image: screen shot.png] describe it");
        }
        assertThat(server.requests().getFirst().bodyJson().toString()).contains("data:image/png;base64,");
        try (Tmux tmux = Tmux.start(repo, terminalEnv(), 160, 30, "-i", "notes.png.txt")) {
            tmux.waitFor("moka: -i notes.png.txt: " + repo.resolve("notes.png.txt")
                    + " is not a PNG, JPEG, GIF or WebP image");
        }
        assertThat(server.requests()).hasSize(1);
    }
}
