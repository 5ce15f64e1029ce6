package dev.moka.core.tools.agents;

import dev.moka.core.tools.FollowUpSource;
import dev.moka.core.tools.ToolCall;
import dev.moka.core.tools.ToolContext;
import dev.moka.core.tools.router.ToolGroup;
import dev.moka.core.tools.ToolResult;
import dev.moka.core.tools.TypedTool;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Codex's second subagent tool set, the {@code collaboration} namespace the code-mode models were trained on:
 * children are named by task ({@code /root/<task_name>}), messages between agents are {@code agent_message}
 * items, and {@code wait_agent} only says that the mailbox changed; what arrived follows it as those items.
 */
public final class CollaborationTools {
    public static final String NAMESPACE = "collaboration";
    private static final Pattern TASK_NAME = Pattern.compile("[a-z0-9_]{1,64}");

    private CollaborationTools() {}

    /** The group over {@code agents}, offered with the other tools; {@code models} are named in spawn_agent's. */
    public static ToolGroup group(Subagents agents, List<String> models, ToolGroup.Lifecycle lifecycle) {
        return new ToolGroup(NAMESPACE, AgentTools.DESCRIPTION, List.of(new Spawn(agents, models).asTool(),
                new Wait(agents).asTool(), new Message(agents, true).asTool(), new Message(agents, false).asTool(),
                OneAgentTool.interrupt(agents).asTool(), new ListAgents(agents).asTool()), false, lifecycle);
    }

    /** The developer text of a conversation that leads a team. */
    public static String instructions(String path) {
        return "You are `" + path + "`, the lead agent of a team. You may start child agents with"
                + " collaboration.spawn_agent when the person asks for delegation or parallel work; each works on its"
                + " own task in this workspace, and reports back through your mailbox (collaboration.wait_agent)."
                + " Call these tools directly, never from inside a script.";
    }

    private static ObjectNode encryptedMessage(ObjectNode schema, String description) {
        return AgentSchemas.property(schema, "message", "string", description).put("encrypted", true);
    }

    private static ObjectNode target(ObjectNode schema) {
        return AgentSchemas.property(schema, "target", "string",
                "The agent's id or task name (/root/<task_name>), as spawn_agent returned it.");
    }

    static final class Spawn implements TypedTool<Spawn.Params> {
        private final Subagents agents;
        private final List<String> models;

        record Params(String taskName, String message, String forkTurns, String model, String reasoningEffort) {}

        Spawn(Subagents agents, List<String> models) {
            this.agents = agents;
            this.models = List.copyOf(models);
        }

        @Override
        public String name() {
            return "spawn_agent";
        }

        @Override
        public String description() {
            return (models.isEmpty() ? "" : "Models a child may be given instead of yours (leave `model` out unless"
                    + " the person asks for one): " + String.join(", ", models) + ".\n")
                    + "Starts a child agent on a task of its own, named /<your path>/<task_name>, while you go on."
                    + " Only delegate when the person (or AGENTS.md) asks for sub-agents or parallel work. Its final"
                    + " answer reaches your mailbox; collaboration.wait_agent waits for it.";
        }

        @Override
        public Class<Params> parametersType() {
            return Params.class;
        }

        @Override
        public ObjectNode parametersSchema() {
            ObjectNode schema = AgentSchemas.object();
            AgentSchemas.property(schema, "fork_turns", "string", "How much of this conversation the child starts"
                    + " with: `all` (the default) or `none`.");
            encryptedMessage(schema, "The child's task.");
            AgentSchemas.property(schema, "model", "string", "Another model for the child; leave it out to use yours.");
            AgentSchemas.property(schema, "reasoning_effort", "string",
                    "Another reasoning effort for the child; leave it out to use yours.");
            AgentSchemas.property(schema, "task_name", "string",
                    "The child's task name: lowercase letters, digits and underscores.");
            return AgentSchemas.done(schema, List.of("task_name", "message"));
        }

        @Override
        public ToolResult call(Params params, ToolCall call, ToolContext context) throws InterruptedException {
            if (!TASK_NAME.matcher(params.taskName()).matches()) {
                return ToolResult.failure("task_name must be 1 to 64 lowercase letters, digits or underscores; got \""
                        + params.taskName() + "\".", "bad task name");
            }
            if (params.forkTurns() != null && !List.of("all", "none").contains(params.forkTurns())) {
                return ToolResult.failure("fork_turns is `all` or `none`; got \"" + params.forkTurns() + "\".",
                        "bad fork_turns");
            }
            String path = agents.path() + "/" + params.taskName();
            var task = TeamMessages.encrypted(TeamMessages.Kind.NEW_TASK, path, agents.path(), path, params.message());
            try {
                Subagents.Spawned spawned = agents.spawn(new Subagents.SpawnRequest(new AgentInput.FromAgent(task),
                        path, params.model(), params.reasoningEffort(), null, !"none".equals(params.forkTurns()),
                        context.hooks()));
                CollabEvents.tell(context, call, agents, List.of(spawned.id()), null, true);
                return ToolResult.ok(Json.object().put("task_name", path).toString(), "", "spawned " + path);
            } catch (Subagents.AgentException e) {
                return ToolResult.failure(e.getMessage(), "spawn refused");
            }
        }
    }

    /** Waits for the mailbox; the messages that arrived follow its output as agent_message items. */
    static final class Wait implements TypedTool<Wait.Params>, FollowUpSource {
        private final Subagents agents;
        private final List<ResponseItem> arrived = new ArrayList<>();

        record Params(Long timeoutMs) {}

        Wait(Subagents agents) {
            this.agents = agents;
        }

