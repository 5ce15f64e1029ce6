package dev.moka.core.context;

import dev.moka.core.WarmUp;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.moka.protocol.ContentItem;
import dev.moka.protocol.ResponseItem;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Estimates how many tokens items take in a prompt: text through the o200k_base tokenizer, opaque
 * {@code encrypted_content} and images by their size. The tokenizer's tables cost a few hundred milliseconds
 * of CPU and some 20 MB to load, which a short run should not pay: text is estimated at four bytes a token
 * until the conversation has grown past {@link #LOAD_AFTER_TOKENS}, far below any compaction limit, and only
 * then do the tables load, on a virtual thread. Rough figures are marked {@link Estimate#exact() inexact} so
 * callers do not cache them.
 */
public final class TokenEstimator {
    /** A per-item overhead for role, type and framing tokens. */
    static final int ITEM_OVERHEAD = 4;
    /** An image is billed by its tiles, not its bytes; this caps the bytes-based guess at a large image's cost. */
    static final long MAX_IMAGE_TOKENS = 2_000;
    private static final int BYTES_PER_TOKEN = 4;
    /** Texts longer than this are counted from samples (see {@link #sampled}). */
    static final int SAMPLED_ABOVE_CHARS = 12_000;
    private static final int SAMPLE_CHARS = 2_000;
    /** Rough tokens counted before the real tokenizer is worth loading. */
    static final long LOAD_AFTER_TOKENS = 16_000;

    /** A token count, and whether the real tokenizer produced it. */
    public record Estimate(long tokens, boolean exact) {}

    /** The last text counted exactly and its count: a tool output is checked against its budget, then recorded. */
    private record Last(String text, long tokens) {}

    private final Loader loader;
    private final AtomicLong roughTokens = new AtomicLong();
    private volatile Last last = new Last(null, 0);

    private TokenEstimator(Loader loader) {
        this.loader = loader;
    }

    /**
     * The estimator of this process: its tables load at most once, when a conversation first grows large
     * enough to need them, and are shared by every session (they are immutable and thread-safe).
     */
    public static TokenEstimator shared() {
        return new TokenEstimator(Shared.LOADER);
    }

    /** Holder idiom: one loader per process, created on first use, loading nothing until asked. */
    private static final class Shared {
        static final Loader LOADER = new Loader();
    }

    /** Loads the tokenizer's tables once, in the background, when first started. */
    private static final class Loader {
        final CompletableFuture<Encoding> encoding = new CompletableFuture<>();
        private final AtomicBoolean started = new AtomicBoolean();

        Loader start() {
            if (started.compareAndSet(false, true)) {
                WarmUp.start("moka-tokenizer-load", () -> {
                    try {
                        encoding.complete(Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.O200K_BASE));
                    } catch (RuntimeException | Error e) {
                        encoding.completeExceptionally(e);
                    }
                });
            }
            return this;
        }

        Encoding loaded() {
            return encoding.isDone() && !encoding.isCompletedExceptionally() ? encoding.join() : null;
        }
    }

    /** An estimator whose tokenizer starts loading now, in the background (benchmarks and tests). */
    public static TokenEstimator startLoading() {
        return new TokenEstimator(new Loader().start());
    }

    /** Loads the tokenizer and waits for it (benchmarks and tests that want exact figures from the start). */
    public TokenEstimator awaitLoaded() {
        loader.start().encoding.join();
        return this;
    }

    public Estimate text(String text) {
        if (text == null || text.isEmpty()) {
            return new Estimate(0, true);
        }
        Encoding loaded = loader.loaded();
        if (loaded == null) {
            long rough = text.length() / BYTES_PER_TOKEN + 1;
            if (roughTokens.addAndGet(rough) > LOAD_AFTER_TOKENS) {
                loader.start();
            }
            return new Estimate(rough, false);
        }
        Last previous = last;
        if (previous.text() == text) {
            return new Estimate(previous.tokens(), true);
        }
        long tokens = text.length() <= SAMPLED_ABOVE_CHARS ? loaded.countTokensOrdinary(text) : sampled(loaded, text);
        last = new Last(text, tokens);
        return new Estimate(tokens, true);
    }

    /**
     * A long text's count from three windows of it (head, middle, tail) through the tokenizer, scaled to its
     * length: within a few percent on tool output, at a third of the cost of a full count. Windows start and
     * end on whitespace where they can, so no word is split at their edges.
     */
    private static long sampled(Encoding encoding, String text) {
        int n = text.length();
        long sampledTokens = 0;
        long sampledChars = 0;
        for (int start : new int[] {0, n / 2 - SAMPLE_CHARS / 2, n - SAMPLE_CHARS}) {
            int from = wordEdge(text, start);
            int to = wordEdge(text, Math.min(n, start + SAMPLE_CHARS));
            if (to > from) {
                sampledTokens += encoding.countTokensOrdinary(text.substring(from, to));
                sampledChars += to - from;
            }
        }
        return sampledChars == 0 ? n / BYTES_PER_TOKEN + 1 : Math.round((double) sampledTokens * n / sampledChars);
    }

    /** The first whitespace at or after {@code index} within a short reach, else {@code index} itself. */
    private static int wordEdge(String text, int index) {
        for (int i = index; i < Math.min(text.length(), index + 32); i++) {
            if (Character.isWhitespace(text.charAt(i))) {
                return i;
            }
        }
        return index;
    }

    /** The estimate of one item as sent in a request. */
    public Estimate item(ResponseItem item) {
        var sum = new Sum();
        sum.tokens = ITEM_OVERHEAD;
        switch (item) {
            case ResponseItem.Message m -> m.content().forEach(part -> content(part, sum));
            case ResponseItem.Reasoning r -> {
                r.summary().forEach(s -> sum.add(text(s)));
                if (r.content() != null) {
                    r.content().forEach(c -> sum.add(text(c)));
                }
                sum.tokens += opaque(r.encryptedContent());
            }
            case ResponseItem.FunctionCall c -> {
                sum.add(text(c.name()));
                sum.add(text(c.arguments()));
            }
            case ResponseItem.FunctionCallOutput o -> sum.add(text(o.output()));
            case ResponseItem.CustomToolCall c -> {
                sum.add(text(c.name()));
                sum.add(text(c.input()));
            }
            case ResponseItem.CustomToolCallOutput o -> sum.add(text(o.output()));
            case ResponseItem.WebSearchCall w -> sum.tokens += w.raw().toString().length() / BYTES_PER_TOKEN;
            case ResponseItem.ToolSearchCall t -> sum.tokens += t.raw().toString().length() / BYTES_PER_TOKEN;
            case ResponseItem.ToolSearchOutput t -> sum.tokens += t.raw().toString().length() / BYTES_PER_TOKEN;
            case ResponseItem.AgentMessage a -> sum.tokens += a.raw().toString().length() / BYTES_PER_TOKEN;
            case ResponseItem.Compaction c -> sum.tokens += opaque(c.encryptedContent());
            case ResponseItem.Unknown ignored -> sum.tokens = 0;
        }
        return new Estimate(sum.tokens, sum.exact);
    }

    private void content(ContentItem part, Sum sum) {
        switch (part) {
            case ContentItem.InputText t -> sum.add(text(t.text()));
            case ContentItem.OutputText t -> sum.add(text(t.text()));
            case ContentItem.InputImage i -> sum.tokens += Math.min(MAX_IMAGE_TOKENS, opaque(i.imageUrl()));
            case ContentItem.Unknown u -> sum.tokens += u.raw().toString().length() / BYTES_PER_TOKEN;
        }
    }

    /** Base64 text: three bytes per four characters, then four bytes a token. */
    static long opaque(String base64) {
        return base64 == null ? 0 : (long) base64.length() * 3 / 4 / BYTES_PER_TOKEN;
    }

    private static final class Sum {
        long tokens;
        boolean exact = true;

        void add(Estimate e) {
            tokens += e.tokens();
            exact &= e.exact();
        }
    }
}
