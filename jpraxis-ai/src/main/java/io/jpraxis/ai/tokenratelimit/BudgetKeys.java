package io.jpraxis.ai.tokenratelimit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The key a budget is kept under (see docs/reference/filters/token_rate_limit.md#keying): one per
 * rule for {@code global}, one per subject otherwise. A subject is never stored: its key is
 * {@code subject:v1:} and the URL-safe unpadded base64 of its SHA-256, as Praxis forms it.
 */
final class BudgetKeys {
    static final String GLOBAL = "__fallback__";
    static final String SUBJECT_PREFIX = "subject:v1:";

    private BudgetKeys() {
    }

    static String ofSubject(String subject) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(subject.getBytes(StandardCharsets.UTF_8));
            return SUBJECT_PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
