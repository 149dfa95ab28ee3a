package io.jpraxis.core.context;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.subrequest.SubRequestClient;
import io.jpraxis.core.upstream.UpstreamTarget;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.concurrent.Executor;

/**
 * Everything the pipeline knows about one request, independent of the protocol that carried it.
 *
 * <p>{@link #headers()} is the working copy filters mutate and conditions read; it is what goes
 * upstream. Only the client's own {@code Host} is kept aside ({@link #originalAuthority()}), for
 * {@code X-Forwarded-Host}; copying every header per request for that would be waste. The path is
 * held in its canonical forms only ({@link RequestPath}): rules see {@link #matchPath()}, the
 * upstream request line carries {@link #target()}; the raw path the client sent is not kept. Instances
 * are confined to one request and one thread at a time, so nothing here is synchronized.
 */
public final class RequestContext {
    private final String listener;
    private final String method;
    private final RequestPath originalPath;
    private final String originalQuery;
    private RequestPath path;
    private String query;
    private final String scheme;
    private final InetSocketAddress peerAddress;
    private InetSocketAddress clientAddress;
    private String authenticatedSubject;
    private final String originalAuthority;
    private final HeaderMap headers;
    private final String generatedRequestId;
    private final Instant receivedAt;
    private final FilterResults results = new FilterResults();
    private final Extensions extensions = new Extensions();
    private RequestMetadata metadata;
    private String cluster;
    private UpstreamTarget upstream;
    private String requestId;
    private String route;
    private Instant deadline;
    private SubRequestClient subRequests;
    private Executor requestThread;
    private DownstreamTls downstreamTls;
    private UpstreamReach upstreamReach = UpstreamReach.NOT_ATTEMPTED;
    private int upstreamStatus;
    /** {@code System.nanoTime()} of the first upstream attempt and of the answer served; 0 while none. */
    private long upstreamStartNanos;
    private long upstreamAnsweredNanos;

    public RequestContext(String listener, String method, RequestPath path, String query, String scheme,
            InetSocketAddress clientAddress, HeaderMap headers, String requestId, Instant receivedAt) {
        this.listener = listener;
        this.method = method;
        this.originalPath = path;
        this.originalQuery = query;
        this.path = path;
        this.query = query;
        this.scheme = scheme;
        this.peerAddress = clientAddress;
        this.clientAddress = clientAddress;
        this.originalAuthority = headers.get("host");
        this.headers = headers;
        this.generatedRequestId = requestId;
        this.requestId = requestId;
        this.receivedAt = receivedAt;
    }

    public String listener() {
        return listener;
    }

    /** Upper-case method as received ({@code GET}). */
    public String method() {
        return method;
    }

    /**
     * The canonical path without {@code ;parameters} (see
     * docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding): what routes,
     * conditions and other path rules compare, so {@code //admin}, {@code /%61dmin} and {@code
     * /admin;x} all read {@code /admin} here.
     */
    public String matchPath() {
        return path.match();
    }

    /** The canonical path with its {@code ;parameters}, as it goes upstream (without the query). */
    public String forwardPath() {
        return path.forward();
    }

    /** Both canonical forms, for a context made from this one (a sub-request, an iteration step). */
    public RequestPath requestPath() {
        return path;
    }

    /** Query string without the leading {@code ?}, or null when absent (as rewritten, if it was). */
    public String query() {
        return query;
    }

    /**
     * Replaces the path and query that rules compare and the upstream gets ({@code path_rewrite},
     * {@code url_rewrite}). {@code rewritten} is canonical by construction, so a rewrite cannot
     * reopen what canonicalisation closed (see docs/behaviour/canonical-path.md).
     *
     * @param rewrittenQuery the new query without {@code ?}, or null for none
     */
    public void rewriteTarget(RequestPath rewritten, String rewrittenQuery) {
        this.path = rewritten;
        this.query = rewrittenQuery;
    }

    /** The canonical path the client sent, whatever a rewrite made of it since. */
    public RequestPath originalRequestPath() {
        return originalPath;
    }

    /** The query the client sent (without {@code ?}), or null; unchanged by rewrites. */
    public String originalQuery() {
        return originalQuery;
    }

    /** Whether a rewrite filter changed the path or query. */
    public boolean targetRewritten() {
        return path != originalPath || query != originalQuery;
    }

    /** {@code http} or {@code https}, as the client reached the gateway. */
    public String scheme() {
        return scheme;
    }

    /**
     * The client's address as every rule and log sees it: the TCP peer, unless a
     * {@code forwarded_headers} filter earlier in the pipeline resolved the client behind trusted
     * proxies (see docs/behaviour/client-address.md). May be null when the edge does not know it.
     */
    public InetSocketAddress clientAddress() {
        return clientAddress;
    }

    /** The TCP peer that sent this request, whatever {@code forwarded_headers} resolved. */
    public InetSocketAddress peerAddress() {
        return peerAddress;
    }

    /**
     * Makes {@code client} the client address later filters, the access log and {@code rate_limit}
     * {@code per_ip} use; called by {@code forwarded_headers} (port 0: a forwarded hop has none).
     */
    public void resolveClientAddress(InetAddress client) {
        this.clientAddress = new InetSocketAddress(client, 0);
    }

    /** Whether {@link #resolveClientAddress} replaced the TCP peer. */
    public boolean clientAddressResolved() {
        return clientAddress != peerAddress;
    }

