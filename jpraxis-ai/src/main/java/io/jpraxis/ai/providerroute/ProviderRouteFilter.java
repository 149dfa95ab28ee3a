package io.jpraxis.ai.providerroute;

import io.jpraxis.ai.candidate.CredentialRef;
import io.jpraxis.ai.candidate.HeaderText;
import io.jpraxis.ai.credentialinject.CredentialMetadata;
import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.ai.headers.HeaderPolicy;
import io.jpraxis.ai.providerroute.ProviderRouteConfig.Route;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.RequestMetadata;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code provider_route} (see docs/reference/filters/provider_route.md#what-it-does): on a provider
 * gateway, maps the candidate the edge's {@code intelligent_route} picked, as its hop headers say,
 * to this provider's own backend cluster, exactly: no discovery, scoring, affinity or reload. The
 * hop headers are trusted only because the boundary check put mutual TLS and a leading {@code
 * peer_identity_trust} in front of it (see docs/behaviour/ordering-checks.md#the-provider-boundary).
 *
 * <p>The hop headers, the provider headers and {@code Authorization} never reach the backend: they
 * are read first, then removed, on every path; on success the provider headers are written from
 * this gateway's own values, and {@code credential_inject} sets the backend credential.
 */
final class ProviderRouteFilter implements AiApiFilter {
    private static final Logger log = LoggerFactory.getLogger(ProviderRouteFilter.class);
    static final String PROVIDER_REQUEST_ID = "x-ai-provider-request-id";
    static final String PROVIDER_REVISION = "x-ai-provider-routing-revision";
    static final String PROVIDER_ATTRIBUTION = "x-ai-provider-attribution";
    /** The headers this filter writes, lower case. */
    static final List<String> PROVIDER_HEADERS = List.of(PROVIDER_REQUEST_ID, PROVIDER_REVISION, PROVIDER_ATTRIBUTION);
    /** The response header {@code emit_demo_attribution} adds. */
    static final String DEMO_ATTRIBUTION = "x-ai-demo-provider-gateway";
    static final String PREFIX = "provider_route.";
    /** Metadata a pass may leave unset: cleared first, so a second pass leaves nothing stale. */
    private static final List<String> CREDENTIAL_KEYS = List.of(CredentialMetadata.STRATEGY, CredentialMetadata.NAME,
            CredentialMetadata.NAMESPACE, CredentialMetadata.KEY, CredentialMetadata.HEADER);
    private static final List<String> STRIPPED = List.of(HeaderPolicy.HOP_CANDIDATE, HeaderPolicy.HOP_REQUEST_ID,
            HeaderPolicy.HOP_REVISION, PROVIDER_REQUEST_ID, PROVIDER_REVISION, PROVIDER_ATTRIBUTION, "authorization");

    private final ProviderRouteConfig config;
    private final Map<String, Route> routes;

    ProviderRouteFilter(ProviderRouteConfig config) {
        this.config = config;
        Map<String, Route> byCandidate = new LinkedHashMap<>();
        config.routes().forEach(r -> byCandidate.put(r.candidateId(), r));
        this.routes = Map.copyOf(byCandidate);
    }

    @Override
    public String type() {
        return ProviderRouteFactory.TYPE;
    }

    @Override
    public ProviderRouteConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        HeaderMap headers = ctx.headers();
        String candidate = single(headers, HeaderPolicy.HOP_CANDIDATE);
        String requestId = single(headers, HeaderPolicy.HOP_REQUEST_ID);
        List<String> revisions = headers.getAll(HeaderPolicy.HOP_REVISION);
        String model = single(headers, config.modelHeader());
        STRIPPED.forEach(headers::remove); // read above, never forwarded, whatever happens next
        if (candidate == null || requestId == null) {
            return refuse(ctx, 403, "missing or invalid provider-hop candidate or request id");
        }
        if (revisions.size() > 1 || (revisions.size() == 1 && !isRevision(revisions.get(0)))) {
            return refuse(ctx, 403, "invalid provider-hop revision");
        }
        String revision = revisions.isEmpty() ? null : revisions.get(0);
        if (model == null) {
            return FilterAction.reject(400, "missing or invalid model");
        }
        Route route = routes.get(candidate);
        if (route == null) {
            return refuse(ctx, 403, "unknown candidate " + HeaderText.quote(candidate));
        }
        if (!route.model().equals(model) || !route.paths().contains(ctx.matchPath())) {
            return FilterAction.reject(404, "the candidate does not serve this model or path");
        }
        ctx.cluster(route.cluster());
        writeMetadata(ctx.metadata(), route, model, requestId, revision);
        headers.set(PROVIDER_REQUEST_ID, requestId);
        headers.set(PROVIDER_ATTRIBUTION, config.providerId());
        if (revision != null) {
            headers.set(PROVIDER_REVISION, revision); // correlation evidence only, never a grant
        }
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        if (config.emitDemoAttribution()) {
            response.headers().set(DEMO_ATTRIBUTION, config.providerId());
        }
        return FilterAction.CONTINUE;
    }

    private void writeMetadata(RequestMetadata m, Route route, String model, String requestId, String revision) {
        m.remove(PREFIX + "overlay_revision");
        m.put(PREFIX + "candidate_id", route.candidateId());
        m.put(PREFIX + "cluster", route.cluster());
        m.put(PREFIX + "model", model);
        m.put(PREFIX + "provider_id", config.providerId());
        m.put(PREFIX + "request_id", requestId);
        if (revision != null) {
            m.put(PREFIX + "overlay_revision", revision);
        }
        CREDENTIAL_KEYS.forEach(m::remove); // a reference an earlier filter left must not stand for this route
        CredentialRef credential = route.credential();
        if (credential != null) {
            m.put(CredentialMetadata.STRATEGY, credential.strategy().wire());
            m.put(CredentialMetadata.NAME, credential.secretRef().name());
            m.put(CredentialMetadata.NAMESPACE, credential.secretRef().namespace());
            m.put(CredentialMetadata.KEY, credential.secretRef().key());
        }
    }

    /**
     * The one value of {@code name} if it is 1 to 256 bytes, not blank and legal on the wire; null
     * when absent, repeated (ambiguous, so refused) or not.
     */
    private static String single(HeaderMap headers, String name) {
        List<String> values = headers.getAll(name);
        if (values.size() != 1) {
            return null;
        }
        String value = values.get(0);
        boolean ok = HeaderText.isBoundedNonBlank(value, ProviderRouteConfig.MAX_BYTES)
                && HeaderText.isHeaderValue(value);
        return ok ? value : null;
    }

    /** Exactly 64 lower-case hexadecimal digits, the overlay revision's form. */
    static boolean isRevision(String value) {
        if (value.length() != 64) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    private static FilterAction refuse(RequestContext ctx, int status, String why) {
        log.warn("request {}: provider_route: {}; answering {}", ctx.requestId(), why, status);
        return FilterAction.reject(status, "provider hop refused");
    }
}
