package dev.moka.core.context;

import static org.assertj.core.api.Assertions.assertThat;

import dev.moka.core.config.model.ModelCatalog;
import dev.moka.protocol.Json;
import dev.moka.protocol.ResponseItem;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class ToolOutputBudgetTest {
    static final TokenEstimator ESTIMATOR = TokenEstimator.startLoading().awaitLoaded();
    static final String LINES = IntStream.rangeClosed(1, 5000).mapToObj(i -> "line " + i)
            .collect(Collectors.joining("\n"));

    @Test
    void aLongOutputKeepsHeadAndTailAndSaysWhatWasRemoved() {
        String cut = new ToolOutputBudget(100, true).cut(LINES, ESTIMATOR);
        assertThat(cut).startsWith("Total output lines: 5000\n\nline 1\n").endsWith("line 5000")
                .containsPattern("\\[\\.\\.\\. \\d+ tokens truncated \\.\\.\\.]");
        assertThat(ESTIMATOR.text(cut).tokens()).isLessThan(200);
    }

    @Test
    void aByteBudgetCountsBytesAndNeverSplitsACharacter() {
        String text = "ü".repeat(3000);
        String cut = new ToolOutputBudget(1000, false).cut(text, ESTIMATOR);
        assertThat(cut).contains("bytes truncated").doesNotContain("\uFFFD");
    }

    @Test
    void anOutputIsNeverCutTwiceAndShortOnesStayAsTheyAre() {
        ToolOutputBudget budget = new ToolOutputBudget(100, true);
        ResponseItem once = budget.apply(new ResponseItem.FunctionCallOutput("c", LINES), ESTIMATOR);
        assertThat(budget.apply(once, ESTIMATOR)).isSameAs(once);
        var small = new ResponseItem.FunctionCallOutput("c", "ok");
        assertThat(budget.apply(small, ESTIMATOR)).isSameAs(small);
    }

    @Test
    void shellJsonKeepsItsShapeAndOnlyItsOutputIsCut() {
        var json = Json.object().put("output", LINES);
        json.putObject("metadata").put("exit_code", 0);
        var item = new ResponseItem.FunctionCallOutput("c", Json.write(json));
        var cut = (ResponseItem.FunctionCallOutput) new ToolOutputBudget(100, true).apply(item, ESTIMATOR);
        var parsed = Json.parse(cut.output());
        assertThat(parsed.get("output").asString()).contains("tokens truncated");
        assertThat(parsed.get("metadata").get("exit_code").asInt()).isZero();
    }

    @Test
    void codexModelsCountInTokensOthersInBytesAndTheConfigWins() {
        assertThat(ToolOutputBudget.forModel(ModelCatalog.bundled().lookup("gpt-5.1-codex"), null))
                .isEqualTo(new ToolOutputBudget(10_000, true));
        assertThat(ToolOutputBudget.forModel(ModelCatalog.bundled().lookup("gpt-4.1"), null))
                .isEqualTo(new ToolOutputBudget(10 * 1024, false));
        assertThat(ToolOutputBudget.forModel(ModelCatalog.bundled().lookup("gpt-4.1"), 500L))
                .isEqualTo(new ToolOutputBudget(500, true));
    }

    @Test
    void environmentDiffHoldsOnlyChangedFieldsAndNothingWhenEqual() {
        var a = new EnvironmentContext(java.nio.file.Path.of("/a"), dev.moka.protocol.AskForApproval.NEVER,
                dev.moka.protocol.SandboxMode.READ_ONLY, dev.moka.protocol.NetworkAccess.RESTRICTED, "bash");
        var b = new EnvironmentContext(java.nio.file.Path.of("/b"), a.approvalPolicy(), a.sandboxMode(),
                a.networkAccess(), "bash");
        assertThat(EnvironmentContext.diff(a, a)).isNull();
        assertThat(EnvironmentContext.diff(a, b).toXml()).isEqualTo("<environment_context>\n  <cwd>/b</cwd>\n"
                + "</environment_context>");
    }
}
