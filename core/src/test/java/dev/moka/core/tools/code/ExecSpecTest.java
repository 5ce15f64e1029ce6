package dev.moka.core.tools.code;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ExecSpecTest {
    @Test
    void aYieldIsKeptBetweenNothingAndFiveMinutes() {
        assertThat(ExecSpec.yieldMs(-5)).isZero();
        assertThat(ExecSpec.yieldMs(1_500)).isEqualTo(1_500);
        assertThat(ExecSpec.yieldMs(3_600_000)).isEqualTo(300_000);
        assertThat(ExecSpec.yieldMs(Long.MAX_VALUE)).isEqualTo(300_000);
    }

    @Test
    void theModelIsToldTheLongestWait() {
        assertThat(ExecSpec.exec(new NestedTools(List.of())).toString()).contains("at most 300000");
        assertThat(ExecSpec.waitSpec().toString()).contains("at most 300000");
    }
}
