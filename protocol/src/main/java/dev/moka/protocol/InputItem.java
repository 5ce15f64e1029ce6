package dev.moka.protocol;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.nio.file.Path;

/** Something the person sends with a turn: text or an image. */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
    @JsonSubTypes.Type(value = InputItem.Text.class, name = "text"),
    @JsonSubTypes.Type(value = InputItem.Image.class, name = "image"),
    @JsonSubTypes.Type(value = InputItem.LocalImage.class, name = "local_image"),
})
public sealed interface InputItem {
    record Text(String text) implements InputItem {}

    /** An image already encoded as a URL (usually a data URL). */
    record Image(String imageUrl) implements InputItem {}

    /** An image file on disk, read and encoded when the turn starts. */
    record LocalImage(Path path) implements InputItem {}
}
