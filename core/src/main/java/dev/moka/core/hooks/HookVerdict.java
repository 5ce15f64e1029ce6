package dev.moka.core.hooks;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** What the hooks of one event answered together, in the order they are configured. */
public record HookVerdict(List<HookAnswer> answers) {
    public static final HookVerdict NONE = new HookVerdict(List.of());

    public HookVerdict {
        answers = List.copyOf(answers);
    }

    /** The reason of the first hook that blocked (exit 2, a deny, a block decision), if any did. */
    public Optional<String> blocked() {
        return answers.stream().filter(a -> a.status() == HookAnswer.Status.BLOCKED).map(HookAnswer::reason)
                .findFirst();
    }

    /** Whether a hook allowed outright ({@code permissionDecision: "allow"}). */
    public boolean allowed() {
        return answers.stream().anyMatch(a -> "allow".equals(a.decision()));
    }

    /** The input an allowing hook rewrote the call to, if one did (the first such hook wins). */
    public Optional<JsonNode> updatedInput() {
        return answers.stream().map(HookAnswer::updatedInput).filter(Objects::nonNull).findFirst();
    }

    /** The texts the hooks added for the model, in order. */
    public List<String> contexts() {
        return answers.stream().map(HookAnswer::context).filter(c -> c != null && !c.isBlank()).toList();
    }
}
