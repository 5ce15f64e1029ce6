package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.testkit.Sse;
import dev.moka.testkit.StatusReply;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The probe's finding: a key echoed in a server's error body, or set in a provider's query parameters, was
 * printed to stderr and {@code --json} and written to the rollout. Each test runs the real command twice (as
 * text and as JSONL) and looks for the key everywhere it wrote.
 */
class ExecRedactsSecretsTest extends ProcessFixture {
    /** Neither named like a secret nor shaped like one: only knowing the configured value can mask it. */
    static final String PROVIDER_KEY = "acme-live-7f3b9c2e1d4a5b6c";
    static final String QUERY_KEY = "qp-91c2d8e7a6b5f4e3";


    private void configure(String queryParams) throws IOException {
        Files.writeString(home.resolve("config.toml"), """
                model_provider = "acme"
                [model_providers.acme]
                name = "Acme"
                base_url = "%s"
                env_key = "ACME_CREDENTIAL"
                request_max_retries = 1
                stream_max_retries = 0
                %s
                """.formatted(server.url(), queryParams));
    }

    private Map<String, String> env() {
        Map<String, String> env = new HashMap<>(MokaProcess.env(home, server.url()));
        env.put("ACME_CREDENTIAL", PROVIDER_KEY);
        return env;
    }

    /** Everything the runs wrote: their output, and every file under MOKA_HOME (rollouts, moka.log). */
    private String everythingWritten(List<MokaProcess.Result> runs) throws IOException {
        StringBuilder all = new StringBuilder();
        runs.forEach(run -> all.append(run.stdout()).append(run.stderr()));
        try (Stream<Path> files = Files.walk(home)) {
            // config.toml is where the person put the key; it is read, never written.
            for (Path file : files.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().equals("config.toml")).toList()) {
                all.append(Files.readString(file));
            }
        }
        return all.toString();
    }

    private static List<String> filesUnder(Path dir, String prefix) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(prefix))
                    .collect(Collectors.toList());
        }
    }

    @Test
    void aKeyEchoedInA401BodyIsRedactedFromStderrJsonTheRolloutAndTheLog() throws Exception {
        configure("");
        String body = "{\"error\":{\"message\":\"Incorrect API key provided: " + PROVIDER_KEY
                + ". You can find your API key at https://platform.example.com\",\"code\":\"invalid_api_key\"}}";
        server.enqueue(new StatusReply(401, body, List.of()), new StatusReply(401, body, List.of()));

        var text = MokaProcess.run(repo, env(), "exec", "hello");
        var jsonl = MokaProcess.run(repo, env(), "exec", "--json", "hello");

        assertThat(text.exitCode()).isNotZero();
        assertThat(text.stderr()).contains("HTTP 401", "Incorrect API key provided", "[REDACTED]");
        assertThat(jsonl.stdout()).contains("Incorrect API key provided", "[REDACTED]");
        assertThat(filesUnder(home, "rollout-")).hasSize(2);
        assertThat(filesUnder(home, "moka.log")).isNotEmpty();
        assertThat(everythingWritten(List.of(text, jsonl))).doesNotContain(PROVIDER_KEY);
        // The key was still sent, where it belongs.
        assertThat(server.requests().getFirst().header("authorization")).isEqualTo("Bearer " + PROVIDER_KEY);
    }

    @Test
    void aKeyInTheProvidersQueryParametersIsRedactedFromEveryRetryAndError() throws Exception {
        configure("query_params = { \"api-key\" = \"" + QUERY_KEY + "\", key = \"" + QUERY_KEY + "\" }");
        server.enqueue(new StatusReply(500, "{\"error\":{\"message\":\"overloaded\"}}", List.of()),
                new StatusReply(500, "{\"error\":{\"message\":\"overloaded\"}}", List.of()),
                new StatusReply(500, "{\"error\":{\"message\":\"overloaded\"}}", List.of()),
                new StatusReply(500, "{\"error\":{\"message\":\"overloaded\"}}", List.of()));

        var text = MokaProcess.run(repo, env(), "exec", "hello");
        var jsonl = MokaProcess.run(repo, env(), "exec", "--json", "hello");

        assertThat(text.exitCode()).isNotZero();
        assertThat(text.stderr()).contains("HTTP 500", "api-key=[REDACTED]");
        assertThat(jsonl.stdout()).contains("api-key=[REDACTED]");
        assertThat(everythingWritten(List.of(text, jsonl))).doesNotContain(QUERY_KEY).doesNotContain(PROVIDER_KEY);
        assertThat(server.requests().getFirst().queryParam("api-key")).isEqualTo(QUERY_KEY);
    }

    // Assembled from halves, so that the source holds no secret-shaped string.
    static final String AWS_KEY = "AKIA" + "IOSFODNN7EXAMPLE";
    static final String SLACK_TOKEN = "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx";
    static final String SERVICE_TOKEN = "svc-7f3b9c2e1d4a5b6c";
    static final String PEM_BODY = "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun";
    static final String PEM = "-----BEGIN RSA " + "PRIVATE KEY-----\n" + PEM_BODY + "\n"
            + "VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n" + "LxoS2tFczGkPLPgizsku==\n"
            + "-----END RSA " + "PRIVATE KEY-----\n";
    static final List<String> PRINTED_SECRETS = List.of(AWS_KEY, SLACK_TOKEN, SERVICE_TOKEN, PEM_BODY,
            "LxoS2tFczGkPLPgizsku");

    @Test
    void whatACommandPrintsIsMaskedEverywhereAPersonOrAFileSeesItButTheModelReadsItWhole() throws Exception {
        Files.writeString(repo.resolve("creds.txt"), "aws " + AWS_KEY + "\nslack " + SLACK_TOKEN + "\n" + PEM
                + "service " + SERVICE_TOKEN + "\n");
        Map<String, String> env = new HashMap<>(MokaProcess.env(home, server.url()));
        env.put("MY_SERVICE_TOKEN", SERVICE_TOKEN);
        List<MokaProcess.Result> runs = new java.util.ArrayList<>();
        for (List<String> args : List.of(List.of("exec", "show the creds"), List.of("exec", "--json", "show the creds"))) {
            server.enqueue(Sse.response("r1").functionCall("c1", "shell", "{\"command\":[\"cat\",\"creds.txt\"]}")
                            .completed(),
                    Sse.response("r2").text("m1", "The AWS key is " + AWS_KEY + ".").completed());
            runs.add(MokaProcess.run(repo, env, args.toArray(String[]::new)));
        }

        MokaProcess.Result text = runs.get(0);
        MokaProcess.Result jsonl = runs.get(1);
        assertThat(text.exitCode()).as(text.stderr()).isZero();
        assertThat(jsonl.exitCode()).as(jsonl.stderr()).isZero();
        assertThat(text.stdout()).isEqualTo("The AWS key is [REDACTED].\n");
        assertThat(text.stderr()).contains("    service [REDACTED]");
        assertThat(jsonl.stdout()).contains("aws [REDACTED]\\nslack [REDACTED]\\n[REDACTED]\\nservice [REDACTED]");
        assertThat(filesUnder(home, "rollout-")).hasSize(2);
        String written = everythingWritten(runs);
        PRINTED_SECRETS.forEach(secret -> assertThat(written).doesNotContain(secret));
        // The model was sent the output as the command printed it, in both runs.
        for (int second : List.of(1, 3)) {
            String sent = server.requests().get(second).bodyJson().toString();
            PRINTED_SECRETS.forEach(secret -> assertThat(sent).contains(secret));
        }
    }
}
