package io.jpraxis.bench.load;

import io.jpraxis.bench.ws.WsEchoOrigin;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.SSLContext;

/** Starts each kind of target on free loopback ports and waits until it serves {@code /small}. */
public final class TargetLauncher {
    /** Room for the launcher to rebuild the jar on a first run, which it does before serving. */
    private static final Duration READY_TIMEOUT = Duration.ofMinutes(5);

    private final Path root;
    private final Path runDir;
    private final ProcessReaper reaper;
    private final JpraxisLauncher jpraxis;
    /** Made when the first TLS target starts; every TLS target serves it. */
    private BenchCertificate certificate;

    /** Targets of the checkout at {@code root}, their configs and logs under {@code runDir}. */
    public TargetLauncher(Path root, Path runDir, ProcessReaper reaper) {
        this.root = root;
        this.runDir = runDir;
        this.reaper = reaper;
        this.jpraxis = new JpraxisLauncher(root);
    }

    /**
     * Starts {@code kind}; proxies forward to their {@link TargetKind#upstream()}, which must be
     * among {@code started} (the origins themselves need nothing started).
     */
    public Target startAfter(TargetKind kind, Map<TargetKind, Target> started)
            throws IOException, InterruptedException {
        return start(kind, kind.upstream() == kind ? null : started.get(kind.upstream()));
    }

    /** Starts {@code kind}; proxies forward to {@code origin} (null when starting an origin itself). */
    public Target start(TargetKind kind, Target origin) throws IOException, InterruptedException {
        int port = Ports.free();
        return switch (kind) {
            case ORIGIN -> nginx(kind, "origin-nginx.conf", port, Ports.free(), null);
            case WS_ORIGIN -> wsOrigin(port);
            case NGINX -> nginx(kind, "proxy-nginx.conf", port, Ports.free(), origin);
            case HAPROXY -> haproxy(port, Ports.free(), origin);
            case JPRAXIS -> jpraxis(kind, port, JpraxisConfigs.plain(port, origin.authority()));
            case JPRAXIS_ONE_LOOP -> jpraxis(kind, port, JpraxisConfigs.plainOneLoop(port, origin.authority()));
            case JPRAXIS_20F -> jpraxis(kind, port, JpraxisConfigs.twentyFilters(port, origin.authority()));
            case JPRAXIS_AI -> jpraxis(kind, port, JpraxisConfigs.aiPath(port, origin.authority()));
            case JPRAXIS_DISPATCH -> jpraxis(kind, port, JpraxisConfigs.dispatch(port, origin.authority()),
                    JpraxisConfigs.DISPATCH_FEATURES);
            case JPRAXIS_EDGE -> jpraxis(kind, port, JpraxisConfigs.edgePipeline(port, origin.authority(),
                    runDir.resolve(EdgeCredentials.JWKS_FILE).toString()));
            case NGINX_GZIP -> nginx(kind, "gzip-nginx.conf", port, port, origin);
            case HAPROXY_GZIP -> haproxy(kind, "gzip-haproxy.cfg", port, port, origin);
            case JPRAXIS_GZIP -> jpraxis(kind, port, JpraxisConfigs.gzip(port, origin.authority()));
            case NETTY_FLOOR -> nettyFloor(TargetKind.NETTY_FLOOR, port, origin, List.of());
            case NETTY_FLOOR_TLS -> nettyFloor(TargetKind.NETTY_FLOOR_TLS, port, origin,
                    List.of("--tls", certificate().cert().toString(), certificate().key().toString()));
            case NGINX_TLS -> nginx(kind, "tls-nginx.conf", port, port, origin);
            case HAPROXY_TLS -> haproxy(kind, "tls-haproxy.cfg", port, port, origin);
            case JPRAXIS_TLS -> jpraxis(kind, port, JpraxisConfigs.tls(port, origin.authority(), certificate(), false));
            case JPRAXIS_TLS_JDK -> jpraxis(kind, port,
                    JpraxisConfigs.tls(port, origin.authority(), certificate(), true));
            case NGINX_WS -> nginx(kind, "ws-nginx.conf", port, port, origin);
            case HAPROXY_WS -> haproxy(kind, "ws-haproxy.cfg", port, port, origin);
            case JPRAXIS_WS -> jpraxis(kind, port, JpraxisConfigs.plain(port, origin.authority()));
        };
    }

