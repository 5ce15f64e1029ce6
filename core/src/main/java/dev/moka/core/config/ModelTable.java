package dev.moka.core.config;

import dev.moka.protocol.ReasoningEffort;
import java.util.Comparator;
import java.util.List;

/** What Moka knows about models, by slug prefix: the longest matching prefix wins. */
public final class ModelTable {

    private record Family(String prefix, long contextWindow, long maxOutputTokens, boolean reasoning,
            boolean verbosity, boolean freeformPatch) {

        ModelInfo info(String slug) {
            return new ModelInfo(slug, contextWindow, maxOutputTokens, reasoning, verbosity,
                    reasoning ? ReasoningEffort.MEDIUM : null, freeformPatch);
        }
    }

    private static final long GPT5_CONTEXT = 272_000;
    private static final long GPT5_OUTPUT = 128_000;

    // The general gpt-5 models take a verbosity setting; the codex-tuned ones do not. The codex-tuned models
    // and gpt-5.1 onwards were trained on the freeform apply_patch; the rest get the function form.
    private static final List<Family> FAMILIES = List.of(
            new Family("gpt-5.2-codex", GPT5_CONTEXT, GPT5_OUTPUT, true, false, true),
            new Family("gpt-5.2", GPT5_CONTEXT, GPT5_OUTPUT, true, true, true),
            new Family("gpt-5.1-codex-max", GPT5_CONTEXT, GPT5_OUTPUT, true, false, true),
            new Family("gpt-5.1-codex", GPT5_CONTEXT, GPT5_OUTPUT, true, false, true),
            new Family("gpt-5.1", GPT5_CONTEXT, GPT5_OUTPUT, true, true, true),
            new Family("gpt-5-codex", GPT5_CONTEXT, GPT5_OUTPUT, true, false, true),
            new Family("gpt-5", GPT5_CONTEXT, GPT5_OUTPUT, true, true, false),
            // codex-mini-latest is built on o4-mini and shares its limits.
            new Family("codex-mini", 200_000, 100_000, true, false, true),
            new Family("o3", 200_000, 100_000, true, false, false),
            new Family("o4-mini", 200_000, 100_000, true, false, false),
            new Family("gpt-4.1", 1_047_576, 32_768, false, false, false),
            new Family("gpt-4o", 128_000, 16_384, false, false, false),
            new Family("gpt-oss", 131_072, 32_768, true, false, false));

    private static final Family UNKNOWN = new Family("", 128_000, 16_384, false, false, false);

    private ModelTable() {}

    /** The known limits and options of {@code slug}, or conservative defaults for a model Moka does not know. */
    public static ModelInfo lookup(String slug) {
        return FAMILIES.stream()
                .filter(family -> slug.startsWith(family.prefix()))
                .max(Comparator.comparingInt(family -> family.prefix().length()))
                .orElse(UNKNOWN)
                .info(slug);
    }
}
