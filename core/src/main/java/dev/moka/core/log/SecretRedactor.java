package dev.moka.core.log;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces secrets in text bound for a log, a rollout, an event or an error: the values of environment
 * variables whose names say they hold one, the values Moka was configured with (a provider's key, its secret
 * query parameters and headers), and anything shaped like a bearer token or an API key, whatever it came from:
 * {@code sk-...} tokens, {@code key=...} and {@code api-key=...} query parameters, {@code x-api-key: ...}
 * headers and {@code "api_key": "..."} JSON fields. The text may itself be JSON (a rollout line, whose strings
 * hold more JSON, escaped): a mask never swallows a quote or a backslash, so the result stays valid JSON.
 */
public final class SecretRedactor {
    static final String MASK = "[REDACTED]";
    /** Shorter values are too likely to occur in ordinary text to be worth masking (and mask nothing secret). */
    private static final int MIN_SECRET_LENGTH = 8;
    private static final String NAMES = "api[_-]?key|key|access[_-]?token|refresh[_-]?token|id[_-]?token"
            + "|client[_-]?secret|secret|token|password|auth[_-]?token|sig|signature";
    /** Each alternative has one group: the part kept before the mask (the value after it is masked whole). */
    private static final Pattern SHAPED = Pattern.compile("(?i)"
            + "(bearer\\s+)[A-Za-z0-9._~+/=-]{8,}"
            + "|()\\b(?:sk|pk|rk)-[A-Za-z0-9_-]{12,}"
            // AWS access key ids are upper case by definition: "akia..." in prose is not one.
            + "|()\\b(?-i:(?:AKIA|ASIA)[A-Z0-9]{16})\\b"
            + "|()\\bxox[baprs]-[A-Za-z0-9-]{10,}"
            + "|()\\bgh[pousr]_[A-Za-z0-9]{36,}"
            + "|()\\bgithub_pat_[A-Za-z0-9_]{22,}"
            + "|(\\b(?:" + NAMES + ")=)[^&\\s\"'\\\\<>]{4,}"
            + "|(\\b(?:x-api-key|api-key|x-goog-api-key)\\s*:\\s*)[^\\s\"'\\\\,;]{4,}"
            + "|(\\\\?\"(?:" + NAMES + "|apiKey|accessToken|clientSecret)\\\\?\"\\s*:\\s*\\\\?\")[^\"\\\\]{4,}");

    /**
     * A line break as it appears in the text: raw, or escaped once or more (a rollout line is JSON whose strings
     * may hold JSON), so that a key block is found in a rollout line as in a terminal.
     */
    private static final String BREAK = "(?:\\r|\\\\+r)?(?:\\n|\\\\+n)";
    private static final String PEM_BEGIN = "-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----";
    private static final String PEM_END = "-----END [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----";
    /**
     * A private key block, masked whole: begin to end; or begin and the base64 lines after it, for a block cut
     * short (output truncated in the middle); or base64 lines up to its end (the first one perhaps cut), for
     * the tail of such a block. A block never crosses a quote, so a JSON string stays one.
     */
    private static final Pattern PEM = Pattern.compile(PEM_BEGIN + "[^\"]*?" + PEM_END
            + "|" + PEM_BEGIN + "(?:" + BREAK + "[A-Za-z0-9+/]{64})*(?:" + BREAK + "[A-Za-z0-9+/=]{1,64})?"
            // A line starts the tail: never the "n" of an escaped break, which would leave its backslash alone.
            + "|(?:\\A|(?<=[\\r\\n\"' ]|\\\\[nr]))(?:[A-Za-z0-9+/]{1,64}" + BREAK + ")?(?:[A-Za-z0-9+/]{64}" + BREAK
            + ")*(?:[A-Za-z0-9+/=]{1,63}" + BREAK + ")?" + PEM_END);

    private static final Pattern BLOCK_BEGIN = Pattern.compile(PEM_BEGIN);
    /**
     * The first characters (lower case) of every alternative of {@link #SHAPED}: bearer, sk-/pk-/rk-, AKIA/ASIA,
     * xox-, gh?_/github_pat_, the names before "=" or ":", and a JSON field's quote (perhaps escaped).
     */
    private static final String SHAPE_STARTS = "abcgikprstx\"\\";
    /** The line that ends a block: until it arrives, a block's text may still be a key. */
    private static final Pattern BLOCK_END = Pattern.compile("-----END [A-Z0-9 ]{0,60}-----");

    private final List<String> secrets;
    /** Secrets learnt while Moka runs (a token an auth command printed after a 401), read at each call. */
    private final Supplier<? extends Collection<String>> learnt;

    private SecretRedactor(List<String> secrets, Supplier<? extends Collection<String>> learnt) {
        this.secrets = secrets;
        this.learnt = learnt;
    }

    /** A redactor for the secrets of {@code env}: names containing KEY, SECRET, TOKEN, PASSWORD or AUTH. */
    public static SecretRedactor fromEnvironment(Map<String, String> env) {
        List<String> values = new ArrayList<>();
        env.forEach((name, value) -> {
            if (isSecretName(name)) {
                values.add(value);
            }
        });
        return new SecretRedactor(List.of(), List::of).with(values);
    }

    /** This redactor, masking {@code more} literal values too (null and short ones are ignored). */
    public SecretRedactor with(Collection<String> more) {
        List<String> values = new ArrayList<>(secrets);
        values.addAll(more);
        return new SecretRedactor(longestFirst(values), learnt);
    }