    /** The WebSocket echo origin from this JVM's own bench jar, on the floor's JVM options. */
    private Target wsOrigin(int port) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(NettyFloor.JVM_OPTIONS);
        command.addAll(List.of("-cp", NettyFloor.benchJar().toString(), WsEchoOrigin.class.getName(),
                Integer.toString(port)));
        ManagedProcess p = reaper.track(ManagedProcess.start(TargetKind.WS_ORIGIN.cliName(), command, runDir,
                log(TargetKind.WS_ORIGIN)));
        return ready(new Target(TargetKind.WS_ORIGIN, port, port, new ProcessGroup(p.handle().pid()), p));
    }

    private BenchCertificate certificate() throws IOException, InterruptedException {
        if (certificate == null) {
            certificate = BenchCertificate.generate(runDir);
        }
        return certificate;
    }

    /**
     * The bare Netty proxy in this JVM's own bench jar, on the JVM options the launcher gives
     * jpraxis for serving (so the comparison is of the code, not of the settings).
     */
    private Target nettyFloor(TargetKind kind, int port, Target origin, List<String> tls)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(NettyFloor.JVM_OPTIONS);
        command.addAll(List.of("-cp", NettyFloor.benchJar().toString(), NettyFloor.MAIN_CLASS,
                Integer.toString(port), origin.authority()));
        command.addAll(tls);
        ManagedProcess p = reaper.track(ManagedProcess.start(kind.cliName(), command, runDir, log(kind)));
        return ready(new Target(kind, port, port, new ProcessGroup(p.handle().pid()), p));
    }

    private Target nginx(TargetKind kind, String template, int port, int h2cPort, Target origin)
            throws IOException, InterruptedException {
        Path conf = PeerTemplates.renderFile(peers(), template, runDir, placeholders(kind, port, h2cPort, origin));
        // -e: nginx opens its error log before reading the config; the default is under /var/log.
        ManagedProcess p = reaper.track(ManagedProcess.start(kind.cliName(), List.of("nginx", "-c", conf.toString(),
                "-p", runDir.toString(), "-e", runDir.resolve(kind.cliName() + "-startup.log").toString(),
                "-g", "daemon off;"), runDir, log(kind)));
        return ready(new Target(kind, port, h2cPort, new ProcessGroup(p.handle().pid()), p));
    }

    private Target haproxy(int port, int h2cPort, Target origin) throws IOException, InterruptedException {
        return haproxy(TargetKind.HAPROXY, "proxy-haproxy.cfg", port, h2cPort, origin);
    }

    private Target haproxy(TargetKind kind, String template, int port, int h2cPort, Target origin)
            throws IOException, InterruptedException {
        Path conf = PeerTemplates.renderFile(peers(), template, runDir, placeholders(kind, port, h2cPort, origin));
        // -db: stay in the foreground, so this process is HAProxy itself and stops with it.
        ManagedProcess p = reaper.track(ManagedProcess.start(kind.cliName(),
                List.of("haproxy", "-db", "-f", conf.toString()), runDir, log(kind)));
        return ready(new Target(kind, port, h2cPort, new ProcessGroup(p.handle().pid()), p));
    }

    private Target jpraxis(TargetKind kind, int port, String yaml) throws IOException, InterruptedException {
        return jpraxis(kind, port, yaml, null);
    }

    /** Starts jpraxis on {@code yaml}, with {@code features} (null: none) as {@code --features} enables them. */
    private Target jpraxis(TargetKind kind, int port, String yaml, String features)
            throws IOException, InterruptedException {
        return jpraxis(kind, port, Files.writeString(runDir.resolve(kind.cliName() + ".yaml"), yaml), features);
    }

    /**
     * Starts jpraxis as {@code kind} on a config file the caller wrote (and may rewrite: the soak
     * keeps it in a folder of its own, since jpraxis watches the file's folder for reloads);
     * {@code port} is its listener's, probed for readiness.
     */
    public Target jpraxis(TargetKind kind, int port, Path config, String features)
            throws IOException, InterruptedException {
        ManagedProcess p = reaper.track(jpraxis.start(kind.cliName(), config, features, log(kind)));
        // Readiness first: by the time it serves, the launcher has exec'd (or spawned) the JVM.
        awaitServing(kind, port, p);
        long pid = JpraxisLauncher.javaPid(p).orElseThrow(() -> new IllegalStateException(
                kind.cliName() + ": serves on port " + port + " but no java process was found under pid "
                        + p.handle().pid()));
        return new Target(kind, port, port, new ProcessGroup(pid), p);
    }

    private Map<String, String> placeholders(TargetKind kind, int port, int h2cPort, Target origin)
            throws IOException, InterruptedException {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("RUN", runDir.toString());
        values.put("PORT", Integer.toString(port));
        values.put("H2PORT", Integer.toString(h2cPort));
        if (origin != null) {
            values.put("ORIGIN", origin.authority());
        }
        if (kind.tls()) {
            BenchCertificate c = certificate();
            values.put("CERT", c.cert().toString());
            values.put("KEY", c.key().toString());
            values.put("CERT_AND_KEY", c.certAndKey().toString());
        }
        return values;
    }

    private Target ready(Target target) throws InterruptedException, IOException {
        awaitServing(target.kind(), target.port(), target.process());
        return target;
    }

    private void awaitServing(TargetKind kind, int port, ManagedProcess p) throws InterruptedException, IOException {
        String name = kind.cliName();
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        SSLContext tls = kind.tls() ? certificate().clientContext() : null;
        while (probe(kind, port, tls) != 200) {
            if (!p.isAlive()) {
                throw new IllegalStateException(name + ": exited before serving (see " + p.log() + ")");
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(name + ": " + probeName(kind) + " on port " + port
                        + " did not answer 200 within " + READY_TIMEOUT.toSeconds() + " s (see " + p.log() + ")");
            }
            Thread.sleep(50);
        }
        checkServesAsConfigured(kind, port);
    }

    /**
     * Before any round: the edge pipeline refuses a request without a token (so jwt_auth is on the
     * path, and the 200 of the probe was its verdict), and a compressing target answers the JSON
     * body gzip-encoded. A target that does not is not started, so it cannot pass a goal.
     */
    private void checkServesAsConfigured(TargetKind kind, int port) throws IOException {
        if (kind == TargetKind.JPRAXIS_EDGE) {
            int bare = HttpProbe.status(port, EdgePipeline.PATH);
            if (bare != 401) {
                throw new IllegalStateException(kind.cliName() + ": GET " + EdgePipeline.PATH + " without a token"
                        + " answered " + bare + " (expected: 401 from jwt_auth)");
            }
            HttpProbe.Answer a = HttpProbe.get(port, EdgePipeline.PATH,
                    EdgePipeline.clientHeaders(EdgeCredentials.read(runDir).token()));
            if (!a.header("access-control-allow-origin").equals(EdgePipeline.ALLOWED_ORIGIN)
                    || a.header("x-ratelimit-limit").isEmpty()) {
                throw new IllegalStateException(kind.cliName() + ": the client's GET answered " + a.status()
                        + " with Access-Control-Allow-Origin \"" + a.header("access-control-allow-origin")
                        + "\" and X-RateLimit-Limit \"" + a.header("x-ratelimit-limit")
                        + "\" (expected: cors and rate_limit on the path)");
            }
        }
        if (compresses(kind)) {
            HttpProbe.Answer a = HttpProbe.get(port, OriginContent.JSON_PATH, Map.of("Accept-Encoding", "gzip"));
            if (a.status() != 200 || !a.header("content-encoding").equals("gzip")) {
                throw new IllegalStateException(kind.cliName() + ": GET " + OriginContent.JSON_PATH
                        + " with Accept-Encoding: gzip answered " + a.status() + " with Content-Encoding \""
                        + a.header("content-encoding") + "\" (expected: 200, gzip)");
            }
            System.err.println("load: " + kind.cliName() + " answers " + OriginContent.JSON_PATH + " gzip-encoded ("
                    + a.header("content-type") + ", " + (a.header("transfer-encoding").isEmpty()
                            ? "length " + a.header("content-length") : a.header("transfer-encoding")) + ")");
        }
    }

    private static boolean compresses(TargetKind kind) {
        return kind == TargetKind.JPRAXIS_GZIP || kind == TargetKind.NGINX_GZIP || kind == TargetKind.HAPROXY_GZIP;
    }

    /**
     * Asks whether {@code kind} serves: GET /small, except on the AI path, which routes only
     * requests whose body names a model (a GET there has no cluster and answers 500).
     */
    private int probe(TargetKind kind, int port, SSLContext tls) throws IOException {
        if (tls != null) {
            return HttpProbe.tlsStatus(port, "/small", tls);
        }
        if (kind == TargetKind.JPRAXIS_EDGE) {
            return HttpProbe.get(port, EdgePipeline.PATH,
                    EdgePipeline.clientHeaders(EdgeCredentials.read(runDir).token())).status();
        }
        return kind == TargetKind.JPRAXIS_AI ? HttpProbe.postJson(port, "/echo", WrkScript.chatJson(256))
                : HttpProbe.status(port, "/small");
    }

    private static String probeName(TargetKind kind) {
        if (kind == TargetKind.JPRAXIS_EDGE) {
            return "GET " + EdgePipeline.PATH + " with the client's token";
        }
        return kind == TargetKind.JPRAXIS_AI ? "POST /echo of a chat body" : "GET /small";
    }

    private Path peers() {
        return root.resolve("bench").resolve("peers");
    }

    private Path log(TargetKind kind) {
        return runDir.resolve(kind.cliName() + ".log");
    }
}
