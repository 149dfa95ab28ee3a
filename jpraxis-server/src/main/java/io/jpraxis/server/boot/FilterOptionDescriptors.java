package io.jpraxis.server.boot;

import io.jpraxis.ai.credentialinject.CredentialInjectFactory;
import io.jpraxis.ai.credentialinject.CredentialInjectKeys;
import io.jpraxis.ai.intelligentroute.IntelligentRouteFactory;
import io.jpraxis.ai.intelligentroute.IntelligentRouteKeys;
import io.jpraxis.ai.modelrewrite.ModelRewriteFactory;
import io.jpraxis.ai.modelrewrite.ModelRewriteKeys;
import io.jpraxis.ai.modeltoheader.ModelToHeaderFactory;
import io.jpraxis.ai.modeltoheader.ModelToHeaderKeys;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.filters.callout.HttpCalloutFactory;
import io.jpraxis.filters.callout.HttpCalloutKeys;
import io.jpraxis.filters.iterative.IterativeRouterFactory;
import io.jpraxis.filters.iterative.IterativeRouterKeys;
import io.jpraxis.filters.observe.accesslog.AccessLogFactory;
import io.jpraxis.filters.observe.accesslog.AccessLogKeys;
import io.jpraxis.filters.observe.requestid.RequestIdFactory;
import io.jpraxis.filters.observe.requestid.RequestIdKeys;
import io.jpraxis.filters.observe.tracecontext.TraceContextFactory;
import io.jpraxis.filters.observe.tracecontext.TraceContextKeys;
import io.jpraxis.filters.payload.jsonbodyfield.JsonBodyFieldFactory;
import io.jpraxis.filters.payload.jsonbodyfield.JsonBodyFieldKeys;
import io.jpraxis.filters.traffic.loadbalancer.LoadBalancerFactory;
import io.jpraxis.filters.traffic.loadbalancer.LoadBalancerKeys;
import io.jpraxis.filters.traffic.ratelimit.RateLimitFactory;
import io.jpraxis.filters.traffic.ratelimit.RateLimitKeys;
import io.jpraxis.filters.traffic.redirect.RedirectFactory;
import io.jpraxis.filters.traffic.redirect.RedirectKeys;
import io.jpraxis.filters.traffic.router.RouterFactory;
import io.jpraxis.filters.traffic.router.RouterKeys;
import io.jpraxis.filters.traffic.staticresponse.StaticResponseFactory;
import io.jpraxis.filters.traffic.staticresponse.StaticResponseKeys;
import io.jpraxis.filters.traffic.timeout.TimeoutFactory;
import io.jpraxis.filters.traffic.timeout.TimeoutKeys;
import io.jpraxis.filters.transform.headers.HeadersFactory;
import io.jpraxis.filters.transform.headers.HeadersKeys;
import java.util.Map;
import java.util.Optional;

/**
 * TEMPORARY: the key descriptor of each shipped filter type, by type name, until
 * {@code FilterFactory} gets a hook through which each factory hands out its own descriptor (and
 * reads through it). Then each factory returns its {@code *Keys.KEYS} and this map goes away;
 * until then the schema and the reference page test take the descriptors from here.
 */
public final class FilterOptionDescriptors {
    private static final Map<String, ObjectDescriptor> BY_TYPE = Map.ofEntries(
            Map.entry(AccessLogFactory.TYPE, AccessLogKeys.KEYS),
            Map.entry(CredentialInjectFactory.TYPE, CredentialInjectKeys.KEYS),
            Map.entry(HeadersFactory.TYPE, HeadersKeys.KEYS),
            Map.entry(HttpCalloutFactory.TYPE, HttpCalloutKeys.KEYS),
            Map.entry(IntelligentRouteFactory.TYPE, IntelligentRouteKeys.KEYS),
            Map.entry(IterativeRouterFactory.TYPE, IterativeRouterKeys.KEYS),
            Map.entry(JsonBodyFieldFactory.TYPE, JsonBodyFieldKeys.KEYS),
            Map.entry(LoadBalancerFactory.TYPE, LoadBalancerKeys.KEYS),
            Map.entry(ModelRewriteFactory.TYPE, ModelRewriteKeys.KEYS),
            Map.entry(ModelToHeaderFactory.TYPE, ModelToHeaderKeys.KEYS),
            Map.entry(RateLimitFactory.TYPE, RateLimitKeys.KEYS),
            Map.entry(RedirectFactory.TYPE, RedirectKeys.KEYS),
            Map.entry(RequestIdFactory.TYPE, RequestIdKeys.KEYS),
            Map.entry(RouterFactory.TYPE, RouterKeys.KEYS),
            Map.entry(StaticResponseFactory.TYPE, StaticResponseKeys.KEYS),
            Map.entry(TimeoutFactory.TYPE, TimeoutKeys.KEYS),
            Map.entry(TraceContextFactory.TYPE, TraceContextKeys.KEYS));

    private FilterOptionDescriptors() {
    }

    /** The descriptor of shipped filter type {@code type}, if it is one. */
    public static Optional<ObjectDescriptor> of(String type) {
        return Optional.ofNullable(BY_TYPE.get(type));
    }
}
