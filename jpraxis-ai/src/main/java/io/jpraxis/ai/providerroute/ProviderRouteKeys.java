package io.jpraxis.ai.providerroute;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.ai.candidate.CredentialRefReader;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.support.HeaderListKeys;
import java.util.List;

/** The keys of a {@code provider_route} entry, its routes and their credentials. */
public final class ProviderRouteKeys {
    private static final KeyType IDENTIFIER = new KeyType.Text(1, null);
    private static final String BYTES = ProviderRouteReader.IDENTIFIER;
    private static final ObjectDescriptor SECRET = ObjectDescriptor.of("Where the credential's secret is.",
            key("name", IDENTIFIER, "The secret's name.").asRequired().withRule(CredentialRefReader.LOCATOR),
            key("namespace", IDENTIFIER, "The secret's namespace.").asRequired()
                    .withRule(CredentialRefReader.LOCATOR),
            key("key", IDENTIFIER, "The key within the secret.").asRequired().withRule(CredentialRefReader.LOCATOR));
    private static final ObjectDescriptor CREDENTIAL = ObjectDescriptor.of("The credential credential_inject sets "
            + "on the backend hop.",
            key("strategy", new KeyType.Choice(List.of("bearer_token")), "`Authorization: Bearer <token>`, the only "
                    + "strategy here.").asRequired(),
            key("secretRef", KeyType.object(SECRET), "The secret (Kubernetes spelling).")
                    .withRule("exactly one of secretRef, secret_ref"),
            key("secret_ref", KeyType.object(SECRET), "The secret.").withRule("exactly one of secretRef, secret_ref"))
            .withExactlyOne("secretRef", "secret_ref");
    private static final ObjectDescriptor ROUTE = ObjectDescriptor.of("One candidate the edge may send here.",
            key("candidate_id", IDENTIFIER, "The stable id the edge sends as x-ai-routing-candidate.").asRequired()
                    .withRule(BYTES + "; each once"),
            key("cluster", IDENTIFIER, "The local backend cluster.").asRequired().withRule(BYTES),
            key("model", IDENTIFIER, "The one model accepted, compared exactly.").asRequired().withRule(BYTES),
            key("paths", KeyType.listOf(IDENTIFIER, 1, ProviderRouteConfig.MAX_PATHS), "The request paths "
                    + "accepted, compared exactly.").asRequired()
                    .withRule("each absolute (/...), at most " + ProviderRouteConfig.MAX_BYTES + " bytes, once"),
            key("credential", KeyType.object(CREDENTIAL), "The credential a credential_inject filter sets."));

    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Maps the candidate an edge gateway picked to "
            + "this provider's own backend cluster, over mutual TLS.",
            key("provider_id", IDENTIFIER, "This provider's identifier, sent as x-ai-provider-attribution.")
                    .asRequired().withRule(BYTES + "; a legal header value"),
            key("model_header", HeaderListKeys.NAME, "The request header the model name is read from.")
                    .withDefault(ProviderRouteConfig.DEFAULT_MODEL_HEADER)
                    .withRule(HeaderListKeys.NAME_RULE + "; not reserved (x-praxis-, x-ext-protocol-, "
                            + "x-ext-agent-, x-mcp-, x-a2a-) or a provider-hop header"),
            key("routes", KeyType.listOf(KeyType.object(ROUTE), 1, ProviderRouteConfig.MAX_ROUTES),
                    "The candidates this provider serves.").asRequired(),
            key("emit_demo_attribution", KeyType.bool(), "Adds x-ai-demo-provider-gateway: <provider_id> to "
                    + "responses.").withDefault(false));

    private ProviderRouteKeys() {
    }
}
