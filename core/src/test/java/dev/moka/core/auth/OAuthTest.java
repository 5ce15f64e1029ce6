package dev.moka.core.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import dev.moka.core.net.HttpClients;
import dev.moka.core.config.service.OAuthProvider;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OAuthTest {
    private static final Instant NOW = Instant.parse("2025-06-01T12:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

    @TempDir
    Path home;
    private HttpServer server;
    private final ConcurrentLinkedQueue<String[]> replies = new ConcurrentLinkedQueue<>();
    private final List<String> forms = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            forms.add(exchange.getRequestURI().getPath() + " " + exchange.getRequestHeaders().getFirst("Content-Type")
                    + " " + new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            String[] reply = replies.poll();
            byte[] body = reply[1].getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(Integer.parseInt(reply[0]), body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private OAuthProvider provider() {
        String base = "http://127.0.0.1:" + server.getAddress().getPort();
        return new OAuthProvider("moonshot", "moka-cli", base + "/device", base + "/token", "search");
    }

    @Test
    void storesTokensReadableByTheOwnerOnly() throws Exception {
        CredentialStore store = new CredentialStore(home);

        store.write("moonshot", new StoredToken("at-1", "rt-1", NOW.plusSeconds(3600)));

        Path file = home.resolve("credentials/moonshot.json");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(store.read("moonshot")).contains(new StoredToken("at-1", "rt-1", NOW.plusSeconds(3600)));
        assertThatThrownBy(() -> store.file("../evil")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void usesAValidTokenWithoutAnyRequest() throws Exception {
        CredentialStore store = new CredentialStore(home);
        store.write("moonshot", new StoredToken("at-1", "rt-1", NOW.plusSeconds(3600)));

        String token = new TokenSource(store, Map.of("moonshot", provider()), HttpClients.lazy(), CLOCK)
                .accessToken("moonshot");

        assertThat(token).isEqualTo("at-1");
        assertThat(forms).isEmpty();
    }

    @Test
    void refreshesAnExpiredTokenBeforeUseAndStoresTheNewOne() throws Exception {
        CredentialStore store = new CredentialStore(home);
        store.write("moonshot", new StoredToken("at-old", "rt-1", NOW.minusSeconds(5)));
        replies.add(new String[] {"200", "{\"access_token\":\"at-new\",\"expires_in\":3600,\"token_type\":\"Bearer\"}"});

        String token = new TokenSource(store, Map.of("moonshot", provider()), HttpClients.lazy(), CLOCK)
                .accessToken("moonshot");

        assertThat(token).isEqualTo("at-new");
        assertThat(forms).containsExactly("/token application/x-www-form-urlencoded "
                + "grant_type=refresh_token&refresh_token=rt-1&client_id=moka-cli");
        assertThat(store.read("moonshot")).contains(new StoredToken("at-new", "rt-1", NOW.plusSeconds(3600)));
    }

    @Test
    void aRefusedRefreshTellsThePersonToLogInAgain() throws Exception {
        CredentialStore store = new CredentialStore(home);
        store.write("moonshot", new StoredToken("at-old", "rt-1", NOW.minusSeconds(5)));
        replies.add(new String[] {"400", "{\"error\":\"invalid_grant\"}"});

        assertThatThrownBy(() -> new TokenSource(store, Map.of("moonshot", provider()), HttpClients.lazy(), CLOCK)
                .accessToken("moonshot"))
                .isInstanceOf(OAuthException.class)
                .hasMessage("refreshing the token for \"moonshot\" failed: HTTP 400 invalid_grant; run `moka login moonshot`");
    }

    @Test
    void aMissingLoginNamesTheCommandToRun() {
        assertThatThrownBy(() -> new TokenSource(new CredentialStore(home), Map.of(), HttpClients.lazy(), CLOCK)
                .accessToken("moonshot"))
                .hasMessage("not logged in to OAuth provider \"moonshot\"; run `moka login moonshot`");
    }

    @Test
    void deviceFlowPollsUntilApprovedAndHonoursSlowDown() throws Exception {
        replies.add(new String[] {"200", "{\"device_code\":\"dc-1\",\"user_code\":\"ABCD-EFGH\","
                + "\"verification_uri\":\"https://auth.example/device\",\"expires_in\":600,\"interval\":1}"});
        replies.add(new String[] {"400", "{\"error\":\"authorization_pending\"}"});
        replies.add(new String[] {"400", "{\"error\":\"slow_down\"}"});
        replies.add(new String[] {"200", "{\"access_token\":\"at-dev\",\"refresh_token\":\"rt-dev\",\"expires_in\":60}"});
        List<java.time.Duration> waits = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        CredentialStore store = new CredentialStore(home);

        StoredToken token = new DeviceLogin(HttpClients.lazy(), store, CLOCK, waits::add).login(provider(), shown::add);

        assertThat(token.accessToken()).isEqualTo("at-dev");
        assertThat(shown).containsExactly("To sign in to moonshot, open https://auth.example/device",
                "and enter the code: ABCD-EFGH");
        assertThat(forms.getFirst()).endsWith("/device application/x-www-form-urlencoded client_id=moka-cli&scope=search");
        assertThat(forms.get(1)).endsWith("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code"
                + "&device_code=dc-1&client_id=moka-cli");
        assertThat(waits).extracting(java.time.Duration::toSeconds).containsExactly(1L, 1L, 6L);
        assertThat(store.read("moonshot")).contains(new StoredToken("at-dev", "rt-dev", NOW.plusSeconds(60)));
    }

    @Test
    void deviceFlowStopsWhenDenied() {
        replies.add(new String[] {"200", "{\"device_code\":\"dc\",\"user_code\":\"U\",\"verification_uri\":\"https://a\"}"});
        replies.add(new String[] {"400", "{\"error\":\"access_denied\"}"});

        assertThatThrownBy(() -> new DeviceLogin(HttpClients.lazy(), new CredentialStore(home), CLOCK, d -> { })
                .login(provider(), line -> { }))
                .hasMessage("the sign-in was denied");
    }
}