    /** This redactor, also masking whatever {@code source} holds at the time of each call. */
    public SecretRedactor learning(Supplier<? extends Collection<String>> source) {
        return new SecretRedactor(secrets, source);
    }

    private static List<String> longestFirst(Collection<String> values) {
        List<String> out = new ArrayList<>();
        for (String value : values) {
            String trimmed = value == null ? "" : value.strip();
            if (trimmed.length() >= MIN_SECRET_LENGTH && !out.contains(trimmed)) {
                out.add(trimmed);
            }
        }
        // Longer first, so a secret that contains another is masked whole.
        out.sort(Comparator.comparingInt(String::length).reversed());
        return List.copyOf(out);
    }

    /** Whether a variable, header or parameter of this name holds a secret by its name. */
    public static boolean isSecretName(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        return upper.contains("KEY") || upper.contains("SECRET") || upper.contains("TOKEN")
                || upper.contains("PASSWORD") || upper.contains("AUTH") || upper.equals("SIG")
                || upper.contains("SIGNATURE");
    }

    /**
     * The largest cut at or before {@code cut} that no secret can straddle, whatever text follows: before a key
     * block not ended yet, and before a configured value that spans words (or lines) when the cut falls inside
     * it or it may still be completed. (A secret within one word is the caller's to keep whole, see
     * {@link MaskedStream}.)
     */
    int safeCut(String text, int cut) {
        int safe = cut;
        int begin = text.lastIndexOf("-----BEGIN", safe - 1);
        if (begin >= 0) {
            Matcher end = BLOCK_END.matcher(text);
            if (!end.find(begin) || end.end() > safe) {
                safe = begin;
            }
        }
        List<String> spanning = new ArrayList<>();
        for (String secret : secrets) {
            addIfSpanning(secret, spanning);
        }
        longestFirst(learnt.get()).forEach(secret -> addIfSpanning(secret, spanning));
        int before;
        do {
            before = safe;
            for (String secret : spanning) {
                safe = Math.min(safe, spanningStart(text, safe, secret));
            }
        } while (safe != before);
        return safe;
    }

    private static void addIfSpanning(String secret, List<String> spanning) {
        if (secret.chars().anyMatch(Character::isWhitespace)) {
            spanning.add(secret);
        }
    }

    /** Where {@code secret} starts if it holds {@code cut} inside it, or may once text is added; else {@code cut}. */
    private static int spanningStart(String text, int cut, String secret) {
        int at = text.indexOf(secret, Math.max(0, cut - secret.length() + 1));
        if (at >= 0 && at < cut) {
            return at;
        }
        for (int k = Math.min(secret.length() - 1, text.length()); k > 0; k--) {
            int start = text.length() - k;
            if (start < cut && text.regionMatches(start, secret, 0, k)) {
                return start;
            }
        }
        return cut;
    }

    /**
     * Where {@code text}, a line still arriving, could start to become a secret once more text follows: the
     * first place where a shape begins and reaches the end (it may still grow, or complete), or where a configured
     * value begins that the end of the text is the start of; the text's length when nowhere. Only places where a
     * token can begin are tried (the start, or after a character that is not a letter or digit), so an ordinary
     * last word is final at once and a stalled stream shows all it has.
     */
    int holdFrom(String text) {
        return holdFrom(text, 0);
    }

    /**
     * {@link #holdFrom(String)}, trying only places from {@code from} on: a place before it was tried on a
     * shorter text and its shape did not reach that text's end, so no text added after can change it.
     */
    int holdFrom(String text, int from) {
        List<String> values = new ArrayList<>(secrets);
        values.addAll(learnt.get());
        Matcher shaped = SHAPED.matcher(text).useTransparentBounds(true).useAnchoringBounds(false);
        // A key block's lines start with a dash: only there are their patterns worth trying.
        List<Matcher> blocks = List.of(BLOCK_BEGIN.matcher(text), BLOCK_END.matcher(text));
        for (int start = Math.max(0, from); start < text.length(); start++) {
            if (start > 0 && Character.isLetterOrDigit(text.charAt(start - 1))) {
                continue;
            }
            char first = Character.toLowerCase(text.charAt(start));
            List<Matcher> worthTrying = first == '-' ? blocks
                    : SHAPE_STARTS.indexOf(first) >= 0 ? List.of(shaped) : List.of();
            for (Matcher shape : worthTrying) {
                shape.region(start, text.length());
                shape.lookingAt();
                if (shape.hitEnd()) {
                    return start;
                }
            }
            int rest = text.length() - start;
            for (String value : values) {
                if (rest <= value.length() && text.regionMatches(start, value, 0, rest)) {
                    return start;
                }
            }
        }
        return text.length();
    }

    /** {@code text} with every secret it holds masked. */
    public String redact(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String out = text;
        for (String secret : secrets) {
            out = out.replace(secret, MASK);
        }
        for (String secret : longestFirst(learnt.get())) {
            out = out.replace(secret, MASK);
        }
        if (out.contains("-----")) {
            // Every shape of a key block has a BEGIN or END line; without one the costly pattern is skipped.
            out = PEM.matcher(out).replaceAll(MASK);
        }
        return SHAPED.matcher(out).replaceAll(m -> {
            for (int group = 1; group <= m.groupCount(); group++) {
                if (m.group(group) != null) {
                    return Matcher.quoteReplacement(m.group(group)) + MASK;
                }
            }
            return MASK;
        });
    }
}
