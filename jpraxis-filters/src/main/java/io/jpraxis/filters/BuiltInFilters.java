package io.jpraxis.filters;

import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.filters.callout.HttpCalloutFactory;
import io.jpraxis.filters.grpc.detection.GrpcDetectionFactory;
import io.jpraxis.filters.grpc.status.GrpcStatusFactory;
import io.jpraxis.filters.grpc.timeout.GrpcTimeoutFactory;
import io.jpraxis.filters.grpc.web.GrpcWebFactory;
import io.jpraxis.filters.iterative.IterativeRouterFactory;
import io.jpraxis.filters.observe.accesslog.AccessLogFactory;
import io.jpraxis.filters.observe.requestid.RequestIdFactory;
import io.jpraxis.filters.observe.tracecontext.TraceContextFactory;
import io.jpraxis.filters.payload.jsonbody.JsonBodyFactory;
import io.jpraxis.filters.payload.jsonbodyfield.JsonBodyFieldFactory;
import io.jpraxis.filters.payload.jsonrpc.JsonRpcFactory;
import io.jpraxis.filters.security.basicauth.BasicAuthFactory;
import io.jpraxis.filters.security.cors.CorsFactory;
import io.jpraxis.filters.security.credentialinjection.CredentialInjectionFactory;
import io.jpraxis.filters.security.csrf.CsrfFactory;
import io.jpraxis.filters.security.forwarded.ForwardedHeadersFactory;
import io.jpraxis.filters.security.guardrails.GuardrailsFactory;
import io.jpraxis.filters.security.ipacl.IpAclFactory;
import io.jpraxis.filters.security.jwt.JwtAuthFactory;
import io.jpraxis.filters.security.peeridentity.PeerIdentityTrustFactory;
import io.jpraxis.filters.traffic.circuitbreaker.CircuitBreakerFactory;
import io.jpraxis.filters.traffic.endpointselector.EndpointSelectorFactory;
import io.jpraxis.filters.traffic.loadbalancer.LoadBalancerFactory;
import io.jpraxis.filters.traffic.ratelimit.RateLimitFactory;
import io.jpraxis.filters.traffic.redirect.RedirectFactory;
import io.jpraxis.filters.traffic.router.RouterFactory;
import io.jpraxis.filters.traffic.staticresponse.StaticResponseFactory;
import io.jpraxis.filters.traffic.sticky.StickySessionsFactory;
import io.jpraxis.filters.traffic.timeout.TimeoutFactory;
import io.jpraxis.filters.transform.compression.CompressionFactory;
import io.jpraxis.filters.transform.headers.HeadersFactory;
import io.jpraxis.filters.transform.pathrewrite.PathRewriteFactory;
import io.jpraxis.filters.transform.urlrewrite.UrlRewriteFactory;
import java.util.List;

/**
 * The one explicit list of built-in filter types; the server passes it to
 * {@code FilterRegistry.withBuiltIns}. Explicit rather than discovered, so a missing or duplicated
 * registration is a visible one-line change.
 */
public final class BuiltInFilters {
    private BuiltInFilters() {
    }

    /** A new factory of each built-in type, sorted by type name. */
    public static List<FilterFactory<?>> all() {
        return List.of(
                new AccessLogFactory(),
                new BasicAuthFactory(),
                new CircuitBreakerFactory(),
                new CompressionFactory(),
                new CorsFactory(),
                new CredentialInjectionFactory(),
                new CsrfFactory(),
                new EndpointSelectorFactory(),
                new ForwardedHeadersFactory(),
                new GrpcDetectionFactory(),
                new GrpcStatusFactory(),
                new GrpcTimeoutFactory(),
                new GrpcWebFactory(),
                new GuardrailsFactory(),
                new HeadersFactory(),
                new HttpCalloutFactory(),
                new IpAclFactory(),
                new IterativeRouterFactory(),
                new JsonBodyFactory(),
                new JsonBodyFieldFactory(),
                new JsonRpcFactory(),
                new JwtAuthFactory(),
                new LoadBalancerFactory(),
                new PathRewriteFactory(),
                new PeerIdentityTrustFactory(),
                new RateLimitFactory(),
                new RedirectFactory(),
                new RequestIdFactory(),
                new RouterFactory(),
                new StaticResponseFactory(),
                new StickySessionsFactory(),
                new TimeoutFactory(),
                new TraceContextFactory(),
                new UrlRewriteFactory());
    }
}