        @Override
        public String name() {
            return "wait_agent";
        }

        @Override
        public String description() {
            return "Waits until a child agent's message or final answer reaches your mailbox, or the time runs out."
                    + " It returns only whether anything arrived; what arrived follows as messages.";
        }

        @Override
        public Class<Params> parametersType() {
            return Params.class;
        }

        @Override
        public ObjectNode parametersSchema() {
            ObjectNode schema = AgentSchemas.object();
            AgentSchemas.property(schema, "timeout_ms", "number", WaitAgentTool.TIMEOUT_RULE);
            return AgentSchemas.done(schema, List.of());
        }

        @Override
        public ToolResult call(Params params, ToolCall call, ToolContext context) throws InterruptedException {
            List<Subagents.Listed> finished = agents.takeFinished();
            if (finished.isEmpty()) {
                List<String> open = agents.list().stream().filter(child -> !child.status().isFinal())
                        .map(Subagents.Listed::id).toList();
                if (!open.isEmpty()) {
                    agents.await(open, WaitAgentTool.timeout(params.timeoutMs()));
                }
                finished = agents.takeFinished();
            }
            synchronized (arrived) {
                finished.forEach(child -> arrived.add(answer(child)));
            }
            CollabEvents.tell(context, call, agents, finished.stream().map(Subagents.Listed::id).toList(), null, true);
            boolean timedOut = finished.isEmpty();
            return ToolResult.ok(Json.object().put("message", timedOut ? "Wait timed out." : "Wait completed.")
                    .put("timed_out", timedOut).toString(), "", timedOut ? "timed out" : finished.size() + " arrived");
        }

        /** What arrived for the last wait, then the answers of children that finished since, whichever call ran. */
        @Override
        public List<ResponseItem> takeFollowUps() {
            synchronized (arrived) {
                List<ResponseItem> taken = new ArrayList<>(arrived);
                arrived.clear();
                agents.takeFinished().forEach(child -> taken.add(answer(child)));
                return List.copyOf(taken);
            }
        }

        private ResponseItem answer(Subagents.Listed child) {
            return TeamMessages.plain(TeamMessages.Kind.FINAL_ANSWER, agents.path(), child.name(), agents.path(),
                    switch (child.status()) {
                        case AgentStatus.Completed c -> c.message();
                        case AgentStatus.Errored e -> "the agent failed: " + e.message();
                        default -> "";
                    });
        }
    }

    /** {@code followup_task} (a new task, at once) and {@code send_message} (a message, after its work). */
    static final class Message implements TypedTool<Message.Params> {
        private final Subagents agents;
        private final boolean task;

        record Params(String target, String message) {}

        Message(Subagents agents, boolean task) {
            this.agents = agents;
            this.task = task;
        }

        @Override
        public String name() {
            return task ? "followup_task" : "send_message";
        }

        @Override
        public String description() {
            return task ? "Gives a child agent a follow-up task; it starts on it when it is idle, or once its current"
                    + " step is done." : "Sends a child agent a message; it reads it once its current step is done.";
        }

        @Override
        public Class<Params> parametersType() {
            return Params.class;
        }

        @Override
        public ObjectNode parametersSchema() {
            ObjectNode schema = AgentSchemas.object();
            encryptedMessage(schema, task ? "The follow-up task." : "The message.");
            target(schema);
            return AgentSchemas.done(schema, List.of("target", "message"));
        }

        @Override
        public ToolResult call(Params params, ToolCall call, ToolContext context) {
            String path = params.target().startsWith("/") ? params.target() : agents.path() + "/" + params.target();
            var message = TeamMessages.encrypted(task ? TeamMessages.Kind.FOLLOWUP_TASK : TeamMessages.Kind.MESSAGE,
                    path, agents.path(), path, params.message());
            try {
                String submission = agents.send(path, new AgentInput.FromAgent(message), false);
                CollabEvents.tell(context, call, agents, List.of(path), null, true);
                return ToolResult.ok(Json.object().put("submission_id", submission).toString(), "", "sent");
            } catch (Subagents.AgentException e) {
                return ToolResult.failure(e.getMessage(), "not sent");
            }
        }
    }

    static final class ListAgents implements TypedTool<ListAgents.Params> {
        private final Subagents agents;

        record Params(String pathPrefix) {}

        ListAgents(Subagents agents) {
            this.agents = agents;
        }

        @Override
        public String name() {
            return "list_agents";
        }

        @Override
        public String description() {
            return "Lists the live agents below you, each with its task name and status; path_prefix keeps those"
                    + " whose task name starts with it.";
        }

        @Override
        public Class<Params> parametersType() {
            return Params.class;
        }

        @Override
        public ObjectNode parametersSchema() {
            ObjectNode schema = AgentSchemas.object();
            AgentSchemas.property(schema, "path_prefix", "string",
                    "Only agents whose task name starts with this (no trailing slash); leave it out for all.");
            return AgentSchemas.done(schema, List.of());
        }

        @Override
        public ToolResult call(Params params, ToolCall call, ToolContext context) {
            ObjectNode out = Json.object();
            ArrayNode list = out.putArray("agents");
            for (Subagents.Listed child : agents.list()) {
                if (child.status() instanceof AgentStatus.Shutdown
                        || params.pathPrefix() != null && !child.name().startsWith(params.pathPrefix())) {
                    continue;
                }
                ObjectNode entry = list.addObject().put("task_name", child.name()).put("agent_id", child.id());
                entry.set("status", child.status().toJson());
            }
            return ToolResult.ok(out.toString(), "", list.size() + " agents");
        }
    }
}
