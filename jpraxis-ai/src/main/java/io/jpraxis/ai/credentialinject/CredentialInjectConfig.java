package io.jpraxis.ai.credentialinject;

import java.util.List;

/**
 * The {@code credential_inject} filter's config (see
 * docs/reference/filters/credential_inject.md#what-it-does,
 * docs/behaviour/routing-headers.md#credential-references): its credentials, in order.
 */
public record CredentialInjectConfig(List<CredentialEntry> credentials) {
    /** At most this many credentials. */
    public static final int MAX_CREDENTIALS = 1024;

    public CredentialInjectConfig {
        credentials = List.copyOf(credentials);
    }
}
