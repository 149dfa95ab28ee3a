package io.jpraxis.filters.security.jwt;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a verified token gives the request: its subject and the claims the config publishes.
 *
 * @param subject the {@code sub} claim, or null when the token has none
 * @param metadata metadata key to value, in config order
 * @param until when the token stops being acceptable ({@code exp} plus leeway), or null without exp
 */
record VerifiedToken(String subject, Map<String, String> metadata, Instant until) {

    VerifiedToken {
        metadata = Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    }
}
