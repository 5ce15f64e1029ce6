package dev.moka.core.tools.image;

/**
 * Reads the pixel size from a WebP header, which the JDK cannot decode: enough to know whether the file may
 * be passed on as it is.
 */
final class WebpSize {
    private WebpSize() {}

    /** {width, height}, or null when the header is not one of the three WebP layouts. */
    static int[] of(byte[] b) {
        if (b.length < 30) {
            return null;
        }
        String chunk = new String(b, 12, 4, java.nio.charset.StandardCharsets.US_ASCII);
        return switch (chunk) {
            // Lossy: 14-bit sizes after the key-frame start code.
            case "VP8 " -> new int[] {u16(b, 26) & 0x3FFF, u16(b, 28) & 0x3FFF};
            // Lossless: 14-bit sizes minus one, packed after the 0x2F signature.
            case "VP8L" -> {
                long bits = (b[21] & 0xFFL) | (b[22] & 0xFFL) << 8 | (b[23] & 0xFFL) << 16 | (b[24] & 0xFFL) << 24;
                yield new int[] {(int) (bits & 0x3FFF) + 1, (int) ((bits >> 14) & 0x3FFF) + 1};
            }
            // Extended: 24-bit canvas sizes minus one.
            case "VP8X" -> new int[] {u24(b, 24) + 1, u24(b, 27) + 1};
            default -> null;
        };
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
    }

    private static int u24(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16;
    }
}
