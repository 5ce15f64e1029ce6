package dev.moka.core.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The loopback end of a browser sign-in: what it takes as the redirect, and what it refuses. */
class LoopbackRedirectTest {
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @Test
    void waitsPastARequestThatIsNoRedirectThenTakesTheCode() throws Exception {
        try (LoopbackRedirect redirect = LoopbackRedirect.open("s-1")) {
            assertThat(redirect.uri()).matches("http://127\\.0\\.0\\.1:\\d+/callback");

            assertThat(get(redirect.uri())).isEqualTo(400);
            assertThat(get(redirect.uri() + "?code=c-1&state=s-1")).isEqualTo(200);
            assertThat(redirect.awaitCode(Duration.ofSeconds(5))).isEqualTo("c-1");
        }
    }

    @Test
    void anErrorFromTheAuthorizationServerEndsTheSignInSayingWhy() throws Exception {
        try (LoopbackRedirect redirect = LoopbackRedirect.open("s-1")) {
            get(redirect.uri() + "?error=access_denied&error_description=the+user+said+no&state=s-1");

            assertThatThrownBy(() -> redirect.awaitCode(Duration.ofSeconds(5))).isInstanceOf(OAuthException.class)
                    .hasMessage("the authorization server refused: access_denied (the user said no)");
        }
    }

    @Test
    void noRedirectInTimeIsATimeout() throws Exception {
        try (LoopbackRedirect redirect = LoopbackRedirect.open("s-1")) {
            assertThatThrownBy(() -> redirect.awaitCode(Duration.ofSeconds(1))).isInstanceOf(OAuthException.class)
                    .hasMessage("no sign-in arrived within 1 s");
        }
    }

    private static int get(String uri) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(uri)).build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }
}
