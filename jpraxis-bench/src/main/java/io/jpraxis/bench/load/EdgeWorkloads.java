package io.jpraxis.bench.load;

import static io.jpraxis.bench.load.TargetKind.HAPROXY_TLS;
import static io.jpraxis.bench.load.TargetKind.HAPROXY_WS;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_TLS;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_TLS_JDK;
import static io.jpraxis.bench.load.TargetKind.JPRAXIS_WS;
import static io.jpraxis.bench.load.TargetKind.NETTY_FLOOR_TLS;
import static io.jpraxis.bench.load.TargetKind.NGINX_TLS;
import static io.jpraxis.bench.load.TargetKind.NGINX_WS;
import static io.jpraxis.bench.load.TargetKind.WS_ORIGIN;

import io.jpraxis.bench.load.LoadSpec.H2c;
import io.jpraxis.bench.load.LoadSpec.Wrk;
import io.jpraxis.bench.load.LoadSpec.WrkNewConnections;
import io.jpraxis.bench.load.LoadSpec.WsEcho;
import io.jpraxis.bench.load.LoadSpec.WsStream;
import java.util.List;

/**
 * The edge suite's workloads ({@code bench/run edge}), in run and report order. Every TLS target
 * serves the same ECDSA P-256 certificate with TLS 1.3 and TLS_AES_128_GCM_SHA256 only.
 */
public final class EdgeWorkloads {
    /** The TLS-terminating proxies, each in front of the nginx origin. */
    public static final List<TargetKind> TLS = List.of(NGINX_TLS, HAPROXY_TLS, JPRAXIS_TLS);
    /**
     * The same, jpraxis on the JDK's engine and the bare Netty floor on BoringSSL, on the HTTP/1.1
     * workloads, where what the engine and the stack cost shows most.
     */
    public static final List<TargetKind> TLS_AND_JDK = List.of(NGINX_TLS, HAPROXY_TLS, JPRAXIS_TLS, JPRAXIS_TLS_JDK,
            NETTY_FLOOR_TLS);
    /** The WebSocket origin alone (direct) and the three proxies tunnelling to it. */
    public static final List<TargetKind> WS = List.of(WS_ORIGIN, NGINX_WS, HAPROXY_WS, JPRAXIS_WS);
    /** The stream's volume: 1 GiB each way. */
    public static final long STREAM_BYTES = 1L << 30;
    public static final int STREAM_FRAME_BYTES = 64 * 1024;

    public static final List<Workload> ALL = List.of(
            new Workload("tls-get-small", "GET /small (1 KiB) over TLS 1.3 on keep-alive connections,"
                    + " wrk -t2 -c64", new Wrk(2, 64, "GET", "/small", 0), TLS_AND_JDK),
            new Workload("tls-new-conns", "GET /small with Connection: close over TLS 1.3: each request on a new"
                    + " connection with a full handshake (wrk never resumes a session), wrk -t2 -c16",
                    new WrkNewConnections(2, 16, "/small"), TLS_AND_JDK),
            new Workload("tls-h2", "GET /small over HTTP/2 on TLS 1.3 (ALPN h2), h2load -c8 -m64 -t2",
                    new H2c(8, 64, 2, "/small"), TLS),
            new Workload("ws-echo", "WebSocket echo of a 128-byte binary message, one in flight on each of 4"
                    + " connections (bench client on Netty, 2 s warm-up), round-trip latency",
                    new WsEcho(4, 128, 2, "/ws"), WS),
            new Workload("ws-stream", "1 GiB streamed through one WebSocket tunnel in 64 KiB binary frames and"
                    + " echoed back; req/s = frames/s, latency = a frame's echo time",
                    new WsStream(STREAM_BYTES, STREAM_FRAME_BYTES, "/ws"), WS));

    private EdgeWorkloads() {
    }
}
