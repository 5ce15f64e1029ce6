package dev.moka.core.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TokenEstimatorTest {
    static final TokenEstimator ESTIMATOR = ToolOutputBudgetTest.ESTIMATOR;
    static final Encoding O200K = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE);

    private static void assertCloseToAFullCount(String text) {
        long full = O200K.countTokensOrdinary(text);
        assertThat((double) ESTIMATOR.text(text).tokens()).isCloseTo(full, within(full * 0.05));
    }

    @Test
    void shortTextsAreCountedExactly() {
        String text = "Compile the project, then run the failing test again.";
        assertThat(ESTIMATOR.text(text).tokens()).isEqualTo(O200K.countTokensOrdinary(text));
        assertThat(ESTIMATOR.text(text).exact()).isTrue();
    }

    @Test
    void longCommandOutputIsCountedFromSamplesWithinFivePercent() {
        String log = IntStream.range(0, 800).mapToObj(i -> "[INFO] Tests run: " + i + ", Failures: 0, Errors: 0, "
                + "Skipped: 0, Time elapsed: 0." + (i % 97) + " s -- in dev.moka.core.Test" + i)
                .collect(Collectors.joining("\n"));
        assertThat(log.length()).isGreaterThan(TokenEstimator.SAMPLED_ABOVE_CHARS);
        assertCloseToAFullCount(log);
    }

    @Test
    void longSourceCodeIsCountedFromSamplesWithinFivePercent() {
        String code = IntStream.range(0, 600).mapToObj(i -> "    private static int value" + i
                + "(Map<String, List<Integer>> map) { return map.getOrDefault(\"k" + i + "\", List.of()).size(); }")
                .collect(Collectors.joining("\n"));
        assertCloseToAFullCount(code);
    }

    @Test
    void longProseIsCountedFromSamplesWithinFivePercent() {
        String prose = IntStream.range(0, 400).mapToObj(i -> "Sentence number " + i + " explains, in plain words, "
                + "why the cache only hits on an exact prefix of the previous request.")
                .collect(Collectors.joining(" "));
        assertCloseToAFullCount(prose);
    }
}
