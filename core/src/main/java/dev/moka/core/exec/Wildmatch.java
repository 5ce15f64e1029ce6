package dev.moka.core.exec;

import java.util.Locale;

/**
 * Matches variable names against shell-style patterns ({@code *}, {@code ?}, {@code [abc]}, {@code [a-z]},
 * {@code [!x]}), ignoring case, as the {@code exclude} and {@code include_only} lists of the environment policy
 * do. Iterative with single backtracking, so no pattern can take exponential time.
 */
final class Wildmatch {
    private Wildmatch() {}

    static boolean matches(String pattern, String name) {
        String p = pattern.toUpperCase(Locale.ROOT);
        String s = name.toUpperCase(Locale.ROOT);
        int pi = 0;
        int si = 0;
        int starP = -1;
        int starS = 0;
        while (si < s.length()) {
            if (pi < p.length() && p.charAt(pi) == '*') {
                starP = pi++;
                starS = si;
            } else if (pi < p.length() && p.charAt(pi) != '*' && single(p, pi, s.charAt(si))) {
                pi = next(p, pi);
                si++;
            } else if (starP >= 0) {
                pi = starP + 1;
                si = ++starS;
            } else {
                return false;
            }
        }
        while (pi < p.length() && p.charAt(pi) == '*') {
            pi++;
        }
        return pi == p.length();
    }

    /** Whether the one-character element at {@code pi} (a literal, {@code ?} or a class) accepts {@code c}. */
    private static boolean single(String p, int pi, char c) {
        char first = p.charAt(pi);
        if (first == '?') {
            return true;
        }
        int end = classEnd(p, pi);
        if (end < 0) {
            return first == c;
        }
        int i = pi + 1;
        boolean negated = p.charAt(i) == '!' || p.charAt(i) == '^';
        if (negated) {
            i++;
        }
        boolean found = false;
        while (i < end) {
            char lo = p.charAt(i);
            if (i + 2 < end && p.charAt(i + 1) == '-') {
                found |= lo <= c && c <= p.charAt(i + 2);
                i += 3;
            } else {
                found |= lo == c;
                i++;
            }
        }
        return found != negated;
    }

    private static int next(String p, int pi) {
        int end = p.charAt(pi) == '[' ? classEnd(p, pi) : -1;
        return end < 0 ? pi + 1 : end + 1;
    }

    /** The index of the {@code ]} closing a class opened at {@code pi}, or -1 when it is not a class. */
    private static int classEnd(String p, int pi) {
        if (p.charAt(pi) != '[') {
            return -1;
        }
        int i = pi + 1;
        if (i < p.length() && (p.charAt(i) == '!' || p.charAt(i) == '^')) {
            i++;
        }
        // A ']' right after the opening (or its negation) is a member, not the end.
        if (i < p.length() && p.charAt(i) == ']') {
            i++;
        }
        return p.indexOf(']', i);
    }
}
