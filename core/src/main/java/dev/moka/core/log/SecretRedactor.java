package dev.moka.core.log;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Replaces secrets in text bound for a log: the values of environment variables whose names say they hold
 * one, and anything shaped like a bearer token or an API key, whatever variable it came from.
 */
public final class SecretRedactor {
    static final String MASK = "[REDACTED]";
    /** Shorter values are too likely to occur in ordinary text to be worth masking (and mask nothing secret). */
    private static final int MIN_SECRET_LENGTH = 8;
    private static final Pattern SHAPED = Pattern.compile(
            "(?i)(bearer\\s+)[A-Za-z0-9._~+/=-]{8,}"
                    + "|\\b(?:sk|pk|rk)-[A-Za-z0-9_-]{12,}"
                    + "|\\b(?:api[_-]?key|access_token|refresh_token|client_secret|token)=([^&\\s\"']{4,})");

    private final List<String> secrets;

    private SecretRedactor(List<String> secrets) {
        this.secrets = secrets;
    }

    /** A redactor for the secrets of {@code env}: names containing KEY, SECRET, TOKEN, PASSWORD or AUTH. */
    public static SecretRedactor fromEnvironment(Map<String, String> env) {
        List<String> values = new ArrayList<>();
        env.forEach((name, value) -> {
            if (isSecretName(name) && value != null && value.length() >= MIN_SECRET_LENGTH) {
                values.add(value);
            }
        });
        // Longer first, so a secret that contains another is masked whole.
        values.sort(Comparator.comparingInt(String::length).reversed());
        return new SecretRedactor(List.copyOf(values));
    }

    static boolean isSecretName(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        return upper.contains("KEY") || upper.contains("SECRET") || upper.contains("TOKEN")
                || upper.contains("PASSWORD") || upper.contains("AUTH");
    }

    public String redact(String text) {
        if (text == null || text.isEmpty()) {
            return text;
        }
        String out = text;
        for (String secret : secrets) {
            out = out.replace(secret, MASK);
        }
        return SHAPED.matcher(out).replaceAll(m -> {
            if (m.group(1) != null) {
                return m.group(1) + MASK;
            }
            if (m.group(2) != null) {
                return m.group().substring(0, m.start(2) - m.start()) + MASK;
            }
            return MASK;
        });
    }
}
