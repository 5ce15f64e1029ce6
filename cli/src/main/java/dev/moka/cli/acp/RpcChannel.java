package dev.moka.cli.acp;

import dev.moka.core.log.MokaLog;
import dev.moka.protocol.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * JSON-RPC 2.0 over standard input and output, one message a line, as ACP's stdio transport says. Each request
 * from the client is answered on a virtual thread of its own, so a long {@code session/prompt} never holds up the
 * {@code session/cancel} that stops it; the agent's own requests ({@code session/request_permission}) wait for
 * their answers here. Nothing but these messages is ever written to the output.
 */
final class RpcChannel {
    /** What serves the client's messages. */
    interface Methods {
        /** The result of request {@code method}; throws the error to answer with instead. */
        JsonNode call(String method, JsonNode params) throws RpcError, InterruptedException;

        /** Called once the answer {@code result} to {@code method} has been sent. */
        void answered(String method, JsonNode params, JsonNode result);

        /** A notification ({@code session/cancel}): nothing is answered. */
        void notified(String method, JsonNode params);
    }

    private final InputStream in;
    private final OutputStream out;
    private final MokaLog log;
    private final AtomicLong nextId = new AtomicLong();
    private final Map<String, CompletableFuture<JsonNode>> awaiting = new ConcurrentHashMap<>();
    /** The threads answering the client's requests now. */
    private final Set<Thread> unanswered = ConcurrentHashMap.newKeySet();

    RpcChannel(InputStream in, OutputStream out, MokaLog log) {
        this.in = in;
        this.out = out;
        this.log = log;
    }

    /** Reads and serves messages until the input ends; the agent's requests still waiting then fail. */
    void serve(Methods methods) throws IOException {
        var reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        try {
            String line;
            while ((line = reader.readLine()) != null) {
                if (!line.isBlank()) {
                    dispatch(line, methods);
                }
            }
        } finally {
            awaiting.values().forEach(answer -> answer.completeExceptionally(
                    new IOException("the client closed its input before it answered")));
        }
    }

    private void dispatch(String line, Methods methods) {
        JsonNode message;
        try {
            message = Json.parse(line);
        } catch (JacksonException e) {
            send(error(null, RpcError.PARSE_ERROR, "not a JSON message: " + e.getOriginalMessage()));
            return;
        }
        JsonNode id = message.get("id");
        String method = Json.text(message, "method");
        if (method == null && id != null) {
            answered(id, message);
        } else if (method == null) {
            send(error(null, RpcError.INVALID_REQUEST, "a message needs a method (a request or notification) or an"
                    + " id (a response)"));
        } else if (id == null) {
            Thread.ofVirtual().name("moka-acp-" + method).start(() -> methods.notified(method, message.get("params")));
        } else {
            Thread answering = Thread.ofVirtual().name("moka-acp-" + method).unstarted(() -> {
                try {
                    JsonNode params = message.get("params") == null ? Json.object() : message.get("params");
                    ObjectNode response = answer(methods, id, method, params);
                    send(response);
                    if (response.has("result")) {
                        methods.answered(method, params, response.get("result"));
                    }
                } finally {
                    unanswered.remove(Thread.currentThread());
                }
            });
            unanswered.add(answering);
            answering.start();
        }
    }

    private ObjectNode answer(Methods methods, JsonNode id, String method, JsonNode params) {
        try {
            ObjectNode response = Json.object().put("jsonrpc", "2.0");
            response.set("id", id);
            JsonNode result = methods.call(method, params);
            response.set("result", result == null ? Json.object() : result);
            return response;
        } catch (RpcError e) {
            return error(id, e.code(), e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return error(id, RpcError.INTERNAL_ERROR, method + " was interrupted: Moka is shutting down");
        } catch (RuntimeException e) {
            log.error("acp: " + method + " failed", e);
            return error(id, RpcError.INTERNAL_ERROR, method + " failed: " + e + "; details are in " + log.file());
        }
    }

    private void answered(JsonNode id, JsonNode message) {
        CompletableFuture<JsonNode> answer = awaiting.remove(id.asString());
        if (answer == null) {
            log.warn("acp: the client answered request " + id + ", which is not waiting for an answer");
        } else if (message.has("error")) {
            answer.completeExceptionally(new IOException("the client answered with an error: " + message.get("error")));
        } else {
            answer.complete(message.get("result"));
        }
    }

    /**
     * Waits (until {@code deadline}) for every request read so far to be answered: a client that writes its requests
     * and closes its input at once (a pipe) still gets every answer.
     */
    void awaitAnswers(Instant deadline) throws InterruptedException {
        for (Thread thread : List.copyOf(unanswered)) {
            Duration left = Duration.between(Instant.now(), deadline);
            if (left.isNegative() || !thread.join(left)) {
                log.warn("acp: a request was still unanswered when Moka stopped: " + thread.getName());
                return;
            }
        }
    }

    /** Sends a notification. */
    void notify(String method, JsonNode params) {
        send(Json.object().put("jsonrpc", "2.0").put("method", method).set("params", params));
    }

    /** Sends a request to the client; the future completes with its result. */
    CompletableFuture<JsonNode> request(String method, JsonNode params) {
        String id = "moka-" + nextId.incrementAndGet();
        var answer = new CompletableFuture<JsonNode>();
        awaiting.put(id, answer);
        answer.whenComplete((result, failure) -> awaiting.remove(id));
        send(Json.object().put("jsonrpc", "2.0").put("id", id).put("method", method).set("params", params));
        return answer;
    }

    private static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode response = Json.object().put("jsonrpc", "2.0");
        response.set("id", id);
        response.putObject("error").put("code", code).put("message", message);
        return response;
    }

    /** One message, one line: Jackson escapes every newline inside strings, so the line is whole. */
    private synchronized void send(JsonNode message) {
        try {
            out.write((Json.write(message) + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write to the client: " + e.getMessage(), e);
        }
    }
}
