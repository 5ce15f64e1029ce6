package dev.moka.core.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {
    @Test
    void doublesFromTheBaseWithinTenPercentJitter() {
        assertThat(Backoff.DEFAULT.delay(1)).isBetween(Duration.ofMillis(180), Duration.ofMillis(220));
        assertThat(Backoff.DEFAULT.delay(3)).isBetween(Duration.ofMillis(720), Duration.ofMillis(880));
    }

    @Test
    void neverExceedsTheCapEvenForHugeRetryNumbers() {
        assertThat(Backoff.DEFAULT.delay(40)).isLessThanOrEqualTo(Duration.ofSeconds(10))
                .isGreaterThanOrEqualTo(Duration.ofSeconds(9));
        assertThat(Backoff.DEFAULT.delay(Integer.MAX_VALUE)).isLessThanOrEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void rejectsACapBelowTheBase() {
        assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
                .hasMessageContaining("base PT2S");
    }
}
