package io.jpraxis.ai.testing;

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

/** Builds AI filters from YAML snippets and requests by hand, as the filters module's fixtures do. */
public final class AiFixtures {
    /** Where a filter's options sit in the tests' imaginary config. */
    public static final ConfigPath ENTRY = ConfigPath.root().key("filter_chains").index(0).key("filters").index(0);
    /** The rendered form of {@link #ENTRY} followed by a dot, for expected messages. */
    public static final String AT = "filter_chains[0].filters[0].";

    private AiFixtures() {
    }

    public static FilterBuildContext buildContext() {
        RuntimeServices services = new RuntimeServices(
                Clock.fixed(Instant.parse("2025-01-01T00:00:00Z"), ZoneOffset.UTC), new SplittableRandom(42),
                IdGenerator.sequential("req"));
        return new FilterBuildContext(FeatureSet.NONE, InsecureOptions.NONE, BodyLimits.DEFAULT, List.of(), services,
                new ClusterStates());
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
    }

    /** Runs {@code factory} over the YAML map {@code optionsYaml}. */
    public static Built build(FilterFactory<?> factory, String optionsYaml) {
        return build(factory, optionsYaml, buildContext());
    }

    /**
     * As {@link #build(FilterFactory, String)}, creating the filter in {@code context}: filters
     * built in one context share its pipeline exports, as the filters of one pipeline do.
     */
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
        Optional<HttpFilter> filter = readAndCreate(factory, options, context);
        return new Built(filter, filter.map(AiFixtures::declarationOf).orElse(null), diagnostics);
    }

    /** Both steps; {@link #declarationOf} then gives the filter's declaration. */
    public static <C> Optional<HttpFilter> readAndCreate(FilterFactory<C> factory, MapReader options,
            FilterBuildContext context) {
        Optional<C> config = factory.read(options, context.readContext());
        Optional<HttpFilter> filter = config.map(c -> factory.create(c, context));
        filter.ifPresent(f -> DECLARED.put(f, factory.declare(config.get())));
        return filter;
    }

    /** What its factory declared for {@code filter}, built by this fixture. */
    public static FilterDeclaration declarationOf(HttpFilter filter) {
        FilterDeclaration declaration = DECLARED.get(filter);
        assertThat(declaration).as("a filter this fixture built").isNotNull();
        return declaration;
    }

    private static final Map<HttpFilter, FilterDeclaration> DECLARED =
            Collections.synchronizedMap(new IdentityHashMap<>());

    /** A POST to {@code path} with the given header name/value pairs. */
    public static RequestContext request(String path, String... headerPairs) {
        return requestWith("POST", path, headerPairs);
    }

    /** A {@code method} request to {@code path} with the given header name/value pairs. */
    public static RequestContext requestWith(String method, String path, String... headerPairs) {
        HeaderMap headers = new HeaderMap();
        for (int i = 0; i < headerPairs.length; i += 2) {
            headers.add(headerPairs[i], headerPairs[i + 1]);
        }
        return new RequestContext("main", method, RequestPath.of(path), null, "http",
                new InetSocketAddress("192.0.2.10", 40000), headers, "req-1", Instant.parse("2025-01-01T00:00:00Z"));
    }
}
