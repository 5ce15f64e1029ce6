package dev.moka.core.tools.image;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.tools.RecordingToolContext;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolResult;
import dev.moka.protocol.ContentItem;
import dev.moka.protocol.ResponseItem;
import dev.moka.protocol.Role;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ViewImageToolTest {
    @TempDir
    Path dir;

    private final ViewImageTool tool = new ViewImageTool();

    private ToolResult view(String path) throws InterruptedException {
        return tool.asTool().run(new ToolCall("c1", ViewImageTool.NAME, "{\"path\":\"" + path + "\"}"),
                new RecordingToolContext(dir));
    }

    private Path image(String name, String format, int width, int height) throws Exception {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        image.setRGB(0, 0, 0xFF0000);
        Path file = dir.resolve(name);
        ImageIO.write(image, format, file.toFile());
        return file;
    }

    /** The single attached image: its data URL's type and the decoded picture. */
    private record Attached(String mimeType, byte[] bytes) {}

    private Attached attached() {
        List<ResponseItem> items = tool.takeFollowUps();
        assertThat(items).hasSize(1);
        ResponseItem.Message message = (ResponseItem.Message) items.getFirst();
        assertThat(message.role()).isEqualTo(Role.USER);
        String url = ((ContentItem.InputImage) message.content().getFirst()).imageUrl();
        String mime = url.substring("data:".length(), url.indexOf(';'));
        return new Attached(mime, Base64.getDecoder().decode(url.substring(url.indexOf(',') + 1)));
    }

    @Test
    void aSmallPngIsAttachedUnchanged() throws Exception {
        Path file = image("small.png", "png", 40, 30);

        ToolResult result = view("small.png");

        assertThat(result.success()).isTrue();
        assertThat(result.forModel()).isEqualTo("Attached image small.png (40x30); it follows as a user message.");
        Attached attached = attached();
        assertThat(attached.mimeType()).isEqualTo("image/png");
        assertThat(attached.bytes()).isEqualTo(Files.readAllBytes(file));
        assertThat(tool.takeFollowUps()).as("handed out once").isEmpty();
    }

    @Test
    void aLargePngIsScaledDownToTheLongestSideLimit() throws Exception {
        image("wide.png", "png", 4096, 1024);

        ToolResult result = view("wide.png");

        assertThat(result.forModel()).contains("2048x512, scaled down from 4096x1024");
        BufferedImage sent = ImageIO.read(new ByteArrayInputStream(attached().bytes()));
        assertThat(sent.getWidth()).isEqualTo(2048);
        assertThat(sent.getHeight()).isEqualTo(512);
    }

    @Test
    void aLargeJpegStaysJpeg() throws Exception {
        image("tall.jpg", "jpeg", 600, 3000);

        view("tall.jpg");

        Attached attached = attached();
        assertThat(attached.mimeType()).isEqualTo("image/jpeg");
        assertThat(ImageIO.read(new ByteArrayInputStream(attached.bytes())).getHeight()).isEqualTo(2048);
    }

    @Test
    void aGifIsAccepted() throws Exception {
        image("anim.gif", "gif", 10, 10);

        view("anim.gif");

        assertThat(attached().mimeType()).isEqualTo("image/gif");
    }

    @Test
    void aSmallWebpPassesThroughAndALargeOneIsRefused() throws Exception {
        Files.write(dir.resolve("small.webp"), webpHeader(300, 200));
        Files.write(dir.resolve("huge.webp"), webpHeader(5000, 100));

        ToolResult small = view("small.webp");
        assertThat(small.forModel()).contains("(300x200)");
        assertThat(attached().mimeType()).isEqualTo("image/webp");

        ToolResult huge = view("huge.webp");
        assertThat(huge.success()).isFalse();
        assertThat(huge.forModel()).contains("5000x100 WebP image").contains("convert it to PNG");
        assertThat(tool.takeFollowUps()).isEmpty();
    }

    @Test
    void otherFilesAreRefusedClearly() throws Exception {
        Files.writeString(dir.resolve("notes.txt"), "not a picture");

        ToolResult text = view("notes.txt");
        ToolResult missing = view("nowhere.png");

        assertThat(text.success()).isFalse();
        assertThat(text.forModel()).endsWith("notes.txt is not a PNG, JPEG, GIF or WebP image; view_image only shows "
                + "pictures (read text files with the shell)");
        assertThat(missing.forModel()).endsWith("nowhere.png does not exist; give the path of an image file");
        assertThat(tool.takeFollowUps()).isEmpty();
    }

    /** A minimal extended-format (VP8X) WebP header with the given canvas size. */
    private static byte[] webpHeader(int width, int height) {
        byte[] b = new byte[30];
        System.arraycopy("RIFF".getBytes(), 0, b, 0, 4);
        System.arraycopy("WEBPVP8X".getBytes(), 0, b, 8, 8);
        b[16] = 10;
        int w = width - 1;
        int h = height - 1;
        b[24] = (byte) w;
        b[25] = (byte) (w >> 8);
        b[26] = (byte) (w >> 16);
        b[27] = (byte) h;
        b[28] = (byte) (h >> 8);
        b[29] = (byte) (h >> 16);
        return b;
    }
}
