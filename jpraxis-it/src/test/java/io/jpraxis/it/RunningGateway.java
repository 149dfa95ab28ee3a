package io.jpraxis.it;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.server.HttpGateway;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.GatewayFilters;
import java.net.URI;
import java.time.Duration;
import java.util.stream.Collectors;

/**
 * A gateway started the way {@code serve} starts it (load, validate, compile, bind) from YAML
 * text, on the ports the YAML names (tests use {@code 127.0.0.1:0}).
 */
final class RunningGateway implements AutoCloseable {
    private final CompileResult compiled;
    private final HttpGateway http;

    private RunningGateway(CompileResult compiled, HttpGateway http) {
        this.compiled = compiled;
        this.http = http;
    }

    static RunningGateway start(String yaml) {
        return start(yaml, RuntimeServices.system(), FilterRegistry.withBuiltIns(GatewayFilters.all()));
    }

    /** Started with {@code services}: a test clock, say, for filters whose behaviour depends on time. */
    static RunningGateway start(String yaml, RuntimeServices services) {
        return start(yaml, services, FilterRegistry.withBuiltIns(GatewayFilters.all()));
    }

    /** With an explicit set of filter types (tests add their own). */
    static RunningGateway start(String yaml, FilterRegistry registry) {
        return start(yaml, RuntimeServices.system(), registry);
    }

    static RunningGateway start(String yaml, RuntimeServices services, FilterRegistry registry) {
        return start(yaml, FeatureSet.NONE, services, registry);
    }

    /** With experimental {@code features} enabled, as {@code --features} enables them. */
    static RunningGateway start(String yaml, FeatureSet features) {
        return start(yaml, features, RuntimeServices.system(), FilterRegistry.withBuiltIns(GatewayFilters.all()));
    }

    static RunningGateway start(String yaml, FeatureSet features, FilterRegistry registry) {
        return start(yaml, features, RuntimeServices.system(), registry);
    }

    static RunningGateway start(String yaml, FeatureSet features, RuntimeServices services, FilterRegistry registry) {
        CompileResult result = new GatewayBuilder(features, services, registry).build(yaml);
        if (!result.ok()) {
            throw new IllegalArgumentException("test config refused:\n" + result.diagnostics().all().stream()
                    .map(Diagnostic::render).collect(Collectors.joining("\n")));
        }
        result.gateway().start();
        return new RunningGateway(result, new HttpGateway(result.gateway(), services).start());
    }

    /** Port of the first (or only) listener. */
    int port() {
        return http.boundAddresses().values().iterator().next().getPort();
    }

    /** The edge's Micrometer registry (request meters, pool gauges). */
    io.micrometer.core.instrument.MeterRegistry meters() {
        return http.meters();
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port() + pathAndQuery);
    }

    @Override
    public void close() {
        http.stop(Duration.ofSeconds(2));
        compiled.gateway().close();
    }
}
