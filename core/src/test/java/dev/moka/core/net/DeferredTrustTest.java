package dev.moka.core.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's deferred TLS and trust refuse what the JDK's defaults refuse and accept what they accept; plain
 * HTTP sets none of it up.
 */
class DeferredTrustTest {
    @TempDir
    Path dir;

    private static void answer(HttpServer server) {
        server.createContext("/", exchange -> {
            byte[] body = "hello".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    @Test
    void plainHttpWorks() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        answer(server);
        try {
            HttpClients clients = HttpClients.lazy();
            var response = clients.get().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:"
                    + server.getAddress().getPort() + "/")).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.body()).isEqualTo("hello");
            assertThat(clients.tlsStarted()).isFalse();
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aServerWhoseCertificateNoAuthoritySignedIsRefused() throws Exception {
        HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(selfSigned()));
        answer(server);
        try {
            HttpClients clients = HttpClients.lazy();
            clients.prefetchTls();
            URI uri = URI.create("https://127.0.0.1:" + server.getAddress().getPort() + "/");
            assertThatThrownBy(() -> clients.get().send(HttpRequest.newBuilder(uri).build(),
                    HttpResponse.BodyHandlers.ofString())).isInstanceOf(SSLHandshakeException.class);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aServerWhoseCertificateIsTrustedAnswersOverTls13() throws Exception {
        HttpsServer server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(selfSigned()));
        answer(server);
        // The JDK's default trust reads these when it loads, which the deferred trust does on first use.
        String store = System.setProperty("javax.net.ssl.trustStore", dir.resolve("server.p12").toString());
        String password = System.setProperty("javax.net.ssl.trustStorePassword", "changeit");
        try (HttpClients clients = HttpClients.lazy()) {
            URI uri = URI.create("https://127.0.0.1:" + server.getAddress().getPort() + "/");
            var response = clients.get().send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(response.body()).isEqualTo("hello");
            assertThat(response.sslSession()).hasValueSatisfying(
                    session -> assertThat(session.getProtocol()).isEqualTo("TLSv1.3"));
            assertThat(clients.tlsStarted()).isTrue();
        } finally {
            restore("javax.net.ssl.trustStore", store);
            restore("javax.net.ssl.trustStorePassword", password);
            server.stop(0);
        }
    }

    private static void restore(String property, String value) {
        if (value == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, value);
        }
    }

    /** A TLS context serving a fresh self-signed certificate made by the JDK's keytool (kept in server.p12). */
    private SSLContext selfSigned() throws Exception {
        Path store = dir.resolve("server.p12");
        Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                "-genkeypair", "-keyalg", "EC", "-alias", "server", "-dname", "CN=127.0.0.1",
                "-ext", "san=ip:127.0.0.1", "-validity", "2", "-keystore", store.toString(), "-storetype", "PKCS12",
                "-storepass", "changeit", "-keypass", "changeit").redirectErrorStream(true).start();
        assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).as(new String(keytool.getInputStream().readAllBytes())).isZero();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, "changeit".toCharArray());
        }
        KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        managers.init(keys, "changeit".toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(managers.getKeyManagers(), null, null);
        return context;
    }
}
