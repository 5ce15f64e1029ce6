package dev.moka.core.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;

/** A PKCE pair (RFC 7636) with the S256 method: the verifier stays here, its hash goes to the browser. */
record Pkce(String verifier, String challenge) {
    private static final SecureRandom RANDOM = new SecureRandom();

    static Pkce create() {
        String verifier = random(32);
        return new Pkce(verifier, s256(verifier));
    }

    /** BASE64URL(SHA-256(verifier)), without padding, as RFC 7636 section 4.2 defines it. */
    static String s256(String verifier) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** {@code bytes} random bytes as unpadded base64url: a verifier, or a {@code state} nobody can guess. */
    static String random(int bytes) {
        byte[] raw = new byte[bytes];
        RANDOM.nextBytes(raw);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(raw);
    }

    @Override
    public String toString() {
        return "Pkce[S256]";
    }
}
