package io.jpraxis.filters.security.jwt;

import java.net.URI;
import java.time.Duration;

/** Where {@code jwt_auth} takes its verification keys from: exactly one source. */
public sealed interface KeySource {

    /**
     * Keys fixed at load, from a file or inline JSON.
     *
     * @param file the {@code jwks_file} path, or null for inline {@code jwks}
     */
    record Fixed(String file, KeySet keys) implements KeySource {
    }

    /**
     * Keys fetched from {@code url} (see docs/reference/filters/jwt_auth.md#keys-by-url).
     *
     * @param timeout bound on one fetch, connect included
     * @param cacheFor how long one fetched set is used before a fetch replaces it
     * @param refreshCooldown least time between fetches that an unknown {@code kid} causes
     */
    record Remote(URI url, Duration timeout, Duration cacheFor, Duration refreshCooldown) implements KeySource {
    }
}
