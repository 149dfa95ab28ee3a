package io.jpraxis.filters;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import java.util.List;
import org.junit.jupiter.api.Test;

class BuiltInFiltersTest {

    @Test
    void registersEachBuiltInTypeOnceInNameOrder() {
        List<String> types = BuiltInFilters.all().stream().map(FilterFactory::type).toList();
        assertThat(types).containsExactly("access_log", "basic_auth", "circuit_breaker", "compression", "cors",
                "credential_injection", "csrf", "endpoint_selector", "forwarded_headers", "grpc_detection", "grpc_status",
                "grpc_timeout", "grpc_web",
                "guardrails", "headers", "http_callout", "ip_acl", "iterative_request_router", "json_body",
                "json_body_field", "json_rpc", "jwt_auth", "load_balancer", "path_rewrite", "peer_identity_trust",
                "rate_limit", "redirect", "request_id", "router", "static_response", "sticky_sessions", "timeout",
                "trace_context", "url_rewrite");
    }

    @Test
    void theListLoadsIntoTheRegistry() {
        FilterRegistry registry = FilterRegistry.withBuiltIns(BuiltInFilters.all());
        assertThat(registry.find("router")).isPresent();
        assertThat(registry.types()).contains("headers", "load_balancer", "redirect", "router", "static_response");
    }

    @Test
    void noBuiltInIsAlsoListedAsNotImplemented() {
        assertThat(BuiltInFilters.all()).extracting(FilterFactory::type)
                .doesNotContainAnyElementsOf(FilterRegistry.PRAXIS_TYPES_NOT_IMPLEMENTED);
    }
}
