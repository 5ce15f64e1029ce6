package dev.moka.core.tools;

import dev.moka.protocol.ResponseItem;
import java.util.List;

/**
 * A tool whose calls add items to the conversation besides their output, such as an image to look at: a
 * call's output must be a string, so the image goes into a user message recorded right after the outputs.
 */
public interface FollowUpSource {
    /** The items added since the last time, in order; each is handed out once. */
    List<ResponseItem> takeFollowUps();
}
