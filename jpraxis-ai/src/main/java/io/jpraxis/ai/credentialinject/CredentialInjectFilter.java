package io.jpraxis.ai.credentialinject;

import io.jpraxis.ai.candidate.CredentialStrategy;
import io.jpraxis.ai.candidate.SecretRef;
import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.RequestMetadata;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code credential_inject} (see docs/reference/filters/credential_inject.md#what-it-does,
 * docs/behaviour/routing-headers.md#credential-references): sets the upstream credential of the
 * candidate an earlier filter chose, from the reference it left in the request metadata ({@link
 * CredentialMetadata}). No reference: the request goes on untouched. A reference that is
 * incomplete, names an unknown strategy, disagrees with the configured credential or is not
 * configured here fails closed with 503, so a request meant to carry the gateway's credential is
 * never sent with the client's. Otherwise the client's {@code Authorization} (and, for {@code
 * apikey}, the key header) is removed and the gateway's set.
 *
 * <p>Tokens are held as the assembled header values, read once at startup; Java strings cannot be
 * wiped, so "never logged, never dumped" is the guarantee: no log line, error body, diagnostic,
 * dump or {@code toString} here carries one.
 */
final class CredentialInjectFilter implements AiApiFilter, UpstreamCredentials {
    private static final Logger log = LoggerFactory.getLogger(CredentialInjectFilter.class);
    /** The error body reason of every refusal: it says nothing about which credential or why. */
    static final String REASON = "upstream credential unavailable";

    private final CredentialInjectConfig config;
    private final Map<SecretRef, InjectedHeader> headers;

    CredentialInjectFilter(CredentialInjectConfig config, Map<SecretRef, InjectedHeader> headers) {
        this.config = config;
        this.headers = Map.copyOf(headers);
    }

    @Override
    public String type() {
        return CredentialInjectFactory.TYPE;
    }

    @Override
    public CredentialInjectConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        RequestMetadata md = ctx.metadata();
        String strategy = md.get(CredentialMetadata.STRATEGY);
        String name = md.get(CredentialMetadata.NAME);
        String namespace = md.get(CredentialMetadata.NAMESPACE);
        String key = md.get(CredentialMetadata.KEY);
        String header = md.get(CredentialMetadata.HEADER);
        if (strategy == null && name == null && namespace == null && key == null && header == null) {
            return FilterAction.CONTINUE; // no candidate credential: route without one
        }
        if (strategy == null || name == null || namespace == null || key == null) {
            return refuse(ctx, "incomplete credential reference");
        }
        Optional<CredentialStrategy> parsed = CredentialStrategy.fromWire(strategy);
        if (parsed.isEmpty()) {
            return refuse(ctx, "unsupported_credential_strategy " + strategy);
        }
        if ((parsed.get() == CredentialStrategy.APIKEY) != (header != null)) {
            return refuse(ctx, "invalid_credential_combination: strategy " + strategy
                    + (header == null ? " without a header" : " with a header"));
        }
        SecretRef ref = new SecretRef(name, namespace, key);
        InjectedHeader injected = headers.get(ref);
        if (injected == null) {
            return refuse(ctx, "credential " + describe(ref) + " is not configured");
        }
        if (injected.strategy() != parsed.get()
                || (header != null && !HeaderMap.normalize(header).equals(injected.name()))) {
            return refuse(ctx, "credential " + describe(ref) + " is configured as " + injected.strategy().wire()
                    + " on " + injected.name() + ", the reference asks for " + strategy
                    + (header == null ? "" : " on " + header));
        }
        ctx.headers().remove("authorization");
        ctx.headers().set(injected.name(), injected.value());
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterAction reinject(RequestContext ctx) {
        ctx.headers().remove("authorization");
        headers.values().forEach(h -> ctx.headers().remove(h.name()));
        return onRequest(ctx);
    }

    private static FilterAction refuse(RequestContext ctx, String why) {
        log.warn("request {}: credential_inject: {}; answering 503", ctx.requestId(), why);
        return FilterAction.reject(503, REASON);
    }

    private static String describe(SecretRef ref) {
        return ref.name() + "/" + ref.namespace() + "/" + ref.key(); // the order the config and its diagnostics use
    }
}
