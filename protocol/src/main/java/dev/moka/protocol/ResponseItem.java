package dev.moka.protocol;

import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * One item of a conversation: what the model produced and what Moka feeds back. The prompt of each
 * request is a list of these, and every request of a conversation only appends to the last one.
 */
public sealed interface ResponseItem {

    record Message(String id, Role role, List<ContentItem> content) implements ResponseItem {
        public Message {
            content = List.copyOf(content);
        }

        public static Message user(String text) {
            return new Message(null, Role.USER, List.of(new ContentItem.InputText(text)));
        }

        public static Message developer(String text) {
            return new Message(null, Role.DEVELOPER, List.of(new ContentItem.InputText(text)));
        }

        public static Message assistant(String text) {
            return new Message(null, Role.ASSISTANT, List.of(new ContentItem.OutputText(text)));
        }

        /** All text parts joined, whatever their kind. */
        public String text() {
            var out = new StringBuilder();
            for (ContentItem part : content) {
                switch (part) {
                    case ContentItem.InputText t -> out.append(t.text());
                    case ContentItem.OutputText t -> out.append(t.text());
                    case ContentItem.InputImage ignored -> { }
                    case ContentItem.Unknown ignored -> { }
                }
            }
            return out.toString();
        }
    }

    /** Reasoning, replayed exactly as the server sent it so its encrypted content stays usable. */
    record Reasoning(String id, List<String> summary, List<String> content, String encryptedContent)
            implements ResponseItem {
        public Reasoning {
            summary = List.copyOf(summary);
            content = content == null ? null : List.copyOf(content);
        }
    }

    /**
     * A call of a function tool. {@code namespace} names the namespace tool the function belongs to (an MCP
     * server's {@code mcp__<server>}), or is null for a top-level function.
     */
    record FunctionCall(String id, String name, String arguments, String callId, String namespace)
            implements ResponseItem {
        public FunctionCall(String id, String name, String arguments, String callId) {
            this(id, name, arguments, callId, null);
        }
    }

    /**
     * The output of a function call: a plain string on the wire, even on failure, unless {@code content} is
     * not null; then the output is that list of content items (code mode's text and images) and
     * {@code output} is their text, joined, for whatever only reads text.
     */
    record FunctionCallOutput(String callId, String output, List<ContentItem> content) implements ResponseItem {
        public FunctionCallOutput {
            content = content == null ? null : List.copyOf(content);
        }

        public FunctionCallOutput(String callId, String output) {
            this(callId, output, null);
        }

        /** An output sent as a list of content items. */
        public static FunctionCallOutput of(String callId, List<ContentItem> content) {
            return new FunctionCallOutput(callId, ContentItem.joinedText(content), content);
        }
    }

    /** A call of a freeform tool; {@code namespace} as for {@link FunctionCall}. */
    record CustomToolCall(String id, String name, String input, String callId, String namespace)
            implements ResponseItem {
        public CustomToolCall(String id, String name, String input, String callId) {
            this(id, name, input, callId, null);
        }
    }

    /** The output of a freeform call; {@code content} as for {@link FunctionCallOutput}. */
    record CustomToolCallOutput(String callId, String output, List<ContentItem> content) implements ResponseItem {
        public CustomToolCallOutput {
            content = content == null ? null : List.copyOf(content);
        }

        public CustomToolCallOutput(String callId, String output) {
            this(callId, output, null);
        }

        /** An output sent as a list of content items. */
        public static CustomToolCallOutput of(String callId, List<ContentItem> content) {
            return new CustomToolCallOutput(callId, ContentItem.joinedText(content), content);
        }
    }

    /** A hosted web search the server ran itself; replayed verbatim. */
    record WebSearchCall(ObjectNode raw) implements ResponseItem {}

    /**
     * The model searching the tools it was told are deferred ({@code tool_search} run by the client); replayed
     * verbatim, and answered with a {@link ToolSearchOutput} of the same {@code callId}.
     */
    record ToolSearchCall(String callId, ObjectNode raw) implements ResponseItem {}

    /** The tools a {@link ToolSearchCall} found, as the client answered it; sent as it was built. */
    record ToolSearchOutput(String callId, ObjectNode raw) implements ResponseItem {}

    /**
     * A message between agents of a team (Codex's second subagent tool set): from {@code author} to
     * {@code recipient}, its content sent exactly as it was made (a part may be encrypted for the model alone).
     */
    record AgentMessage(String author, String recipient, ObjectNode raw) implements ResponseItem {
        /** What a person may read of it: its text parts. */
        public String text() {
            StringBuilder out = new StringBuilder();
            raw.path("content").forEach(part -> out.append(part.path("text").asString("")));
            return out.toString();
        }
    }

    /** An opaque summary produced by server-side compaction. */
    record Compaction(String encryptedContent) implements ResponseItem {}

    /** An item type this version does not know; recorded, never sent back. */
    record Unknown(ObjectNode raw) implements ResponseItem {}
}
