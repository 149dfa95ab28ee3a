package io.jpraxis.ai.candidate;

import java.util.Optional;

/**
 * How an injected credential is presented upstream (see
 * docs/behaviour/routing-headers.md#credential-references).
 */
public enum CredentialStrategy {
    /** {@code Authorization: Bearer <token>}. */
    BEARER_TOKEN("bearer_token"),
    /** The raw key in the header the reference names (e.g. {@code x-api-key}). */
    APIKEY("apikey");

    private final String wire;

    CredentialStrategy(String wire) {
        this.wire = wire;
    }

    public String wire() {
        return wire;
    }

    public static Optional<CredentialStrategy> fromWire(String text) {
        for (CredentialStrategy s : values()) {
            if (s.wire.equals(text)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }
}
