package dev.moka.core.tools;

import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * What a tool offers the model, whatever wire carries it: a tool does not know how it is offered. One
 * renderer per wire shape (see {@code client.ResponsesTools}) turns a spec into request JSON.
 */
public sealed interface ToolSpec {
    /** The name the model calls the tool by (for a hosted tool, its type). */
    String name();

    /** A tool that may be a member of a {@link Namespace}. */
    sealed interface Member extends ToolSpec permits Function, Freeform {
        String description();

        /** This member under another name (a namespace's member offered flat). */
        Member renamed(String newName);

        /** The JSON Schema of what a call returns as data ({@link ToolResult#structured}); null for text only. */
        default ObjectNode result() {
            return null;
        }
    }

    /**
     * A tool called with a JSON object of arguments that follows {@code parameters} (a JSON Schema); {@code result},
     * when not null, is the schema of the data a call returns. Only {@code parameters} goes on the wire.
     */
    record Function(String name, String description, ObjectNode parameters, ObjectNode result) implements Member {
        public Function {
            parameters = parameters.deepCopy();
            result = result == null ? null : result.deepCopy();
        }

        /** A function whose calls return text only. */
        public Function(String name, String description, ObjectNode parameters) {
            this(name, description, parameters, null);
        }

        @Override
        public ObjectNode parameters() {
            return parameters.deepCopy();
        }

        @Override
        public ObjectNode result() {
            return result == null ? null : result.deepCopy();
        }

        @Override
        public Function renamed(String newName) {
            return new Function(newName, description, parameters, result);
        }
    }

    /**
     * A tool called with free text that follows a grammar ({@code syntax} names its notation, e.g. lark). A wire
     * without freeform tools offers it as a function whose one string argument, {@link #FUNCTION_ARGUMENT},
     * holds the text; {@code functionDescription} describes it there, as the way to send the text differs.
     */
    record Freeform(String name, String description, String syntax, String definition, String functionDescription)
            implements Member {
        /** The argument that carries the text when the tool is offered as a function. */
        public static final String FUNCTION_ARGUMENT = "input";

        /** A tool described the same way whichever shape it is offered in. */
        public Freeform(String name, String description, String syntax, String definition) {
            this(name, description, syntax, definition, description);
        }

        @Override
        public Freeform renamed(String newName) {
            return new Freeform(newName, description, syntax, definition, functionDescription);
        }
    }

    /**
     * A group of tools offered under one name (an MCP server's tools, {@code mcp__<server>}; code mode's
     * {@code functions}): the model calls a member by its own name, with the namespace beside it.
     */
    record Namespace(String name, String description, List<Member> tools) implements ToolSpec {
        public Namespace {
            tools = List.copyOf(tools);
        }

        /** A namespace of functions only. */
        public static Namespace of(String name, String description, List<Function> functions) {
            return new Namespace(name, description, List.copyOf(functions));
        }

        /**
         * The members as top-level functions named {@code <namespace>__<member>}, for wires that take no
         * namespaces (Chat Completions); the router accepts a call under either name.
         */
        public List<Member> flatten() {
            return tools.stream().map(member -> member.renamed(name + "__" + member.name())).toList();
        }
    }

    /** A tool the model's server runs itself, sent as its raw definition (e.g. {@code {"type":"web_search"}}). */
    record Hosted(ObjectNode definition) implements ToolSpec {
        public Hosted {
            definition = definition.deepCopy();
        }

        @Override
        public ObjectNode definition() {
            return definition.deepCopy();
        }

        @Override
        public String name() {
            return definition.path("type").asString("");
        }
    }
}
