package io.jpraxis.ai.overlay;

/**
 * Why an overlay was refused. The codes {@code manifest.json} of the contract fixtures names are
 * spelled as there; the rest are jpraxis's own.
 */
public enum OverlayRejection {
    /** The file could not be read. */
    UNREADABLE("unreadable"),
    /** Over the 2 MiB cap. */
    TOO_LARGE("too_large"),
    /** Not JSON (or JSON with duplicate keys, trailing content or a lone surrogate). */
    MALFORMED_JSON("malformed_json"),
    /** Envelope keys present but no {@code schema_version}: never read as legacy. */
    MISSING_SCHEMA_VERSION("missing_schema_version"),
    /** A required field missing or of the wrong type. */
    MALFORMED_STRUCTURE("malformed_structure"),
    UNSUPPORTED_SCHEMA_VERSION("unsupported_schema_version"),
    /** A scope or provenance field out of bounds, a bad generation or timestamp. */
    INVALID_ENVELOPE_FIELD("invalid_envelope_field"),
    INVALID_REVISION("invalid_revision"),
    INVALID_CONTENT_DIGEST("invalid_content_digest"),
    /** The recomputed semantic digest differs from {@code content_digest}. */
    DIGEST_MISMATCH("digest_mismatch"),
    /** {@code revision.value} differs from {@code content_digest.value}. */
    REVISION_DIGEST_MISMATCH("revision_digest_mismatch"),
    /** The envelope disagrees with itself or with {@code expected_overlay_scope}. */
    SCOPE_MISMATCH("scope_mismatch"),
    /** A legacy payload while {@code expected_overlay_scope} is configured. */
    LEGACY_NOT_ALLOWED("legacy_not_allowed"),
    INVALID_LOCAL_SITE("invalid_local_site"),
    INVALID_SELECTION_POLICY("invalid_selection_policy"),
    UNSUPPORTED_CREDENTIAL_STRATEGY("unsupported_credential_strategy"),
    /**
     * {@code header} with {@code bearer_token}, or none with {@code apikey} (see
     * docs/behaviour/routing-headers.md#credential-references).
     */
    INVALID_CREDENTIAL_COMBINATION("invalid_credential_combination"),
    /** A credential object with unknown keys or a bad header name. */
    INVALID_CREDENTIAL("invalid_credential"),
    /**
     * A candidate that fails conversion or validation (see
     * docs/behaviour/intelligent-route.md#candidates,
     * docs/behaviour/intelligent-route.md#selection-order).
     */
    INVALID_CANDIDATES("invalid_candidates"),
    /**
     * A cluster the configured {@link ClusterRule} refuses (see
     * docs/behaviour/routing-headers.md#the-route-header).
     */
    CLUSTER_RULE("cluster_rule");

    private final String code;

    OverlayRejection(String code) {
        this.code = code;
    }

    /** The snake_case reason code. */
    public String code() {
        return code;
    }
}
