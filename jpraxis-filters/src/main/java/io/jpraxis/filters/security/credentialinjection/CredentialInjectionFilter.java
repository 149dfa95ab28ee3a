package io.jpraxis.filters.security.credentialinjection;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.ResponseHead;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code credential_injection} (see docs/reference/filters/credential_injection.md#what-it-does):
 * for the cluster chosen so far, replaces the configured request header with the gateway's
 * credential, and removes that header from the upstream's response so a credential echoed back
 * never reaches the client. No cluster, or one without a rule: the request goes on untouched.
 *
 * <p>Credentials are held as assembled header values, read once at startup; Java strings cannot
 * be wiped, so the guarantee is that no log line, error, dump or {@code toString} carries one.
 */
public final class CredentialInjectionFilter implements HttpFilter {
    private final CredentialInjectionConfig config;
    private final Map<String, Injected> byCluster;

    CredentialInjectionFilter(CredentialInjectionConfig config, Map<String, String> values) {
        this.config = config;
        Map<String, Injected> out = new HashMap<>();
        for (CredentialInjectionConfig.Cluster c : config.clusters()) {
            out.put(c.name(), new Injected(c.header(), values.get(c.name())));
        }
        this.byCluster = Map.copyOf(out);
    }

    private record Injected(String header, String value) {
        @Override
        public String toString() {
            return "Injected[" + header + "]";
        }
    }

    @Override
    public String type() {
        return CredentialInjectionFactory.TYPE;
    }

    @Override
    public CredentialInjectionConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        Injected injected = ruleFor(ctx);
        if (injected != null) {
            ctx.headers().set(injected.header(), injected.value()); // set replaces every client line
        }
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        Injected injected = ruleFor(ctx);
        if (injected != null && !response.local()) {
            response.headers().remove(injected.header());
        }
        return FilterAction.CONTINUE;
    }

    private Injected ruleFor(RequestContext ctx) {
        String cluster = ctx.cluster();
        return cluster == null ? null : byCluster.get(cluster);
    }
}
