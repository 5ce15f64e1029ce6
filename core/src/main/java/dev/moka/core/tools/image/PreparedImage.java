package dev.moka.core.tools.image;

/** Image bytes ready to send, with their type and how their size came about. */
record PreparedImage(byte[] bytes, String mimeType, int width, int height, int originalWidth, int originalHeight) {
    String describeSize() {
        String size = width + "x" + height;
        return width == originalWidth && height == originalHeight
                ? size
                : size + ", scaled down from " + originalWidth + "x" + originalHeight;
    }
}
