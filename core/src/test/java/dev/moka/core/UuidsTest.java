package dev.moka.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class UuidsTest {
    @Test
    void isAVersion7UuidCarryingItsCreationTime() {
        UUID id = UUID.fromString(Uuids.v7(1_700_000_000_123L, -1L, -1L));
        assertThat(id.version()).isEqualTo(7);
        assertThat(id.variant()).isEqualTo(2);
        assertThat(id.getMostSignificantBits() >>> 16).isEqualTo(1_700_000_000_123L);
    }

    @Test
    void laterIdsSortAfterEarlierOnes() {
        String earlier = Uuids.v7(1_000L, 5L, 5L);
        String later = Uuids.v7(2_000L, 0L, 0L);
        assertThat(later).isGreaterThan(earlier);
    }

    @Test
    void manyIdsAreDistinct() {
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            ids.add(Uuids.v7());
        }
        assertThat(ids).hasSize(10_000);
    }
}
