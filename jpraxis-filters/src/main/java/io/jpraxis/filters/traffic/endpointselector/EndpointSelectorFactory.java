package io.jpraxis.filters.traffic.endpointselector;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.ClusterReader;
import io.jpraxis.config.load.ClusterReader.Timeouts;
import io.jpraxis.config.load.ClusterTlsReader;
import io.jpraxis.config.model.ClusterTlsConfig;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tls.TlsFileException;
import io.jpraxis.config.tls.TlsFiles;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.support.HeaderRules;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * Builds {@code endpoint_selector} filters (see docs/reference/filters/endpoint_selector.md). The
 * source header is declared owned, so the gateway strips the client's copies before the first
 * filter runs and only a value an earlier filter set can select the endpoint.
 */
public final class EndpointSelectorFactory implements FilterFactory<EndpointSelectorConfig> {
    /** The YAML type name. */
    public static final String TYPE = "endpoint_selector";
    static final String HEADER_EXPECTATION = HeaderRules.NAME_EXPECTATION
            + " that is not host, a credential header (authorization, proxy-authorization, cookie, set-cookie,"
            + " x-api-key, api-key), a framing or hop-by-hop field, or reserved (x-praxis-*, x-ext-protocol-*,"
            + " x-ext-agent-*)";
    /**
     * The client's copy of the source header is stripped at ingress, so a header the request needs
     * for anything else (its Host, its credentials, its framing) may not be the source.
     */
    private static final Set<String> CREDENTIAL_HEADERS = Set.of("authorization", "proxy-authorization", "cookie",
            "set-cookie", "x-api-key", "api-key");

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(EndpointSelectorKeys.KEYS);
    }

    @Override
    public Optional<EndpointSelectorConfig> read(MapReader options, FilterReadContext context) {
        String header = options.requiredString("source_header");
        boolean headerOk = header != null && usable(header);
        if (header != null && !headerOk) {
            options.invalid("source_header", HEADER_EXPECTATION);
        }
        boolean strip = options.bool("strip_header", true);
        boolean required = options.bool("required", false);
        int status = options.integer("status_on_required_failure").map(Long::intValue)
                .orElse(EndpointSelectorConfig.DEFAULT_STATUS);
        Timeouts timeouts = options.map("connection", ClusterReader.CONNECTION_TIMEOUTS).map(r -> {
            Timeouts t = ClusterReader.timeouts(r);
            r.finish();
            return t;
        }).orElse(EndpointSelectorConfig.NO_TIMEOUTS);
        ClusterTlsConfig tls = options.present("tls").flatMap(n -> ClusterTlsReader.read(n, options.path("tls"),
                options.diagnostics(), context.insecureOptions(), false)).orElse(null);
        if (tls != null) {
            checkTlsFiles(options, tls);
        }
        if (!options.finishCleanly() || !headerOk) {
            return Optional.empty();
        }
        return Optional.of(new EndpointSelectorConfig(HeaderMap.normalize(header), strip, required, status, timeouts,
                tls));
    }

    /**
     * The cluster reader found the files readable; their contents are parsed here too, once, so a
     * file that holds no usable certificate or key fails the load naming it, not the first request.
     */
    private static void checkTlsFiles(MapReader options, ClusterTlsConfig tls) {
        if (tls.caPath() != null) {
            tlsFile(options, "tls.ca.ca_path", () -> TlsFiles.caBundle(Path.of(tls.caPath())));
        }
        if (tls.clientCertPath() != null) {
            tlsFile(options, "tls.client_cert", () -> TlsFiles.certifiedKey(Path.of(tls.clientCertPath()),
                    Path.of(tls.clientKeyPath())));
        }
    }

    private interface TlsLoad {
        void run() throws TlsFileException;
    }

    private static void tlsFile(MapReader options, String where, TlsLoad load) {
        try {
            load.run();
        } catch (TlsFileException e) {
            options.error("tls", where + ": " + e.getMessage());
        }
    }

    private static boolean usable(String header) {
        String lower = HeaderMap.normalize(header);
        return HeaderRules.isValidName(header) && !HeaderRules.HOP_BY_HOP.contains(lower)
                && !HeaderRules.FRAMING.contains(lower) && !lower.equals("host") && !CREDENTIAL_HEADERS.contains(lower)
                && !ReservedHeaders.isReserved(lower);
    }

    @Override
    public FilterDeclaration declare(EndpointSelectorConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SETS_UPSTREAM))
                .withOwnedRequestHeaders(Set.of(config.sourceHeader()));
    }

    @Override
    public HttpFilter create(EndpointSelectorConfig config, FilterBuildContext context) {
        return new EndpointSelectorFilter(config, EndpointSelectorFilter.clusterState(config, context),
                context.insecureOptions().allowPrivateEndpoints());
    }
}
