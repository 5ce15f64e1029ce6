package dev.moka.core.tools.image;

import dev.moka.core.io.UserFiles;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;

/** Checks a picture file and makes it fit what the model accepts. */
final class ImagePreparer {
    private ImagePreparer() {}

    /** Why a file cannot be shown; the message is for the model and names the file and what to do. */
    static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    static PreparedImage prepare(Path file, int maxSide, long maxFileBytes) throws Refused {
        byte[] bytes = read(file, maxFileBytes);
        if (ImageFormat.detect(bytes) == null) {
            throw new Refused(file + " is not a PNG, JPEG, GIF or WebP image; view_image only shows pictures "
                    + "(read text files with the shell)");
        }
        return prepare(bytes, file.toString(), maxSide);
    }

    /** {@code bytes} made fit for the model; {@code what} names them in messages. */
    static PreparedImage prepare(byte[] bytes, String what, int maxSide) throws Refused {
        ImageFormat format = ImageFormat.detect(bytes);
        if (format == null) {
            throw new Refused(what + " is not a PNG, JPEG, GIF or WebP image");
        }
        return switch (format) {
            case WEBP -> webp(what, bytes, maxSide);
            case PNG, JPEG, GIF -> decodable(what, bytes, format, maxSide);
        };
    }

    private static byte[] read(Path file, long maxFileBytes) throws Refused {
        try {
            if (!Files.isRegularFile(file)) {
                throw new Refused(file + (Files.exists(file) ? " is not a regular file" : " does not exist")
                        + "; give the path of an image file");
            }
            long size = Files.size(file);
            if (size > maxFileBytes) {
                throw new Refused(file + " is " + size + " bytes, more than the " + maxFileBytes
                        + " view_image reads; make a smaller copy first");
            }
            // Bounded again while reading: the file may have grown since its size was looked at.
            return UserFiles.readBytes(file, maxFileBytes);
        } catch (IOException e) {
            throw new Refused("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** The JDK cannot decode WebP: within the size limit it goes as it is, beyond it is refused. */
    private static PreparedImage webp(String file, byte[] bytes, int maxSide) throws Refused {
        int[] size = WebpSize.of(bytes);
        if (size == null) {
            throw new Refused(file + " has a WebP header Moka cannot read; convert it to PNG first");
        }
        if (Math.max(size[0], size[1]) > maxSide) {
            throw new Refused(file + " is a " + size[0] + "x" + size[1] + " WebP image, larger than " + maxSide
                    + " pixels on a side, and WebP cannot be scaled here; convert it to PNG or scale it down first");
        }
        return new PreparedImage(bytes, ImageFormat.WEBP.mimeType(), size[0], size[1], size[0], size[1]);
    }

    private static PreparedImage decodable(String file, byte[] bytes, ImageFormat format, int maxSide)
            throws Refused {
        BufferedImage image;
        try {
            image = ImageIO.read(new ByteArrayInputStream(bytes));
        } catch (IOException e) {
            throw new Refused(file + " looks like " + format.mimeType() + " but cannot be decoded: " + e.getMessage());
        }
        if (image == null) {
            throw new Refused(file + " looks like " + format.mimeType() + " but cannot be decoded");
        }
        int width = image.getWidth();
        int height = image.getHeight();
        if (Math.max(width, height) <= maxSide) {
            return new PreparedImage(bytes, format.mimeType(), width, height, width, height);
        }
        double scale = (double) maxSide / Math.max(width, height);
        int w = Math.max(1, (int) Math.round(width * scale));
        int h = Math.max(1, (int) Math.round(height * scale));
        // JPEG stays JPEG (photos); PNG and GIF become PNG, which keeps transparency and sharp edges.
        boolean jpeg = format == ImageFormat.JPEG;
        BufferedImage scaled = new BufferedImage(w, h, jpeg ? BufferedImage.TYPE_INT_RGB : BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = scaled.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_INTERPOLATION, RenderingHints.VALUE_INTERPOLATION_BILINEAR);
            g.setRenderingHint(RenderingHints.KEY_RENDERING, RenderingHints.VALUE_RENDER_QUALITY);
            g.drawImage(image, 0, 0, w, h, null);
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(scaled, jpeg ? "jpeg" : "png", out);
        } catch (IOException e) {
            throw new Refused("cannot re-encode " + file + " after scaling: " + e.getMessage());
        }
        return new PreparedImage(out.toByteArray(), jpeg ? "image/jpeg" : "image/png", w, h, width, height);
    }
}
