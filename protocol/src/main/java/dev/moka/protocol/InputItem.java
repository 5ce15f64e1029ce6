package dev.moka.protocol;

import java.nio.file.Path;

/** Something the person sends with a turn: text or an image. */
public sealed interface InputItem {
    record Text(String text) implements InputItem {}

    /** An image already encoded as a URL (usually a data URL). */
    record Image(String imageUrl) implements InputItem {}

    /** An image file on disk, read and encoded when the turn starts. */
    record LocalImage(Path path) implements InputItem {}
}
