package dev.moka.core.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MokaHomeTest {

    @Test
    void mokaHomeVariableWins() {
        assertThat(MokaHome.resolve(Map.of("MOKA_HOME", "/srv/moka/../moka-home")))
                .isEqualTo(Path.of("/srv/moka-home"));
    }

    @Test
    void defaultsToDotMokaInUserHome() {
        Path expected = Path.of(System.getProperty("user.home"), ".moka").toAbsolutePath().normalize();

        assertThat(MokaHome.resolve(Map.of())).isEqualTo(expected);
        assertThat(MokaHome.resolve(Map.of("MOKA_HOME", " "))).isEqualTo(expected);
    }
}
