package io.jpraxis.filters.traffic.router;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.RetryPolicyOverride;
import io.jpraxis.filters.testing.FilterFixtures.Built;
import java.util.List;
import org.junit.jupiter.api.Test;

class RouterFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    private static List<String> refused(String yaml) {
        return build(new RouterFactory(), yaml).refused();
    }

    @Test
    void unknownTopLevelKeyIsRejectedWithItsPathAndAHint() {
        List<String> errors = refused("""
                routes:
                  - path: /
                    cluster: c
                multi_level_subdomain_matchin: true
                """);
        assertThat(errors).containsExactly("line 4: " + AT
                + "multi_level_subdomain_matchin: unknown key (did you mean 'multi_level_subdomain_matching'?)");
    }

    @Test
    void unknownRouteKeyIsRejectedWithItsPath() {
        assertThat(refused("""
                routes:
                  - path: /
                    cluster: c
                    clustr: d
                """)).containsExactly("line 4: " + AT + "routes[0].clustr: unknown key (did you mean 'cluster'?)");
    }

    @Test
    void emptyRoutesAreRefusedBecauseEveryRequestWouldFail() {
        assertThat(refused("routes: []\n")).singleElement().asString()
                .contains(AT + "routes: [] (expected: at least one route").contains("404");
    }

    @Test
    void missingRoutesAreRefused() {
        assertThat(refused("multi_level_subdomain_matching: false\n")).singleElement().asString()
                .contains(AT + "routes: missing (expected: at least one route");
    }

    @Test
    void pathAndPathPrefixAreMutuallyExclusive() {
        assertThat(refused("""
                routes:
                  - path: /a
                    path_prefix: /a
                    cluster: c
                """)).singleElement().asString()
                .contains(AT + "routes[0]: both path and path_prefix are set (expected: exactly one of path or path_prefix)");
    }

    @Test
    void aRouteNeedsAPath() {
        assertThat(refused("""
                routes:
                  - cluster: c
                """)).singleElement().asString()
                .contains("routes[0]: neither path nor path_prefix is set (expected: exactly one of path or path_prefix)");
    }

    @Test
    void anExplicitNullPathIsAWrongTypeNotAMissingPath() {
        // Found by ConfigStructureFuzzTest: a null path once passed loading and failed at build.
        assertThat(refused("""
                routes:
                  - path: null
                    cluster: c
                """)).singleElement().asString().contains("routes[0].path");
    }

    @Test
    void pathsMustStartWithSlash() {
        assertThat(refused("""
                routes:
                  - path_prefix: api
                    cluster: c
                """)).singleElement().asString()
                .contains("routes[0].path_prefix: \"api\" (expected: a path starting with '/')");
    }

    @Test
    void clusterIsRequired() {
        assertThat(refused("""
                routes:
                  - path: /
                """)).singleElement().asString().contains("routes[0].cluster: missing");
    }

    @Test
    void hostMustNotCarryAPort() {
        assertThat(refused("""
                routes:
                  - path: /
                    host: api.example.com:8080
                    cluster: c
                """)).singleElement().asString().contains("routes[0].host: \"api.example.com:8080\" (expected: "
                        + "a host name without a port; '*' only as a leading '*.')");
    }

    @Test
    void wildcardIsOnlyAllowedAsALeadingLabel() {
        for (String host : List.of("api.*.com", "*", "*example.com", "*.*.example.com")) {
            assertThat(refused("routes:\n  - path: /\n    host: \"" + host + "\"\n    cluster: c\n"))
                    .as(host).singleElement().asString().contains("routes[0].host: \"" + host + "\"");
        }
    }

    @Test
    void headerKeysMustBeValidHeaderNames() {
        assertThat(refused("""
                routes:
                  - path: /
                    headers:
                      "bad name": x
                    cluster: c
                """)).singleElement().asString()
                .contains("routes[0].headers.bad name: \"bad name\" (expected: a header name made of RFC 9110 token characters)");
    }

    @Test
    void headerValuesMustBeStrings() {
        assertThat(refused("""
                routes:
                  - path: /
                    headers:
                      x-version: [1]
                    cluster: c
                """)).singleElement().asString().contains("routes[0].headers.x-version: [...] (expected: a string)");
    }

    @Test
    void jsonAliasesAreNotImplemented() {
        List<String> errors = refused("""
                routes:
                  - path: /
                    cluster: c
                    json_aliases: []
                """);
        assertThat(errors).singleElement().asString().as("a Praxis key jpraxis does not implement")
                .contains("routes[0].json_aliases").contains("not implemented in jpraxis");
    }

    @Test
    void aRouteRetryPolicyKeepsOnlyTheKeysItSets() {
        Built built = build(new RouterFactory(), """
                routes:
                  - path: /
                    cluster: c
                    retry_policy:
                      max_retries: 1
                      retriable_conditions: []
                      retriable_status_codes: [503]
                """);
        RouteConfig route = ((RouterConfig) built.accepted().config()).routes().getFirst();
        assertThat(route.retryPolicy()).as("an empty list at a route keeps the cluster's")
                .isEqualTo(new RetryPolicyOverride(1, List.of(), List.of(503), null, null, null, null, null, null));
    }

    @Test
    void aRouteRetryPolicyIsCheckedLikeAClusters() {
        List<String> errors = refused("""
                routes:
                  - path: /
                    cluster: c
                    retry_policy:
                      per_try_timeout_ms: 0
                      retriable_conditions: [status_4xx]
                      retry_budget: {percent: -1}
                """);
        assertThat(errors).as("every problem, each with its path").containsExactlyInAnyOrder(
                "line 5: " + AT + "routes[0].retry_policy.per_try_timeout_ms: 0 (expected: an integer from 1 to 3600000)",
                "line 6: " + AT + "routes[0].retry_policy.retriable_conditions[0]: \"status_4xx\" (expected: "
                        + "connect_failure | reset | refused_stream | status5xx | status_5xx)",
                "line 7: " + AT + "routes[0].retry_policy.retry_budget.percent: -1 (expected: a number from 0 to 100)");
    }

    @Test
    void jsonAliasTopLevelKeysAreAcceptedAndInert() {
        Built built = build(new RouterFactory(), """
                json_alias_header: x-praxis-alias
                json_alias_max_body_bytes: 65536
                routes:
                  - path: /
                    cluster: c
                """);
        RouterConfig config = (RouterConfig) built.accepted().config();
        assertThat(config.jsonAliasHeader()).isEqualTo("x-praxis-alias");
        assertThat(config.jsonAliasMaxBodyBytes()).isEqualTo(65536L);
    }

    @Test
    void everyProblemIsReportedInOnePass() {
        List<String> errors = refused("""
                routes:
                  - path: nope
                    cluster: a
                  - path_prefix: /x
                  - path: /
                    host: "a:1"
                    cluster: b
                extra: 1
                """);
        assertThat(errors).hasSize(4);
        assertThat(errors).anySatisfy(e -> assertThat(e).startsWith("line 2: " + AT + "routes[0].path"))
                .anySatisfy(e -> assertThat(e).contains("routes[1].cluster: missing"))
                .anySatisfy(e -> assertThat(e).startsWith("line 6: " + AT + "routes[2].host"))
                .anySatisfy(e -> assertThat(e).startsWith("line 8: " + AT + "extra: unknown key"));
    }

    @Test
    void acceptedConfigKeepsRoutesInDeclarationOrder() {
        RouterConfig config = (RouterConfig) build(new RouterFactory(), """
                routes:
                  - path_prefix: /
                    cluster: root
                  - path: /health
                    host: "*.example.com"
                    headers: {x-a: "1", x-b: "2"}
                    cluster: health
                """).accepted().config();
        assertThat(config.routes()).containsExactly(
                new RouteConfig(new RoutePath.Prefix("/"), "root", null, List.of()),
                new RouteConfig(new RoutePath.Exact("/health"), "health", "*.example.com",
                        List.of(new RouteConfig.HeaderMatch("x-a", "1"), new RouteConfig.HeaderMatch("x-b", "2"))));
        assertThat(config.multiLevelSubdomainMatching()).isFalse();
    }
}
