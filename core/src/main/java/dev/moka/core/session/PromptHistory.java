package dev.moka.core.session;

import dev.moka.core.log.SecretRedactor;
import dev.moka.protocol.EventMsg;
import dev.moka.protocol.Json;
import dev.moka.protocol.Op;
import java.io.IOException;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;

/**
 * The session's side of {@code history.jsonl}, the prompts a face recalls with Up and Ctrl+R: a failure to read
 * or write it is a warning, never the end of a turn. It is for the person to recall prompts, so a key pasted
 * into one is kept masked (the model was sent it whole).
 */
final class PromptHistory {
    private final MessageHistory file;
    private final String conversationId;
    private final SecretRedactor secrets;

    PromptHistory(MessageHistory file, String conversationId, SecretRedactor secrets) {
        this.file = file;
        this.conversationId = conversationId;
        this.secrets = secrets;
    }

    /** What {@code session_configured} tells of the file; a file that cannot be read counts as empty. */
    MessageHistory.Metadata metadata(Consumer<EventMsg> notices) {
        try {
            return file.metadata();
        } catch (IOException e) {
            notices.accept(new EventMsg.Warning("cannot read the message history: " + e.getMessage()
                    + "; earlier prompts are not available to recall"));
            return new MessageHistory.Metadata(0, 0);
        }
    }

    void append(String text, Consumer<String> warn) {
        try {
            file.append(conversationId, secrets.redact(text));
        } catch (IOException e) {
            warn.accept("cannot write the message history: " + e.getMessage());
        }
    }

    EventMsg.GetHistoryEntryResponse entry(Op.GetHistoryEntryRequest request, Consumer<String> warn) {
        JsonNode entry = null;
        try {
            String line = file.entry(request.logId(), request.offset());
            entry = line == null ? null : Json.parse(line);
        } catch (IOException | RuntimeException e) {
            warn.accept("cannot read the message history: " + e.getMessage());
        }
        return new EventMsg.GetHistoryEntryResponse(request.offset(), request.logId(), entry);
    }
}
