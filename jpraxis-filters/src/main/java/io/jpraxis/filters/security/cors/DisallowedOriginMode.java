package io.jpraxis.filters.security.cors;

/** What a refused preflight gets: 204 without CORS headers, or 403. */
public enum DisallowedOriginMode {
    OMIT,
    REJECT
}
