package io.jpraxis.ai.modelfailover;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The keys of a {@code model_failover} entry. */
public final class ModelFailoverKeys {
    private static final KeyType TEXT = new KeyType.Text(1, ModelFailoverConfig.MAX_TEXT);

    static final ObjectDescriptor FAILOVER_ON = ObjectDescriptor.of("What sends a request on to the next entry; "
            + "only before any byte of an answer reached the client.",
            key("statuses", KeyType.listOf(KeyType.integer(400, 599)), "Answer statuses that fail over.")
                    .withDefault("[429, 500, 502, 503, 504]").withRule("each once"),
            key("transport_errors", KeyType.bool(), "Whether a connect failure, a reset or a connection closed "
                    + "before the response head fails over.").withDefault(true),
            key("first_byte_timeout_ms", KeyType.integer(1, ModelFailoverConfig.MAX_FIRST_BYTE_TIMEOUT_MS),
                    "How long an attempt may wait for its response head before it fails over; unset: only the "
                            + "cluster's timeouts bound it."));

    static final ObjectDescriptor UPSTREAM_MODEL = ObjectDescriptor.of("The name one cluster knows a model by.",
            key("model", TEXT, "The model as clients request it (a candidate's name).").asRequired()
                    .withRule("not blank; one entry per model and cluster"),
            key("cluster", TEXT, "The candidate's cluster.").asRequired().withRule("not blank"),
            key("upstream_model", TEXT, "The name sent in the body's model to that cluster.").asRequired()
                    .withRule("not blank, no control characters"));

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Sends a request that its picked candidate "
            + "failed on to the next candidate of the same model, with that candidate's credential and model name.",
            key("failover_on", KeyType.object(FAILOVER_ON), "The failover conditions.").withDefault("{}")
                    .withRule("at least one condition"),
            key("max_attempts", KeyType.integer(1, ModelFailoverConfig.MAX_ATTEMPTS), "The most entries one request "
                    + "tries, the first pick included; unset: every entry."),
            key("upstream_models", KeyType.listOf(KeyType.object(UPSTREAM_MODEL), 0, 1024), "The names clusters "
                    + "know a requested model by; unset for a cluster: the requested name.").withDefault("[]"),
            key("max_body_bytes", KeyType.integer(1, 64L * 1024 * 1024), "Largest request body kept for resending.")
                    .withDefault(ModelFailoverConfig.DEFAULT_MAX_BODY_BYTES));

    private ModelFailoverKeys() {
    }
}
