package io.jpraxis.ai.credentialinject;

/**
 * The request metadata keys through which {@code intelligent_route} hands the chosen candidate's
 * credential reference to {@code credential_inject} (see
 * docs/behaviour/intelligent-route.md#outputs): locators only, never secret bytes.
 */
public final class CredentialMetadata {
    /** {@code bearer_token} or {@code apikey}. */
    public static final String STRATEGY = "intelligent_route.credential.strategy";
    public static final String NAME = "intelligent_route.credential.name";
    public static final String NAMESPACE = "intelligent_route.credential.namespace";
    public static final String KEY = "intelligent_route.credential.key";
    /** The header an {@code apikey} key goes in; absent with {@code bearer_token}. */
    public static final String HEADER = "intelligent_route.credential.header";

    private CredentialMetadata() {
    }
}
