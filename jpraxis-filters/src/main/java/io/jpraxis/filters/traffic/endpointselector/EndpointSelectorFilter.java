package io.jpraxis.filters.traffic.endpointselector;

import io.jpraxis.config.load.ClusterReader.Timeouts;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import io.jpraxis.core.upstream.Reselector;
import io.jpraxis.core.upstream.UpstreamTarget;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sets {@code ctx.upstream} to the {@code host:port} an earlier filter wrote into the source header
 * (see docs/reference/filters/endpoint_selector.md#what-it-does). The client's own copies never get
 * here: the header is owned, so ingress strips them (see
 * docs/behaviour/routing-headers.md#headers-a-filter-owns). A missing value continues (a later
 * load balancer picks) unless required; a value that is not one valid endpoint fails closed.
 */
public final class EndpointSelectorFilter implements HttpFilter {
    private static final Logger log = LoggerFactory.getLogger(EndpointSelectorFilter.class);
    /** The cluster label of requests sent this way: ctx.cluster, metrics and the access log. */
    static final String CLUSTER_PREFIX = "endpoint_selector:";
    /** How much of a refused value debug logging shows. */
    private static final int LOGGED_VALUE_CHARS = 64;

    private final EndpointSelectorConfig config;
    private final ClusterState cluster;
    private final boolean allowPrivate;
    private final FilterAction missing;

    EndpointSelectorFilter(EndpointSelectorConfig config, ClusterState cluster, boolean allowPrivate) {
        this.config = config;
        this.cluster = cluster;
        this.allowPrivate = allowPrivate;
        this.missing = FilterAction.reject(config.statusOnRequiredFailure(),
                "endpoint_selector: no endpoint selected in " + config.sourceHeader());
    }

    /**
     * The cluster whose settings the selected endpoints are reached with: no endpoints of its own,
     * the entry's connection timeouts and TLS. With TLS it is registered with the gateway's cluster
     * states, so the edge builds its TLS context when the config is installed, as for any cluster.
     */
    static ClusterState clusterState(EndpointSelectorConfig config, FilterBuildContext context) {
        Timeouts t = config.connection();
        ClusterConfig synthetic = new ClusterConfig(clusterName(config), List.of(),
                ClusterConfig.LoadBalancerStrategy.ROUND_ROBIN, null, t.connectMs(), t.totalConnectMs(), t.readMs(),
                t.writeMs(), t.idleMs(), null, ClusterHttpConfig.NONE, null, config.tls(), null, null);
        return config.tls() == null ? new ClusterState(synthetic) : context.clusterStates().stateFor(synthetic);
    }

    static String clusterName(EndpointSelectorConfig config) {
        return CLUSTER_PREFIX + config.sourceHeader();
    }

    @Override
    public String type() {
        return EndpointSelectorFactory.TYPE;
    }

    @Override
    public EndpointSelectorConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        HeaderMap headers = ctx.headers();
        List<String> lines = headers.getAll(config.sourceHeader()); // a copy: stripping leaves it intact
        if (config.stripHeader() && !lines.isEmpty()) {
            headers.remove(config.sourceHeader());
        }
        return switch (EndpointValue.of(lines, allowPrivate)) {
            case EndpointValue.Absent a -> config.required() ? missing : FilterAction.CONTINUE;
            case EndpointValue.Invalid bad -> refuse(ctx, lines, bad.reason());
            case EndpointValue.Selected s -> select(ctx, s.address());
        };
    }

    private FilterAction select(RequestContext ctx, HostPort address) {
        Endpoint endpoint = new Endpoint(address.host(), address.port(), 1);
        ctx.upstream(new UpstreamTarget(cluster, new EndpointState(endpoint, null), Reselector.NONE));
        ctx.cluster(cluster.name());
        return FilterAction.CONTINUE;
    }

    /** A picker that misbehaves must not silently fall back to the load balancer: fail closed. */
    private FilterAction refuse(RequestContext ctx, List<String> lines, String reason) {
        if (log.isDebugEnabled()) {
            log.debug("request {}: endpoint_selector refused {} = {}: {}", ctx.requestId(), config.sourceHeader(),
                    shown(lines), reason);
        }
        return FilterAction.reject(config.statusOnRequiredFailure(), "endpoint_selector: " + config.sourceHeader()
                + " holds " + reason);
    }

    /** The value for a log line: bounded and printable only. */
    private static String shown(List<String> lines) {
        String joined = String.join(" | ", lines);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < joined.length() && out.length() < LOGGED_VALUE_CHARS; i++) {
            char c = joined.charAt(i);
            out.append(c >= 0x20 && c < 0x7f ? c : '?');
        }
        return joined.length() > LOGGED_VALUE_CHARS ? out + "..." : out.toString();
    }
}
