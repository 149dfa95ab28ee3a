package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigLoader;
import io.jpraxis.config.load.LoadResult;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.pipeline.CompiledFilter;
import io.jpraxis.core.pipeline.CompiledPipeline;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.pipeline.compile.PipelineCompiler;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.GatewayFilters;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The generated configs go through the same load, validate and compile path as {@code jpraxis validate}. */
class JpraxisConfigsTest {

    private static CompiledPipeline compile(String yaml) {
        return compile(yaml, FeatureSet.NONE);
    }

    private static CompiledPipeline compile(String yaml, FeatureSet features) {
        LoadResult loaded = new ConfigLoader().load(yaml, features);
        assertThat(loaded.diagnostics().all()).as("the generated config loads cleanly:\n" + yaml)
                .extracting(Diagnostic::render).isEmpty();
        CompileResult compiled = new PipelineCompiler(FilterRegistry.withBuiltIns(GatewayFilters.all()),
                features, RuntimeServices.system()).compile(loaded.config(), loaded.diagnostics());
        assertThat(compiled.diagnostics().all()).as("no warnings either").isEmpty();
        assertThat(compiled.ok()).as("the generated config compiles: "
                + compiled.diagnostics().all().stream().map(Diagnostic::render).toList()).isTrue();
        return compiled.gateway().listeners().get(0).pipeline();
    }

    private static RequestContext getSmall() {
        return new RequestContext("bench", "GET", RequestPath.of("/small"), null, "http",
                new InetSocketAddress("127.0.0.1", 40000),
                new HeaderMap().add("host", "127.0.0.1:8080").add("user-agent", "wrk"), "r1", Instant.EPOCH);
    }

    @Test
    void tlsConfigIsThePlainPathOnATls13ListenerWithOneSuite() {
        BenchCertificate cert = new BenchCertificate(Path.of("/tmp/c.pem"), Path.of("/tmp/k.pem"),
                Path.of("/tmp/ck.pem"));
        String yaml = JpraxisConfigs.tls(8443, "127.0.0.1:9000", cert, false);
        String block = """
                    tls:
                      certificates:
                        - cert_path: "/tmp/c.pem"
                          key_path: "/tmp/k.pem"
                      min_version: tls13
                """;
        assertThat(yaml).as("the block follows the listener's chains").contains("    filter_chains: [proxy]\n" + block);
        assertThat(yaml.replace(block, "")).isEqualTo(JpraxisConfigs.plain(8443, "127.0.0.1:9000"));
        assertThat(JpraxisConfigs.tls(8443, "127.0.0.1:9000", cert, true)).as("the JDK engine's variant")
                .contains(block + "      cipher_suites: [tls13_aes_128_gcm_sha256]\n");
    }

    @Test
    void edgeConfigIsTheEightFilterPipelineReadingTheRunsKeySet(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        EdgeCredentials.generate().write(dir);
        String yaml = JpraxisConfigs.edgePipeline(18080, "127.0.0.1:18081",
                dir.resolve(EdgeCredentials.JWKS_FILE).toString());
        CompiledPipeline p = compile(yaml);
        assertThat(p.filters()).extracting(f -> f.entry().filterType()).containsExactly("forwarded_headers", "ip_acl",
                "cors", "jwt_auth", "rate_limit", "path_rewrite", "router", "load_balancer");
        assertThat(yaml).contains("trusted_proxies: [\"127.0.0.1/32\"]", "allow: [\"127.0.0.0/8\"]",
                "rate: 1000000000", "strip_prefix: /edge", "cache_size: 10000");
    }

    @Test
    void gzipConfigCompressesJsonWithGzipAtLevelSixAheadOfThePlainPath() {
        String yaml = JpraxisConfigs.gzip(18080, "127.0.0.1:18081");
        CompiledPipeline p = compile(yaml);
        assertThat(p.filters()).extracting(f -> f.entry().filterType())
                .containsExactly("compression", "router", "load_balancer");
        assertThat(yaml).contains("level: 6", "content_types: [application/json]");
    }

    @Test
    void plainConfigIsRouterThenLoadBalancer() {
        CompiledPipeline p = compile(JpraxisConfigs.plain(18080, "127.0.0.1:18081"));
        assertThat(p.filters()).extracting(f -> f.entry().filterType()).containsExactly("router", "load_balancer");
    }

