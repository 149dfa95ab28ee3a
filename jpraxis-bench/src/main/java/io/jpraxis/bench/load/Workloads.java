package io.jpraxis.bench.load;

import static io.jpraxis.bench.load.TargetKind.HAPROXY;
import static io.jpraxis.bench.load.TargetKind.HAPROXY_GZIP;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_20F;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_AI;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_DISPATCH;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_EDGE;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_GZIP;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_ONE_LOOP;
import static io.jpraxis.bench.load.TargetKind.NETTY_FLOOR;
import static io.jpraxis.bench.load.TargetKind.NGINX;
import static io.jpraxis.bench.load.TargetKind.NGINX_GZIP;
import static io.jpraxis.bench.load.TargetKind.ORIGIN;

import io.jpraxis.bench.load.LoadSpec.Body;
import io.jpraxis.bench.load.LoadSpec.ClientHeaders;
import io.jpraxis.bench.load.LoadSpec.H2c;
import io.jpraxis.bench.load.LoadSpec.NewConnections;
import io.jpraxis.bench.load.LoadSpec.Wrk;
import io.jpraxis.bench.load.LoadSpec.WrkGet;
import java.util.List;
import java.util.Optional;

/** Every workload of the suite, in run and report order: adding one is one line here. */
public final class Workloads {
    /** The origin baseline and the three proxies, compared side by side. */
    public static final List<TargetKind> SIDE_BY_SIDE = List.of(ORIGIN, NGINX, HAPROXY, JPRAXIS);

    public static final List<Workload> ALL = List.of(
            new Workload("get-small", "GET /small (1 KiB), wrk -t2 -c64 keep-alive; also through jpraxis on one"
                    + " event loop and the bare Netty floor",
                    new Wrk(2, 64, "GET", "/small", 0),
                    List.of(ORIGIN, NGINX, HAPROXY, JPRAXIS, JPRAXIS_ONE_LOOP, NETTY_FLOOR)),
            new Workload("get-small-h2c", "GET /small over h2c (prior knowledge), h2load -c16 -m8 -t2",
                    new H2c(16, 8, 2, "/small"), SIDE_BY_SIDE),
            new Workload("post-64k", "POST 64 KiB to /echo (echoed back), wrk -t2 -c64",
                    new Wrk(2, 64, "POST", "/echo", 64 * 1024), SIDE_BY_SIDE),
            new Workload("post-1m", "POST 1 MiB to /echo (echoed back), wrk -t2 -c16",
                    new Wrk(2, 16, "POST", "/echo", 1024 * 1024), SIDE_BY_SIDE),
            new Workload("conns-1000", "GET /small on 1000 keep-alive connections, wrk -t2 -c1000",
                    new Wrk(2, 1000, "GET", "/small", 0), SIDE_BY_SIDE),
            new Workload("new-conns-100ps", "100 new HTTP/1.1 connections per second (one every 10 ms), one GET"
                    + " /small each, h2load --h1 -r 1 --rate-period 10ms",
                    new NewConnections(100, "/small"), SIDE_BY_SIDE),
            new Workload("pipeline-20f", "get-small through 20 filters (18 conditional headers, one in a branch"
                    + " chain) vs router + load_balancer",
                    new Wrk(2, 64, "GET", "/small", 0), List.of(JPRAXIS, JPRAXIS_20F)),
            new Workload("ai-path", "POST a 2 KiB chat JSON to /echo: model_to_header + intelligent_route +"
                    + " load_balancer vs router + load_balancer, wrk -t2 -c64",
                    new Wrk(2, 64, "POST", "/echo", 2048, Body.CHAT_JSON), List.of(JPRAXIS, JPRAXIS_AI)),
            new Workload("dispatch-direct", "GET /openai/small (1 KiB): binding router + direct branch's bound"
                    + " load_balancer vs router + load_balancer, wrk -t2 -c64",
                    new Wrk(2, 64, "GET", "/openai/small", 0), List.of(JPRAXIS, JPRAXIS_DISPATCH)),
            new Workload("dispatch-irr", "GET /small (1 KiB): binding router + gateway marker + iterative_request_router"
                    + " step (bound load_balancer) vs router + load_balancer, wrk -t2 -c64",
                    new Wrk(2, 64, "GET", "/small", 0), List.of(JPRAXIS, JPRAXIS_DISPATCH)),
            new Workload("edge-pipeline", "GET /edge/small (1 KiB) with a bearer token (the same on every request),"
                    + " an Origin and X-Forwarded-For: forwarded_headers + ip_acl + cors + jwt_auth + rate_limit +"
                    + " path_rewrite + router + load_balancer vs router + load_balancer, wrk -t2 -c64",
                    new WrkGet(2, 64, EdgePipeline.PATH, ClientHeaders.EDGE_CLIENT), List.of(JPRAXIS, JPRAXIS_EDGE)),
            new Workload("compression", "GET /data.json (64 KiB of JSON) with Accept-Encoding: gzip, answered"
                    + " gzip-encoded at level 6 (HAProxy: libslz), wrk -t2 -c64",
                    new WrkGet(2, 64, OriginContent.JSON_PATH, ClientHeaders.GZIP),
                    List.of(NGINX_GZIP, HAPROXY_GZIP, JPRAXIS_GZIP)));

    private Workloads() {
    }

    /** The workload called {@code name}, if any. */
    public static Optional<Workload> byName(String name) {
        return ALL.stream().filter(w -> w.name().equals(name)).findFirst();
    }
}