    /**
     * The identity an authentication filter ({@code jwt_auth} {@code sub}, {@code basic_auth}
     * username) verified for this request, or null when none did.
     */
    public String authenticatedSubject() {
        return authenticatedSubject;
    }

    /** Set by an authentication filter once it verified the credential. */
    public void authenticatedSubject(String subject) {
        this.authenticatedSubject = subject;
    }

    /** The client connection's TLS session; null when the request arrived in cleartext. */
    public DownstreamTls downstreamTls() {
        return downstreamTls;
    }

    /** Set once by the edge that accepted the request, before the pipeline runs. */
    public void downstreamTls(DownstreamTls tls) {
        this.downstreamTls = tls;
    }

    /** Host header value (or HTTP/2 authority), or null. */
    public String authority() {
        return headers.get("host");
    }

    /** The {@code Host} the client sent, whatever filters later set. */
    public String originalAuthority() {
        return originalAuthority;
    }

    /** Working request headers: mutations by earlier filters are visible here. */
    public HeaderMap headers() {
        return headers;
    }

    /**
     * The effective request id: the gateway's own unless a filter ({@code request_id}) adopted a
     * valid one from the client. Logs, error responses and later filters use this one.
     */
    public String requestId() {
        return requestId;
    }

    /** Makes {@code id} the effective request id (the caller has validated it). */
    public void requestId(String id) {
        this.requestId = id;
    }

    /** The id the gateway generated for this request, whatever filters adopted since. */
    public String generatedRequestId() {
        return generatedRequestId;
    }

    public Instant receivedAt() {
        return receivedAt;
    }

    public FilterResults results() {
        return results;
    }

    public Extensions extensions() {
        return extensions;
    }

    /** String metadata filters publish for later filters; made on first use. */
    public RequestMetadata metadata() {
        if (metadata == null) {
            metadata = new RequestMetadata();
        }
        return metadata;
    }

    /** The cluster a router (or other selector) chose, or null. */
    public String cluster() {
        return cluster;
    }

    public void cluster(String name) {
        this.cluster = name;
    }

    /** The endpoint a load balancer picked, or null. */
    public UpstreamTarget upstream() {
        return upstream;
    }

    public void upstream(UpstreamTarget target) {
        this.upstream = target;
    }

    /** How far the request got towards its upstream; set by the edge that proxies it. */
    public UpstreamReach upstreamReach() {
        return upstreamReach;
    }

    /** The status of the origin's (last) response head; 0 unless {@link #upstreamReach()} is {@code ANSWERED}. */
    public int upstreamStatus() {
        return upstreamStatus;
    }

    /** The edge started an upstream attempt (a retry after an answer keeps the answer until the next one). */
    public void upstreamAttempted() {
        if (upstreamReach == UpstreamReach.NOT_ATTEMPTED) {
            upstreamReach = UpstreamReach.ATTEMPTED;
            upstreamStartNanos = System.nanoTime();
        }
    }

    /** The origin answered with {@code status}. */
    public void upstreamAnswered(int status) {
        if (upstreamStartNanos == 0) {
            upstreamStartNanos = System.nanoTime(); // an edge that reports only answers (tests, ext_proc)
        }
        upstreamReach = UpstreamReach.ANSWERED;
        upstreamStatus = status;
        upstreamAnsweredNanos = System.nanoTime();
    }

    /** {@code System.nanoTime()} when the first upstream attempt began; 0 when none did. */
    public long upstreamStartNanos() {
        return upstreamStartNanos;
    }

    /** {@code System.nanoTime()} when the head of the answer the client gets arrived; 0 when none did. */
    public long upstreamAnsweredNanos() {
        return upstreamAnsweredNanos;
    }

    /**
     * A bounded label of the route a router matched (its configured path or prefix), or null when
     * no route matched or no router ran. Metrics tag requests with it, so it must come from config.
     */
    public String route() {
        return route;
    }

    public void route(String label) {
        this.route = label;
    }

    /**
     * When the gateway must stop waiting for the response head (set by {@code timeout}), or null
     * for no deadline. The edge enforces it: on expiry it answers 504 and cancels the upstream.
     */
    public Instant deadline() {
        return deadline;
    }

    /** Sets the deadline, keeping an earlier one: the tightest of several timeouts wins. */
    public void tightenDeadline(Instant candidate) {
        if (deadline == null || candidate.isBefore(deadline)) {
            deadline = candidate;
        }
    }

    /** The forward path and the query as they go upstream ({@code /a;v=1/b?x=1}). */
    public String target() {
        String forward = path.forward();
        return query == null ? forward : forward + "?" + query;
    }

    /**
     * The sub-request client of the edge carrying this request (the iterative request router's
     * steps use it), or null when the edge has none.
     */
    public SubRequestClient subRequests() {
        return subRequests;
    }

    /** Set by the edge before the pipeline runs. */
    public void subRequests(SubRequestClient client) {
        this.subRequests = client;
    }

    /**
     * Runs a task on the thread this request belongs to (its event loop), inline when already
     * there; null on an edge without one (ext_proc). The executor resumes the pipeline through it
     * after an asynchronous hook that completed elsewhere, so filters never run on an I/O
     * client's thread (see docs/behaviour/request-lifecycle.md#the-request-phase).
     */
    public Executor requestThread() {
        return requestThread;
    }

    /** Set once by the edge that accepted the request, before the pipeline runs. */
    public void requestThread(Executor executor) {
        this.requestThread = executor;
    }
}