    @Test
    void oneLoopConfigIsThePlainPathOnOneThreadWithThePoolBudgetOnIt() {
        String yaml = JpraxisConfigs.plainOneLoop(18080, "127.0.0.1:18081");
        CompiledPipeline p = compile(yaml);
        assertThat(p.filters()).extracting(f -> f.entry().filterType()).containsExactly("router", "load_balancer");
        var runtime = new ConfigLoader().load(yaml, FeatureSet.NONE).config().runtime();
        assertThat(runtime.threads()).isEqualTo(1);
        assertThat(runtime.upstreamKeepalivePoolSize()).isEqualTo(1024);
        assertThat(new ConfigLoader().load(JpraxisConfigs.plain(18080, "127.0.0.1:18081"), FeatureSet.NONE)
                .config().runtime().threads()).as("the plain path keeps the default").isZero();
    }

    @Test
    void aiConfigPromotesTheModelRoutesItAndBalances() {
        CompiledPipeline p = compile(JpraxisConfigs.aiPath(18080, "127.0.0.1:18081"));
        assertThat(p.filters()).extracting(f -> f.entry().filterType())
                .containsExactly("model_to_header", "intelligent_route", "load_balancer");
    }

    @Test
    void dispatchConfigIsSpec72sPipelineUnderTheFeatureItNames() {
        String yaml = JpraxisConfigs.dispatch(18080, "127.0.0.1:18081");
        CompiledPipeline p = compile(yaml, FeatureSet.parse(JpraxisConfigs.DISPATCH_FEATURES));
        assertThat(p.filters()).extracting(f -> f.entry().filterType())
                .as("router, branch host, marker, IRR: no second router, no top-level load balancer")
                .containsExactly("router", "headers", "headers", "iterative_request_router");
        assertThat(new ConfigLoader().load(yaml, FeatureSet.NONE).diagnostics().all())
                .extracting(Diagnostic::render).as("refused without the feature")
                .anyMatch(d -> d.contains("needs the upstream-binding feature"));
    }

    @Test
    void twentyFilterConfigHasEighteenGatedHeadersFiltersOneOfThemInABranch() {
        CompiledPipeline p = compile(JpraxisConfigs.twentyFilters(18080, "127.0.0.1:18081"));
        List<CompiledFilter> filters = p.filters();
        assertThat(filters).as("router, 17 headers, load_balancer").hasSize(19);
        assertThat(filters.get(0).entry().filterType()).isEqualTo("router");
        assertThat(filters.get(18).entry().filterType()).isEqualTo("load_balancer");
        List<CompiledFilter> headers = new ArrayList<>(filters.subList(1, 18));
        CompiledFilter host = headers.get(JpraxisConfigs.BRANCH_HOST - 1);
        assertThat(host.branches()).singleElement().satisfies(branch -> {
            assertThat(branch.unconditional()).as("fires whenever its host ran").isTrue();
            assertThat(branch.filters()).hasSize(1);
            headers.add(branch.filters().getFirst());
        });
        assertThat(headers).as("20 filters on the path").hasSize(JpraxisConfigs.HEADERS_FILTERS);
        assertThat(headers).allSatisfy(f -> {
            assertThat(f.entry().filterType()).isEqualTo("headers");
            assertThat(f.conditional()).as("every headers filter has conditions to evaluate").isTrue();
        });
        assertThat(filters).filteredOn(CompiledFilter::hasBranches).containsExactly(host);
    }

    @Test
    void mostHeadersFiltersApplyToTheBenchmarkRequestAndSomeAreSkipped() {
        List<CompiledFilter> chain = compile(JpraxisConfigs.twentyFilters(18080, "127.0.0.1:18081")).filters()
                .subList(1, 18);
        RequestContext ctx = getSmall();
        List<Integer> skipped = chain.stream().filter(f -> !f.condition().test(ctx))
                .map(f -> chain.indexOf(f) + 1).toList();
        assertThat(skipped).as("the 5th, 9th, 13th and 17th are gated off, the other 13 run")
                .containsExactly(5, 9, 13, 17);
        assertThat(skipped).allMatch(JpraxisConfigs::skipped);
        assertThat(JpraxisConfigs.skipped(JpraxisConfigs.BRANCH_HOST)).as("the branch host runs").isFalse();
        CompiledFilter inBranch = chain.get(JpraxisConfigs.BRANCH_HOST - 1).branches().getFirst().filters().getFirst();
        assertThat(inBranch.condition().test(ctx)).as("the branch's filter applies").isTrue();
    }
}
