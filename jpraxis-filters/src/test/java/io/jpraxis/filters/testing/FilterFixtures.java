package io.jpraxis.filters.testing;

import static org.assertj.core.api.Assertions.assertThat;

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
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterStates;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/** Builds filters from YAML snippets and requests by hand, with deterministic services. */
public final class FilterFixtures {
    /** Where a filter's options sit in the tests' imaginary config. */
    public static final ConfigPath ENTRY = ConfigPath.root().key("filter_chains").index(0).key("filters").index(0);

    private FilterFixtures() {
    }

    /** Fixed clock, seeded random, sequential ids. */
    public static RuntimeServices services() {
        return new RuntimeServices(Clock.fixed(Instant.parse("2025-01-01T00:00:00Z"), ZoneOffset.UTC),
                new SplittableRandom(42), IdGenerator.sequential("req"));
    }

    public static FilterBuildContext buildContext(FeatureSet features) {
        return new FilterBuildContext(features, InsecureOptions.NONE, BodyLimits.DEFAULT, List.of(), services(),
                new ClusterStates());
    }

    public static FilterBuildContext buildContext() {
        return buildContext(FeatureSet.NONE);
    }

    /**
     * The outcome of one factory run: the filter and its declaration (if the config was accepted)
     * and every diagnostic reported.
     */
    public record Built(Optional<HttpFilter> filter, FilterDeclaration declaration, Diagnostics diagnostics) {
        /** The declaration, asserting the config was accepted without errors. */
        public FilterDeclaration declared() {
            accepted();
            return declaration;
        }

        /** The filter, asserting the config was accepted without errors. */
        public HttpFilter accepted() {
            assertThat(diagnostics.errors()).as("config should be accepted").isEmpty();
            assertThat(filter).as("factory returns a filter for a valid config").isPresent();
            return filter.get();
        }

        /** Rendered errors, asserting the config was refused. */
        public List<String> refused() {
            assertThat(filter).as("factory returns no filter for an invalid config").isEmpty();
            assertThat(diagnostics.errors()).as("a refused config names at least one problem").isNotEmpty();
            return diagnostics.errors().stream().map(Diagnostic::render).toList();
        }

        public List<String> warnings() {
            return diagnostics.warnings().stream().map(Diagnostic::render).toList();
        }
    }

    /** Runs {@code factory} over the YAML map {@code optionsYaml}. */
    public static Built build(FilterFactory<?> factory, String optionsYaml) {
        return build(factory, optionsYaml, buildContext());
    }

    public static Built build(FilterFactory<?> factory, String optionsYaml, FilterBuildContext context) {
        Diagnostics diagnostics = new Diagnostics();
        ConfigNode node = new YamlTreeParser().parse(optionsYaml, diagnostics);
        assertThat(diagnostics.all()).as("test YAML parses").isEmpty();
        // Opened as the builder opens an entry's options: by the factory's descriptor.
        MapReader options = MapReader.of(node, ENTRY, diagnostics, factory.options().orElse(null));
        return run(factory, options, context, diagnostics);
    }

    /** Both steps, as a build that serves runs them: read and declare, then create. */
    private static <C> Built run(FilterFactory<C> factory, MapReader options, FilterBuildContext context,
            Diagnostics diagnostics) {
        Optional<C> config = factory.read(options, context.readContext());
        Optional<HttpFilter> filter = config.map(c -> factory.create(c, context));
        FilterDeclaration declaration = config.map(factory::declare).orElse(null);
        filter.ifPresent(f -> DECLARED.put(f, declaration));
        return new Built(filter, declaration, diagnostics);
    }

    /** What its factory declared for {@code filter}, built by this fixture. */
    public static FilterDeclaration declarationOf(HttpFilter filter) {
        FilterDeclaration declaration = DECLARED.get(filter);
        assertThat(declaration).as("a filter this fixture built").isNotNull();
        return declaration;
    }

    private static final Map<HttpFilter, FilterDeclaration> DECLARED =
            Collections.synchronizedMap(new IdentityHashMap<>());

    /** A GET for {@code path} (query after {@code ?} is split off) with the given header name/value pairs. */
    public static RequestContext request(String target, String... headerPairs) {
        return requestAs("GET", "http", target, headerPairs);
    }

    /** A request with an explicit method and the scheme the client used. */
    public static RequestContext requestAs(String method, String scheme, String target, String... headerPairs) {
        HeaderMap headers = new HeaderMap();
        for (int i = 0; i < headerPairs.length; i += 2) {
            headers.add(headerPairs[i], headerPairs[i + 1]);
        }
        int q = target.indexOf('?');
        String path = q < 0 ? target : target.substring(0, q);
        String query = q < 0 ? null : target.substring(q + 1);
        return new RequestContext("main", method, RequestPath.of(path), query, scheme,
                new InetSocketAddress("192.0.2.10", 40000), headers, "req-1", Instant.parse("2025-01-01T00:00:00Z"));
    }
}
