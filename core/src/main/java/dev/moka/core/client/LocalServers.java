package dev.moka.core.client;

import dev.moka.core.config.provider.ModelProviderInfo;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;

/**
 * Model servers on this machine (Ollama, LM Studio, vLLM): when nothing listens at their address the person has
 * to start one, so that is said in one line at once instead of after a round of retries.
 */
public final class LocalServers {
    private static final int CONNECT_TIMEOUT_MS = 2_000;

    private LocalServers() {}

    /**
     * Whether a provider on this machine accepts connections; true for remote providers, which are not probed.
     * A server that is there but slow to accept counts as there: the request will tell.
     */
    public static boolean listening(ModelProviderInfo provider) {
        if (!provider.isLocal()) {
            return true;
        }
        URI uri = URI.create(provider.baseUrl());
        int port = uri.getPort() != -1 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(uri.getHost(), port), CONNECT_TIMEOUT_MS);
            return true;
        } catch (ConnectException e) {
            return false;
        } catch (IOException | IllegalArgumentException e) {
            return true;
        }
    }

    /** Whether a failed request means nothing listens at a local provider's address. */
    static boolean refused(ModelProviderInfo provider, IOException e) {
        return provider.isLocal() && (e instanceof ConnectException || e.getCause() instanceof ConnectException);
    }

    /** The one line for a local provider that nothing listens at: where, and how to start it. */
    public static String notListening(ModelProviderInfo provider) {
        String start = switch (provider.id()) {
            case "ollama", "oss" -> "start Ollama with `ollama serve`";
            case "lmstudio" -> "start LM Studio's server with `lms server start` (or from its Developer tab)";
            default -> "start the model server";
        };
        return "nothing is listening at " + provider.baseUrl() + " (model provider '" + provider.id() + "'); "
                + start + ", or set base_url in [model_providers." + provider.id() + "] if it runs elsewhere";
    }
}
