package io.jpraxis.ai.credentialinject;

import io.jpraxis.ai.candidate.CredentialStrategy;

/**
 * The header a configured credential sets upstream, assembled once at startup
 * ({@code Authorization: Bearer <token>}, or {@code <header>: <key>}). It holds the secret, so
 * {@link #toString()} does not print it; nothing else should either.
 *
 * @param name the lower-case header name
 * @param value the complete header value, secret included
 */
record InjectedHeader(CredentialStrategy strategy, String name, String value) {

    @Override
    public String toString() {
        return "InjectedHeader[strategy=" + strategy.wire() + ", name=" + name + ", value=<redacted>]";
    }
}
