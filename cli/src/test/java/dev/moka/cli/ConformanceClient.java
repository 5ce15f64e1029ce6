package dev.moka.cli;

import dev.moka.protocol.Json;
import dev.moka.testkit.MockResponsesServer;
import dev.moka.testkit.Sse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The client command the MCP conformance suite runs for each client scenario ({@code ConformanceClient
 * <server-url>}, the scenario named by {@code MCP_CONFORMANCE_SCENARIO}): it points {@code [mcp_servers.conformance]}
 * at the scenario's server, signs in first when the scenario is about authorization ({@code moka mcp login}, with
 * curl as the browser: the suite's authorization server redirects at once), and runs {@code moka exec} against
 * the mock model, which calls the scenario's tool; the scenario whose server asks for a form runs the terminal UI
 * instead, where the form is accepted. It exits with the status of the last moka run.
 */
final class ConformanceClient {
    static final String SERVER = "conformance";
    /** The model's answer once the tool answered. */
    private static final String ANSWER = "The conformance tool answered.";
    /** The scenarios of the client_credentials grant (an extension): {@code grant_type} chooses it. */
    static final String CLIENT_CREDENTIALS = "auth/client-credentials";
    /** The option that runs the terminal UI instead of exec, where a question (a sign-in again) is answered. */
    static final String UI = "--ui";
    /** The scenario whose server asks the person to fill in a form. */
    static final String FORM_SCENARIO = "elicitation-sep1034-client-defaults";
    /** Follows the suite's authorization redirect to Moka's loopback, as a browser would. */
    private static final String BROWSER = "curl -s -o /dev/null -L";
    /** The variable the pre-registered client's secret is handed over in, as a person would export it. */
    private static final String SECRET_VARIABLE = "CONFORMANCE_CLIENT_SECRET";
    /** The client ID metadata document URL the suite's CIMD scenario expects a client to be configured with. */
    private static final String CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";

    private ConformanceClient() {}

    /** The tool the scenario's server offers and the arguments the model calls it with; null: no call. */
    record Call(String tool, String arguments) {}

    static Call call(String scenario) {
        return switch (scenario) {
            case "initialize" -> null;
            case "tools_call" -> new Call("add_numbers", "{\"a\":5,\"b\":3}");
            case FORM_SCENARIO -> new Call("test_client_elicitation_defaults", "{}");
            case "sse-retry" -> new Call("test_reconnection", "{}");
            default -> scenario.startsWith("auth/") ? new Call("test-tool", "{}") : null;
        };
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1 && !(args.length == 2 && args[0].equals(UI))) {
            System.err.println("usage: ConformanceClient [--ui] <server-url> (MCP_CONFORMANCE_SCENARIO names the"
                    + " scenario)");
            System.exit(2);
        }
        String url = args[args.length - 1];
        String scenario = System.getenv().getOrDefault("MCP_CONFORMANCE_SCENARIO", "");
        Path home = Files.createTempDirectory("moka-conformance-home");
        Path repo = Files.createTempDirectory("moka-conformance-repo");
        Files.createDirectories(repo.resolve(".git"));
        JsonNode context = context();
        Files.writeString(home.resolve("config.toml"), config(url, scenario, context));
        Call call = call(scenario);
        try (var model = MockResponsesServer.start()) {
            if (call != null) {
                // The model knows a tool by its name with '-' turned into '_', as Codex does.
                model.enqueue(Sse.response("r1").created().functionCall("call_1", "mcp__" + SERVER + "__"
                        + call.tool().replace('-', '_'), call.arguments()).completed());
            }
            model.enqueue(Sse.response("r2").created().text("m1", ANSWER).completed());
            Map<String, String> env = MokaProcess.env(home, model.url());
            env.put("BROWSER", BROWSER);
            if (context.path("client_secret").isString()) {
                env.put(SECRET_VARIABLE, context.path("client_secret").asString());
            }
            int status = 0;
            // A client of the client_credentials grant gets its token itself: nobody signs in.
            if (scenario.startsWith("auth/") && !scenario.startsWith(CLIENT_CREDENTIALS)) {
                status = relay(MokaProcess.run(repo, env, "mcp", "login", SERVER));
            }
            if (status == 0 && (scenario.equals(FORM_SCENARIO) || args[0].equals(UI))) {
                status = answerTheFormInTheUi(repo, env);
            } else if (status == 0) {
                status = relay(MokaProcess.run(repo, env, "exec", "Call the conformance tool."));
            }
            delete(home);
            delete(repo);
            System.exit(status);
        }
    }

    /**
     * The form scenario needs a person to accept the server's form: the real UI runs in tmux, the prompt is
     * typed, and Enter accepts the form as the server filled it in (its defaults), as a person would. With
     * {@code --ui}, the question Enter answers is whether to sign in again.
     */
    private static int answerTheFormInTheUi(Path repo, Map<String, String> env) throws Exception {
        env.put("TERM", "xterm-256color");
        try (Tmux tmux = Tmux.start(repo, env, 100, 40)) {
            try {
                tmux.waitFor("context left");
                tmux.type("Call the conformance tool.");
                tmux.keys("Enter");
                tmux.waitFor("enter sends");
                tmux.keys("Enter");
                tmux.waitFor(ANSWER);
                return 0;
            } catch (AssertionError e) {
                System.err.println(e.getMessage());
                return 1;
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        try (var paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }

    /** What the suite passes beside the scenario's name (a pre-registered client's id and secret), or {}. */
    private static JsonNode context() {
        String context = System.getenv("MCP_CONFORMANCE_CONTEXT");
        return context == null ? Json.object() : Json.parse(context);
    }

    static String config(String url, String scenario, JsonNode context) {
        StringBuilder toml = new StringBuilder("model = \"gpt-5.1-codex\"\napproval_policy = \"never\"\n\n[mcp_servers."
                + SERVER + "]\nurl = \"" + url + "\"\n"
                // Scenarios run side by side: on a small, busy machine a start takes longer than usual.
                + "startup_timeout_sec = 45\n");
        if (context.path("client_id").isString()) {
            toml.append("oauth = { client_id = \"").append(context.path("client_id").asString())
                    .append("\", client_secret_env_var = \"").append(SECRET_VARIABLE).append("\"")
                    .append(scenario.startsWith(CLIENT_CREDENTIALS) ? ", grant_type = \"client_credentials\""
                            : "").append(" }\n");
        }
        if (scenario.equals("auth/basic-cimd")) {
            toml.append("oauth = { client_metadata_url = \"").append(CLIENT_METADATA_URL).append("\" }\n");
        }
        return toml.toString();
    }

    private static int relay(MokaProcess.Result run) {
        System.out.print(run.stdout());
        System.err.print(run.stderr());
        return run.exitCode();
    }
}
