package io.jpraxis.extproc.emulator;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.extproc.config.ExtProcBuild;
import io.jpraxis.extproc.config.ExtProcBuilder;
import io.jpraxis.extproc.server.ExtProcServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** A real ext_proc server on free loopback ports, built from YAML text, plus an emulator pointed at it. */
public final class RunningExtProc implements AutoCloseable {
    private static final HostPort ANY = new HostPort("127.0.0.1", 0);

    private final ExtProcServer server;

    private RunningExtProc(ExtProcServer server) {
        this.server = server;
    }

    public static RunningExtProc start(String yaml) {
        return start(yaml, new ExtProcBuilder(FeatureSet.NONE, RuntimeServices.system(), ShippedFilters.registry()));
    }

    /** As {@link #start(String)}, with experimental {@code features} on. */
    public static RunningExtProc start(String yaml, FeatureSet features) {
        return start(yaml, new ExtProcBuilder(features, RuntimeServices.system(), ShippedFilters.registry()));
    }

    /** As {@link #start(String)}, with test filters registered beside the gateway's own. */
    public static RunningExtProc start(String yaml, FilterFactory... extra) {
        FilterRegistry registry = ShippedFilters.registry();
        for (FilterFactory<?> f : extra) {
            registry.register(f);
        }
        return start(yaml, new ExtProcBuilder(FeatureSet.NONE, RuntimeServices.system(), registry));
    }

    private static RunningExtProc start(String yaml, ExtProcBuilder builder) {
        ExtProcBuild build = builder.build(yaml);
        if (!build.ok()) {
            throw new IllegalArgumentException("config refused: " + build.diagnostics().all());
        }
        try {
            return new RunningExtProc(ExtProcServer.start(build,
                    build.config().server().withAddresses(ANY, ANY, ANY), RuntimeServices.system()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public ExtProcServer server() {
        return server;
    }

    public EnvoyEmulator envoy() {
        return new EnvoyEmulator(server.grpcPort());
    }

    /** {@code GET /metrics} over a real socket. */
    public String scrape() throws IOException, InterruptedException {
        try (HttpClient client = HttpClient.newHttpClient()) {
            return client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.metricsPort() + "/metrics"))
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
        }
    }

    @Override
    public void close() {
        server.close();
    }
}
