package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.candidate.CredentialRef;
import io.jpraxis.ai.candidate.Selection;
import io.jpraxis.core.context.RequestMetadata;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code intelligent_route.*} metadata a pick leaves for later filters (see
 * docs/behaviour/intelligent-route.md#outputs): {@code credential_inject} reads the credential
 * locator, logs read the rest. Locators only, never secret bytes.
 */
final class RouteMetadata {
    private static final Logger log = LoggerFactory.getLogger(RouteMetadata.class);
    static final String PREFIX = "intelligent_route.";
    static final String CREDENTIAL_STRATEGY = PREFIX + "credential.strategy";
    static final String CREDENTIAL_NAME = PREFIX + "credential.name";
    static final String CREDENTIAL_NAMESPACE = PREFIX + "credential.namespace";
    static final String CREDENTIAL_KEY = PREFIX + "credential.key";
    static final String CREDENTIAL_HEADER = PREFIX + "credential.header";
    static final String PROVIDER_HOP_REQUEST_ID = PREFIX + "provider_hop_request_id";
    static final String SESSION_BOUND = PREFIX + "session.bound";
    static final String SESSION_REUSED = PREFIX + "session.reused";
    static final String SESSION_FAILOVER = PREFIX + "session.failover";
    /** Keys a pick may leave unset: cleared first, so a second pass cannot leave stale ones behind. */
    private static final List<String> OPTIONAL = List.of(PREFIX + "rank", PREFIX + "selection_tier",
            PREFIX + "selection_group", PREFIX + "selection_mode", PROVIDER_HOP_REQUEST_ID, CREDENTIAL_STRATEGY,
            CREDENTIAL_NAME, CREDENTIAL_NAMESPACE, CREDENTIAL_KEY, CREDENTIAL_HEADER);

    private RouteMetadata() {
    }

    /**
     * Writes the pick.
     *
     * @param selection the fresh selection, or null for an affinity reuse (no group was consulted)
     */
    static void write(RequestMetadata m, String localSite, Candidate c, Selection selection) {
        OPTIONAL.forEach(m::remove);
        put(m, "kind", c.kind().wire());
        put(m, "name", c.name());
        put(m, "site", c.site());
        put(m, "cluster", c.cluster());
        put(m, "local_site", localSite);
        put(m, "stable_id", c.stableId());
        put(m, "admission_state", c.admission().wire());
        if (c.rank() != null) {
            put(m, "rank", Long.toString(c.rank()));
        }
        if (c.selectionTier() != null) {
            put(m, "selection_tier", c.selectionTier());
        }
        if (selection != null && selection.group() != null) {
            put(m, "selection_group", Integer.toString(selection.group()));
            if (selection.mode() != null) {
                put(m, "selection_mode", selection.mode().metadataName());
            }
        }
        CredentialRef credential = c.credential();
        if (credential != null) {
            put(m, "credential.strategy", credential.strategy().wire());
            put(m, "credential.name", credential.secretRef().name());
            put(m, "credential.namespace", credential.secretRef().namespace());
            put(m, "credential.key", credential.secretRef().key());
            if (credential.header() != null) {
                put(m, "credential.header", credential.header());
            }
        }
    }

    /** The session flags, written only when affinity is enabled. */
    static void session(RequestMetadata m, boolean bound, boolean reused, boolean failover) {
        put(m, "session.bound", Boolean.toString(bound));
        put(m, "session.reused", Boolean.toString(reused));
        put(m, "session.failover", Boolean.toString(failover));
    }

    static void put(RequestMetadata m, String suffix, String value) {
        if (!m.put(PREFIX + suffix, value)) {
            log.warn("intelligent_route: request metadata is full ({} keys); {} not recorded",
                    RequestMetadata.MAX_ENTRIES, PREFIX + suffix);
        }
    }
}
