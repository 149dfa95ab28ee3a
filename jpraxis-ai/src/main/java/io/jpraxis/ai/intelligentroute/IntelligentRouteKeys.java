package io.jpraxis.ai.intelligentroute;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.StoreBackendReader;
import io.jpraxis.filters.support.HeaderListKeys;
import java.util.List;

/** The keys of an {@code intelligent_route} entry, its static candidates and its overlay settings. */
public final class IntelligentRouteKeys {
    private static final KeyType IDENTIFIER = new KeyType.Text(1, null);
    private static final String BYTES = ConfigStrings.IDENTIFIER;
    private static final ObjectDescriptor SECRET = ObjectDescriptor.of("Where the credential's secret is.",
            key("name", IDENTIFIER, "The secret's name.").asRequired().withRule(BYTES),
            key("namespace", IDENTIFIER, "The secret's namespace.").asRequired().withRule(BYTES),
            key("key", IDENTIFIER, "The key within the secret.").asRequired().withRule(BYTES));
    private static final ObjectDescriptor CREDENTIAL = ObjectDescriptor.of("How the gateway authenticates to "
            + "the candidate.",
            key("strategy", new KeyType.Choice(List.of("bearer_token", "apikey")), "How the gateway authenticates "
                    + "upstream: `Authorization: Bearer <token>`, or the key in header.").asRequired(),
            key("header", HeaderListKeys.NAME, "The header an apikey goes in.")
                    .withRule("required with apikey, refused with bearer_token"),
            key("secretRef", KeyType.object(SECRET), "The secret (Kubernetes spelling).")
                    .withRule("exactly one of secretRef, secret_ref"),
            key("secret_ref", KeyType.object(SECRET), "The secret.").withRule("exactly one of secretRef, secret_ref"))
            .withExactlyOne("secretRef", "secret_ref");
    private static final ObjectDescriptor CANDIDATE = ObjectDescriptor.of("One static candidate.",
            key("kind", new KeyType.Choice(List.of("inference_model", "mcp_tool")), "Capability kind.").asRequired(),
            key("name", IDENTIFIER, "The candidate's name (the model or tool).").asRequired().withRule(BYTES),
            key("site", IDENTIFIER, "The site it runs at.").asRequired().withRule(BYTES),
            key("cluster", IDENTIFIER, "The cluster that serves it.").asRequired()
                    .withRule(BYTES + "; a legal header value when route_header is set"),
            key("fresh", KeyType.bool(), "Carried, not used for selection.").withDefault(true),
            key("traffic_weight", KeyType.integer(0, 0xFFFF_FFFFL), "Refused on static candidates, which are "
                    + "picked in list order; weighted picks need an overlay_file.").withRule("refused"),
            key("credential", KeyType.object(CREDENTIAL), "The credential a credential_inject filter sets for it."))
            .withNotImplemented("provider", "labels");
    private static final ObjectDescriptor SCOPE = ObjectDescriptor.of("What the overlay must say it is for.",
            key("network", IDENTIFIER, "The overlay's network.").withRule(BYTES),
            key("gateway", IDENTIFIER, "The overlay's gateway.").withRule(BYTES),
            key("namespace", IDENTIFIER, "The overlay's namespace.").withRule(BYTES),
            key("local_site", IDENTIFIER, "The overlay's local site.").withRule(BYTES));
    private static final ObjectDescriptor RELOAD = ObjectDescriptor.of("Reloading the overlay when its file "
            + "changes.",
            key("enabled", KeyType.bool(), "Whether the file is watched.").withDefault(true),
            key("debounce_ms", KeyType.integer(0, CandidateSourceReader.MAX_DEBOUNCE_MS), "Quiet time after a "
                    + "change before the reload.").withDefault(CandidateSourceReader.DEFAULT_DEBOUNCE_MS));
    private static final ObjectDescriptor AFFINITY = ObjectDescriptor.of("Keeps a session on the candidate it "
            + "was first routed to.",
            key("enabled", KeyType.bool(), "Whether sessions stick; the other keys are checked only when on.")
                    .withDefault(false),
            key("header", KeyType.text(), "The request header carrying the session key.")
                    .withRule(HeaderListKeys.NAME_RULE + "; header or cookie required when enabled"),
            key("cookie", KeyType.text(), "The cookie carrying the session key.").withRule("RFC 6265 token"),
            key("ttl_secs", KeyType.integer(1, SessionAffinityReader.MAX_TTL_SECS), "Absolute lifetime of a binding.")
                    .withDefault(IntelligentRouteConfig.SessionAffinityConfig.DEFAULT_TTL_SECS),
            key("backend", KeyType.object(SessionAffinityReader.BACKEND), "Where the bindings live; unset: in this "
                    + "process (see docs/behaviour/shared-state.md).").withDefault("{kind: memory}"),
            key(StoreBackendReader.ON_ERROR, KeyType.choice(StoreBackendReader.OnError.class), "What a store error "
                    + "does: `closed` refuses the request with 503, `open` routes it afresh without affinity "
                    + "(logged and counted).").withDefault("closed").withRule("valkey backend only"));

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Picks the candidate (model or tool, site, "
            + "cluster) a request goes to, from a static list or an overlay file.",
            key("model_header", HeaderListKeys.NAME, "The request header the model name is read from.")
                    .withDefault(IntelligentRouteConfig.DEFAULT_MODEL_HEADER)
                    .withRule(HeaderListKeys.NAME_RULE + "; not reserved (x-praxis-, x-ext-protocol-, "
                            + "x-ext-agent-, x-mcp-, x-a2a-) or a provider-hop header"),
            key("session_affinity", KeyType.object(AFFINITY), "Session affinity; unset: off."),
            key("route_header", KeyType.text(), "A request header the picked cluster is written to.")
                    .withRule("see docs/behaviour/routing-headers.md; not model_header or session_affinity.header"),
            key("provider_hop_clusters", KeyType.listOf(IDENTIFIER), "Clusters that lead to a provider gateway, "
                    + "which get the provider-hop headers.").withDefault("[]").withRule("each " + BYTES + ", once"),
            key("local_site", IDENTIFIER, "The site this gateway runs at.")
                    .withRule(BYTES + "; required with candidates, ignored with overlay_file"),
            key("candidates", KeyType.listOf(KeyType.object(CANDIDATE), 1, StaticCandidateReader.MAX_CANDIDATES),
                    "The static candidates, picked in list order.").withRule("not with overlay_file"),
            key("overlay_file", new KeyType.Text(1, null), "The overlay JSON file the control plane writes.")
                    .withRule("not with candidates"),
            key("expected_overlay_scope", KeyType.object(SCOPE), "Refuses an overlay written for another scope.")
                    .withRule("only with overlay_file"),
            key("reload", KeyType.object(RELOAD), "Overlay reloading.").withRule("only with overlay_file"))
            .withNotImplemented("match_claims", "skip_paths", "management_cluster", "signals")
            .withExactlyOne("candidates", "overlay_file");

    private IntelligentRouteKeys() {
    }
}
