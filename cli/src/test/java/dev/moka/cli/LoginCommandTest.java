package dev.moka.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code moka login} as a person runs it: a real process against a local device-flow server. */
class LoginCommandTest {
    @TempDir
    Path home;

    private HttpServer server;
    private final ConcurrentLinkedQueue<String[]> replies = new ConcurrentLinkedQueue<>();
    private final List<String> paths = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            paths.add(exchange.getRequestURI().getPath());
            exchange.getRequestBody().readAllBytes();
            String[] reply = replies.poll();
            byte[] body = (reply == null ? "{\"error\":\"unexpected\"}" : reply[1]).getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(reply == null ? 500 : Integer.parseInt(reply[0]), body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        String base = "http://127.0.0.1:" + server.getAddress().getPort();
        Files.writeString(home.resolve("config.toml"), """
                [oauth_providers.demo]
                client_id = "moka-test"
                device_authorization_endpoint = "%s/device"
                token_endpoint = "%s/token"
                """.formatted(base, base));
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    @Test
    void signsInWithTheDeviceFlowAndStoresTheTokenForTheOwnerOnly() throws Exception {
        replies.add(new String[] {"200", "{\"device_code\":\"dc-1\",\"user_code\":\"WXYZ-1234\","
                + "\"verification_uri\":\"https://auth.example/activate\",\"expires_in\":600,\"interval\":1}"});
        replies.add(new String[] {"200", "{\"access_token\":\"at-cli\",\"refresh_token\":\"rt-cli\",\"expires_in\":3600}"});

        var result = MokaProcess.run(home, Map.of("MOKA_HOME", home.toString()), "login", "demo");

        assertThat(result.exitCode()).as(result.stderr()).isZero();
        assertThat(result.stderr()).contains("https://auth.example/activate").contains("WXYZ-1234");
        assertThat(paths).containsExactly("/device", "/token");
        Path credentials = home.resolve("credentials").resolve("demo.json");
        assertThat(Files.readString(credentials)).contains("at-cli").contains("rt-cli");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(credentials))).isEqualTo("rw-------");
    }

    @Test
    void anUnknownProviderIsAUsageErrorNamingTheTableToAdd() throws Exception {
        var result = MokaProcess.run(home, Map.of("MOKA_HOME", home.toString()), "login", "nobody");

        assertThat(result.exitCode()).isEqualTo(2);
        assertThat(result.stderr()).contains("no OAuth provider named \"nobody\"").contains("[oauth_providers.nobody]");
        assertThat(paths).isEmpty();
    }

    @Test
    void aDeniedLoginFailsWithoutStoringAnything() throws Exception {
        replies.add(new String[] {"200", "{\"device_code\":\"dc\",\"user_code\":\"U\",\"verification_uri\":\"https://a\","
                + "\"interval\":1}"});
        replies.add(new String[] {"400", "{\"error\":\"access_denied\"}"});

        var result = MokaProcess.run(home, Map.of("MOKA_HOME", home.toString()), "login", "demo");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.stderr()).contains("login failed");
        assertThat(home.resolve("credentials").resolve("demo.json")).doesNotExist();
    }
}
