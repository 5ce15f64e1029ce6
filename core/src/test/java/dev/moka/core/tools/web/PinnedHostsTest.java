package dev.moka.core.tools.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The process resolver answers a pinned name with the checked addresses, so the HTTP client's own lookup
 * cannot be rebound to an internal address between the check and the connection.
 */
class PinnedHostsTest {
    @Test
    void aPinnedNameResolvesToTheCheckedAddressesWhileThePinIsHeld() throws Exception {
        InetAddress checked = InetAddress.getByAddress(new byte[] {93, (byte) 184, (byte) 216, 34});
        try (PinnedHosts.Pin pin = PinnedHosts.pin("rebind.moka-test.invalid", List.of(checked))) {
            assertThat(InetAddress.getAllByName("REBIND.moka-test.invalid")).containsExactly(checked);
        }
        assertThatThrownBy(() -> InetAddress.getAllByName("rebind.moka-test.invalid"))
                .isInstanceOf(UnknownHostException.class);
    }

    @Test
    void aPinHeldTwiceStaysUntilBothHoldersRelease() throws Exception {
        InetAddress checked = InetAddress.getByAddress(new byte[] {8, 8, 4, 4});
        PinnedHosts.Pin first = PinnedHosts.pin("twice.moka-test.invalid", List.of(checked));
        PinnedHosts.Pin second = PinnedHosts.pin("twice.moka-test.invalid", List.of(checked));
        first.close();
        assertThat(InetAddress.getAllByName("twice.moka-test.invalid")).containsExactly(checked);
        second.close();
        assertThat(PinnedHosts.pinned("twice.moka-test.invalid")).isNull();
    }

    @Test
    void namesNobodyPinnedGoToTheSystemResolver() throws Exception {
        assertThat(InetAddress.getAllByName("localhost")).isNotEmpty();
    }
}
