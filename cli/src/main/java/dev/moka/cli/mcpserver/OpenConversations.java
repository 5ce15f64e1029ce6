package dev.moka.cli.mcpserver;

import dev.moka.core.config.Config;
import dev.moka.core.config.toml.ConfigException;
import dev.moka.core.session.Conversations;
import dev.moka.core.session.Face;
import dev.moka.core.session.ResumeTarget;
import dev.moka.core.session.RolloutInUseException;
import dev.moka.core.session.Rollouts;
import dev.moka.core.session.Session;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The conversations this server has open, each its own {@link Session} from the engine's front door, by id.
 * A reply to a conversation that is not open here (the server was restarted) reads it back from its rollout.
 */
final class OpenConversations {
    static final String ORIGINATOR = "moka_mcp_server";

    private final Conversations engine;
    private final CallConfigs configs;
    private final Map<String, LiveConversation> live = new ConcurrentHashMap<>();
    /** Replies look up and reopen under this lock, so two replies to one recorded conversation open it once. */
    private final ReentrantLock lookup = new ReentrantLock();
    private volatile boolean closed;

    OpenConversations(Conversations engine, CallConfigs configs) {
        this.engine = engine;
        this.configs = configs;
    }

    /** A new conversation, already taken by the call that asked for it. */
    LiveConversation start(MokaCall call, boolean canAsk) throws ToolError, InterruptedException {
        Config config;
        try {
            config = configs.forCall(call);
        } catch (ConfigException e) {
            throw new ToolError(MokaCall.TOOL + ": " + e.getMessage());
        }
        LiveConversation conversation = open(config, new ResumeTarget.Fresh(), canAsk);
        conversation.take();
        return register(conversation);
    }

    /** The conversation {@code id} names (all of it, or a unique start), taken by the calling reply. */
    LiveConversation resume(String id, boolean canAsk) throws ToolError, InterruptedException {
        lookup.lock();
        try {
            LiveConversation conversation = findLive(id);
            if (conversation == null) {
                conversation = register(reopen(id, canAsk));
            }
            if (!conversation.take()) {
                throw new ToolError("conversation " + conversation.id() + " is still busy with another call; call"
                        + " moka-reply again once that call has returned");
            }
            return conversation;
        } finally {
            lookup.unlock();
        }
    }

    private LiveConversation findLive(String id) throws ToolError {
        LiveConversation exact = live.get(id);
        if (exact != null) {
            return exact;
        }
        List<LiveConversation> matches = live.values().stream().filter(c -> c.id().startsWith(id)).toList();
        if (matches.size() > 1) {
            throw new ToolError("\"" + id + "\" is the start of " + matches.size() + " conversations' ids; give the"
                    + " whole threadId");
        }
        return matches.isEmpty() ? null : matches.getFirst();
    }

    private LiveConversation reopen(String id, boolean canAsk) throws ToolError, InterruptedException {
        Path sessions = configs.mokaHome().resolve("sessions");
        try {
            Path file = Rollouts.findById(configs.mokaHome(), id).orElseThrow(() -> new ToolError("no conversation "
                    + id + " is open in this server or recorded under " + sessions + "; start one with the moka tool"));
            Rollouts.Recorded recorded = Rollouts.read(file);
            Config config = configs.forResume(recorded);
            return open(config, new ResumeTarget.ById(recorded.conversationId()), canAsk);
        } catch (ConfigException e) {
            throw new ToolError(ReplyCall.TOOL + ": " + e.getMessage());
        } catch (IOException e) {
            throw new ToolError(ReplyCall.TOOL + ": cannot read conversation " + id + ": " + e.getMessage());
        }
    }

    private LiveConversation open(Config config, ResumeTarget target, boolean canAsk) throws ToolError,
            InterruptedException {
        if (closed) {
            throw new ToolError("the Moka MCP server is shutting down; no conversation can start");
        }
        try {
            Session session = engine.open(config, target, new Face(ORIGINATOR, null, canAsk));
            return new LiveConversation(session, canAsk);
        } catch (ConfigException | RolloutInUseException e) {
            throw new ToolError(e.getMessage());
        } catch (IOException e) {
            throw new ToolError("cannot open the conversation: " + e.getMessage());
        }
    }

    /** Adds an opened conversation; one that opened while the server was closing is closed at once. */
    private LiveConversation register(LiveConversation conversation) throws ToolError {
        live.put(conversation.id(), conversation);
        if (closed) {
            live.remove(conversation.id());
            conversation.close();
            throw new ToolError("the Moka MCP server is shutting down; no conversation can start");
        }
        return conversation;
    }

    /** Ends every session (a running turn is interrupted, rollouts are closed), all at once. */
    void closeAll() {
        closed = true;
        List<Thread> closing = new ArrayList<>();
        for (LiveConversation conversation : live.values()) {
            closing.add(Thread.ofVirtual().name("moka-mcp-close-" + conversation.id()).start(conversation::close));
        }
        for (Thread thread : closing) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
