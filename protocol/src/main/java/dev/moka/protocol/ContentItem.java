package dev.moka.protocol;

import tools.jackson.databind.node.ObjectNode;

/** One part of a message's content, as it travels on the Responses wire. */
public sealed interface ContentItem {
    record InputText(String text) implements ContentItem {}

    /** An image as a URL, usually a {@code data:image/png;base64,...} URL. */
    record InputImage(String imageUrl) implements ContentItem {}

    record OutputText(String text) implements ContentItem {}

    /** A content part this version does not know; kept verbatim so it survives a round trip. */
    record Unknown(ObjectNode raw) implements ContentItem {}

    /** The text parts joined by newlines, images and unknown parts left out. */
    public static String joinedText(java.util.List<ContentItem> parts) {
        var out = new StringBuilder();
        for (ContentItem part : parts) {
            String text = switch (part) {
                case InputText t -> t.text();
                case OutputText t -> t.text();
                case InputImage i -> null;
                case Unknown u -> null;
            };
            if (text != null) {
                if (!out.isEmpty()) {
                    out.append('\n');
                }
                out.append(text);
            }
        }
        return out.toString();
    }
}
