package io.jpraxis.bench.load;

import java.util.Arrays;
import java.util.Optional;

/** The servers a workload can be pointed at, each started once per suite. */
public enum TargetKind {
    /** The nginx origin itself: the baseline every proxy adds its cost to. */
    ORIGIN("origin"),
    /**
     * The WebSocket echo origin ({@code io.jpraxis.bench.ws.WsEchoOrigin}): the direct baseline of the
     * WebSocket workloads and the upstream of the {@code -ws} proxies.
     */
    WS_ORIGIN("ws-origin"),
    /** nginx as a one-worker reverse proxy with an upstream keepalive pool. */
    NGINX("nginx"),
    /** HAProxy with one thread, reusing origin connections always. */
    HAPROXY("haproxy"),
    /** jpraxis with the smallest proxying pipeline: router and load balancer. */
    JPRAXIS("jpraxis"),
    /**
     * jpraxis's plain path on one event loop ({@code runtime.threads: 1}), as nginx runs one worker
     * and HAProxy one thread here: the like-for-like figure beside the goals, which take jpraxis's
     * defaults (one loop per core).
     */
    JPRAXIS_ONE_LOOP("jpraxis-1loop"),
    /** jpraxis with 18 conditional headers filters in front of the router and load balancer. */
    JPRAXIS_20F("jpraxis-20f"),
    /** jpraxis on the AI path: model_to_header, intelligent_route and the load balancer. */
    JPRAXIS_AI("jpraxis-ai"),
    /**
     * jpraxis with the dispatch pipeline (feature iterative-request-router; see
     * docs/behaviour/binding.md#example-bound-dispatch): a binding router, a direct branch for {@code
     * /openai/}, and an iterative_request_router step for the rest.
     */
    JPRAXIS_DISPATCH("jpraxis-dispatch"),
    /**
     * jpraxis with the edge pipeline of issue 26 ({@link EdgePipeline}): forwarded_headers, ip_acl,
     * cors, jwt_auth, rate_limit and path_rewrite ahead of the router and load balancer.
     */
    JPRAXIS_EDGE("jpraxis-edge"),
    /** nginx as a one-worker proxy with {@code gzip on} at level 6 for JSON ({@code bench/peers/gzip-nginx.conf}). */
    NGINX_GZIP("nginx-gzip"),
    /** HAProxy (one thread) with {@code compression algo gzip} for JSON (libslz: stateless, no level). */
    HAPROXY_GZIP("haproxy-gzip"),
    /** jpraxis's plain path behind {@code compression}: gzip only, level 6, JSON responses. */
    JPRAXIS_GZIP("jpraxis-gzip"),
    /**
     * The floor under jpraxis: a bare Netty proxy ({@code io.jpraxis.bench.floor.BareNettyProxy})
     * on the same JVM options, transport, codecs and event loops, doing no gateway work. What it
     * costs, any proxy on this stack costs; what jpraxis costs beyond it is jpraxis's own.
     */
    NETTY_FLOOR("netty-floor"),
    /**
     * The bare Netty proxy behind TLS 1.3 on BoringSSL (HTTP/1.1 only): what TLS on this stack
     * costs before any gateway work, the floor under jpraxis-tls.
     */
    NETTY_FLOOR_TLS("netty-floor-tls"),
    /** nginx (one worker) terminating TLS in front of the origin: the edge workloads' peer. */
    NGINX_TLS("nginx-tls"),
    /** HAProxy (one thread) terminating TLS in front of the origin. */
    HAPROXY_TLS("haproxy-tls"),
    /**
     * jpraxis's plain path (router and load balancer) on a TLS 1.3 listener, on BoringSSL (which
     * offers its three TLS 1.3 suites; the clients' pin picks the one).
     */
    JPRAXIS_TLS("jpraxis-tls"),
    /**
     * The same listener with {@code cipher_suites} naming the one suite, which puts jpraxis on the
     * JDK's TLS engine (BoringSSL cannot restrict TLS 1.3 suites): what that choice costs.
     */
    JPRAXIS_TLS_JDK("jpraxis-tls-jdk"),
    /** nginx tunnelling WebSocket upgrades to the WebSocket origin. */
    NGINX_WS("nginx-ws"),
    /** HAProxy tunnelling WebSocket upgrades to the WebSocket origin. */
    HAPROXY_WS("haproxy-ws"),
    /** jpraxis's plain path to the WebSocket origin, which it tunnels upgrades to. */
    JPRAXIS_WS("jpraxis-ws");

    private final String cliName;

    TargetKind(String cliName) {
        this.cliName = cliName;
    }

    /** The name used on the command line and in every report. */
    public String cliName() {
        return cliName;
    }

    /** Whether it listens with TLS (ECDSA P-256, TLS 1.3, TLS_AES_128_GCM_SHA256): its URLs are https. */
    public boolean tls() {
        return this == NGINX_TLS || this == HAPROXY_TLS || this == JPRAXIS_TLS || this == JPRAXIS_TLS_JDK
                || this == NETTY_FLOOR_TLS;
    }

    /** The origin it forwards to (the origins name themselves): it is started first and must stay up. */
    public TargetKind upstream() {
        return switch (this) {
            case WS_ORIGIN, NGINX_WS, HAPROXY_WS, JPRAXIS_WS -> WS_ORIGIN;
            default -> ORIGIN;
        };
    }

    /** The kind named {@code name} on the command line, if any. */
    public static Optional<TargetKind> byName(String name) {
        return Arrays.stream(values()).filter(k -> k.cliName.equals(name)).findFirst();
    }
}
