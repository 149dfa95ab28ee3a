package io.jpraxis.ai.candidate;

/**
 * A candidate's credential reference (see docs/behaviour/routing-headers.md#credential-references).
 *
 * @param header the header an {@link CredentialStrategy#APIKEY} key goes in (lower-case); null for
 *     {@link CredentialStrategy#BEARER_TOKEN}
 */
public record CredentialRef(CredentialStrategy strategy, String header, SecretRef secretRef) {
}
