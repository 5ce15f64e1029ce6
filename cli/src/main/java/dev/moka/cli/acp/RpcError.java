package dev.moka.cli.acp;

/**
 * A JSON-RPC error a method answers with: {@code code} from JSON-RPC's and ACP's lists, {@code message} saying
 * what was wrong and how to put it right.
 */
final class RpcError extends Exception {
    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int METHOD_NOT_FOUND = -32601;
    static final int INVALID_PARAMS = -32602;
    static final int INTERNAL_ERROR = -32603;
    /** ACP's "authentication required": the client should offer the agent's auth methods. */
    static final int AUTH_REQUIRED = -32000;
    /** ACP's "resource not found": no such session. */
    static final int NOT_FOUND = -32002;

    private final int code;

    RpcError(int code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    int code() {
        return code;
    }

    static RpcError invalidParams(String message) {
        return new RpcError(INVALID_PARAMS, message);
    }
}
