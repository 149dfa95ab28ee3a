package io.jpraxis.ai.intelligentroute;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.tree.YamlTreeParser;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterStates;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/** Builds {@code intelligent_route} filters from YAML snippets, and requests by hand. */
final class RouteFixtures {
    static final String AT = "filter_chains[0].filters[0].";
    private static final ConfigPath ENTRY = ConfigPath.root().key("filter_chains").index(0).key("filters").index(0);

    private RouteFixtures() {
    }

    /** One factory run: the filter, if any, and every diagnostic. */
    record Built(Optional<IntelligentRouteFilter> filter, Diagnostics diagnostics) {
        IntelligentRouteFilter accepted() {
            assertThat(diagnostics.errors().stream().map(Diagnostic::render)).as("config should be accepted")
                    .isEmpty();
            assertThat(filter).as("factory returns a filter for a valid config").isPresent();
            return filter.get();
        }

        List<String> refused() {
            assertThat(filter).as("factory returns no filter for an invalid config").isEmpty();
            assertThat(diagnostics.errors()).as("a refused config names at least one problem").isNotEmpty();
            return diagnostics.errors().stream().map(Diagnostic::render).toList();
        }

        List<String> warnings() {
            return diagnostics.warnings().stream().map(Diagnostic::render).toList();
        }
    }

    static Built build(String yaml) {
        return build(yaml, Clock.systemUTC());
    }

    /** With {@code clock} for affinity TTLs and sequential hop ids ({@code hop-1}, ...). */
    static Built build(String yaml, Clock clock) {
        Diagnostics diagnostics = new Diagnostics();
        ConfigNode node = new YamlTreeParser().parse(yaml, diagnostics);
        assertThat(diagnostics.all()).as("test YAML parses").isEmpty();
        RuntimeServices services = new RuntimeServices(clock, new SplittableRandom(7), IdGenerator.sequential("hop"));
        FilterBuildContext context = new FilterBuildContext(FeatureSet.NONE, InsecureOptions.NONE, BodyLimits.DEFAULT,
                List.of(), services, new ClusterStates());
        Optional<IntelligentRouteFilter> filter = AiFixtures.readAndCreate(new IntelligentRouteFactory(),
                MapReader.of(node, ENTRY, diagnostics, IntelligentRouteKeys.KEYS), context).map(IntelligentRouteFilter.class::cast);
        return new Built(filter, diagnostics);
    }

    static IntelligentRouteFilter accepted(String yaml) {
        return build(yaml).accepted();
    }

    static List<String> refused(String yaml) {
        return build(yaml).refused();
    }

    /** A POST to {@code /v1/chat/completions} with the given header name/value pairs. */
    static RequestContext request(String... headerPairs) {
        HeaderMap headers = new HeaderMap();
        for (int i = 0; i < headerPairs.length; i += 2) {
            headers.add(headerPairs[i], headerPairs[i + 1]);
        }
        return new RequestContext("main", "POST", RequestPath.of("/v1/chat/completions"), null, "http",
                new InetSocketAddress("192.0.2.10", 40000), headers, "req-1", Instant.parse("2025-01-01T00:00:00Z"));
    }

    /** Two models at the hub, model-a with a second, remote candidate. */
    static final String TWO_MODELS = """
            local_site: hub
            candidates:
              - {kind: inference_model, name: model-a, site: hub, cluster: cluster-a}
              - {kind: inference_model, name: model-a, site: edge, cluster: cluster-a-remote}
              - {kind: inference_model, name: model-b, site: hub, cluster: cluster-b}
              - {kind: mcp_tool, name: search, site: hub, cluster: tools}
            """;
}
