package io.jpraxis.bench.load;

import io.jpraxis.bench.load.LoadSpec.H2c;
import io.jpraxis.bench.load.LoadSpec.NewConnections;
import io.jpraxis.bench.load.LoadSpec.Wrk;
import io.jpraxis.bench.load.LoadSpec.WrkGet;
import io.jpraxis.bench.load.LoadSpec.WrkNewConnections;
import io.jpraxis.bench.load.LoadSpec.WsEcho;
import io.jpraxis.bench.load.LoadSpec.WsStream;
import io.jpraxis.bench.ws.WsLoad;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Turns a workload's {@link LoadSpec} into the wrk or h2load command line for one target. */
public final class LoadCommands {
    /** h2load's own warm-up before its timed part (--warm-up-time); its requests are not counted. */
    static final int H2C_WARM_UP_SECONDS = 1;
    /** Added to the run's length before a hung tool is killed. */
    private static final long SLACK_SECONDS = 60;
    /** wrk's default is 2 s; a proxy stalling longer than this is counted as a timeout error. */
    private static final String WRK_TIMEOUT = "10s";
    /** A 1 GiB stream takes seconds on loopback; one still running after this is stuck. */
    static final long STREAM_TIMEOUT_SECONDS = 300;

    private final Path workDir;

    /** Commands whose scripts and logs go under {@code workDir}. */
    public LoadCommands(Path workDir) {
        this.workDir = workDir;
    }

    /**
     * The command that loads {@code target} with {@code spec} for {@code seconds}; {@code tag} names
     * its files. Against a TLS target the tool's OpenSSL is pinned as the servers are ({@link ClientTlsPin}).
     */
    public LoadCommand build(LoadSpec spec, Target target, int seconds, String tag) throws IOException {
        LoadCommand command = command(spec, target, seconds, tag);
        return target.kind().tls() ? command.with(ClientTlsPin.environment(workDir)) : command;
    }

    private LoadCommand command(LoadSpec spec, Target target, int seconds, String tag) throws IOException {
        return switch (spec) {
            case Wrk w -> new LoadCommand(spec, List.of("wrk", "-t" + w.threads(), "-c" + w.connections(),
                    "-d" + seconds + "s", "--timeout", WRK_TIMEOUT, "-s", script(w).toString(), target.url(w.path())),
                    Duration.ZERO, null, seconds + SLACK_SECONDS);
            case WrkGet g -> new LoadCommand(spec, List.of("wrk", "-t" + g.threads(), "-c" + g.connections(),
                    "-d" + seconds + "s", "--timeout", WRK_TIMEOUT, "-s", script(g).toString(), target.url(g.path())),
                    Duration.ZERO, null, seconds + SLACK_SECONDS);
            case H2c h -> {
                Path log = workDir.resolve(tag + ".h2load.log");
                List<String> argv = new ArrayList<>(List.of("h2load", "-c", Integer.toString(h.clients()),
                        "-m", Integer.toString(h.streamsPerClient()), "-t", Integer.toString(h.threads()),
                        "-D", Integer.toString(seconds), "--warm-up-time", Integer.toString(H2C_WARM_UP_SECONDS),
                        "--log-file", log.toString()));
                if (target.kind().tls()) {
                    argv.add("--tls13-ciphers=" + ClientTlsPin.SUITE); // its default list wins over OPENSSL_CONF
                }
                argv.add(target.h2cUrl(h.path()));
                yield new LoadCommand(spec, argv,
                        Duration.ofSeconds(H2C_WARM_UP_SECONDS), log, seconds + H2C_WARM_UP_SECONDS + SLACK_SECONDS);
            }
            case NewConnections n -> {
                Path log = workDir.resolve(tag + ".h2load.log");
                // h2load's -r N opens N connections at the start of each period, in one burst. One
                // connection every 1/rate seconds gives the same rate spread evenly, and with
                // -c = -n = rate x seconds each connection carries one request and the run lasts
                // the given seconds (-r and -D cannot be combined).
                long total = (long) n.perSecond() * seconds;
                yield new LoadCommand(spec, List.of("h2load", "--h1", "-t", "1", "-r", "1",
                        "--rate-period", periodMillis(n.perSecond()) + "ms",
                        "-c", Long.toString(total), "-n", Long.toString(total),
                        "--log-file", log.toString(), target.url(n.path())),
                        Duration.ZERO, log, seconds + SLACK_SECONDS);
            }
            case WrkNewConnections w -> new LoadCommand(spec, List.of("wrk", "-t" + w.threads(),
                    "-c" + w.connections(), "-d" + seconds + "s", "--timeout", WRK_TIMEOUT, "-s",
                    closingScript().toString(), target.url(w.path())), Duration.ZERO, null, seconds + SLACK_SECONDS);
            case WsEcho e -> new LoadCommand(spec, wsLoad("echo", target.wsUrl(e.path()),
                    Integer.toString(e.connections()), Integer.toString(seconds), Integer.toString(e.warmupSeconds()),
                    Integer.toString(e.messageBytes())),
                    Duration.ofSeconds(e.warmupSeconds()), null, seconds + e.warmupSeconds() + SLACK_SECONDS);
            case WsStream st -> new LoadCommand(spec, wsLoad("stream", target.wsUrl(st.path()),
                    Long.toString(st.totalBytes()), Integer.toString(st.frameBytes())),
                    Duration.ZERO, null, STREAM_TIMEOUT_SECONDS);
        };
    }

    /**
     * The WebSocket client in the bench jar, on the JVM options the floor and the WebSocket origin
     * run with.
     */
    private static List<String> wsLoad(String... args) {
        List<String> argv = new ArrayList<>();
        argv.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        argv.addAll(NettyFloor.JVM_OPTIONS);
        argv.addAll(List.of("-cp", NettyFloor.benchJar().toString(), WsLoad.class.getName()));
        argv.addAll(List.of(args));
        return argv;
    }

    private Path closingScript() throws IOException {
        Path script = workDir.resolve("wrk-get-close.lua");
        if (!Files.exists(script)) {
            Files.writeString(script, WrkScript.renderClosing());
        }
        return script;
    }

    static long periodMillis(int perSecond) {
        if (perSecond <= 0 || 1000 % perSecond != 0) {
            throw new IllegalArgumentException("new connections per second: " + perSecond
                    + " (expected: a divisor of 1000, so the period is whole milliseconds)");
        }
        return 1000 / perSecond;
    }

    /** The GET script with {@code g}'s headers; the edge client's token is the one the run made. */
    private Path script(WrkGet g) throws IOException {
        Path script = workDir.resolve("wrk-get-" + g.headers().name().toLowerCase(Locale.ROOT) + ".lua");
        if (!Files.exists(script)) {
            Map<String, String> headers = switch (g.headers()) {
                case EDGE_CLIENT -> EdgePipeline.clientHeaders(EdgeCredentials.read(workDir).token());
                case GZIP -> Map.of("Accept-Encoding", "gzip");
            };
            Files.writeString(script, WrkScript.renderGet(headers));
        }
        return script;
    }

    private Path script(Wrk w) throws IOException {
        Path script = workDir.resolve("wrk-" + w.method().toLowerCase(Locale.ROOT) + "-" + w.bodyBytes() + "-"
                + w.body().name().toLowerCase(Locale.ROOT) + ".lua");
        if (!Files.exists(script)) {
            Files.writeString(script, WrkScript.render(w.method(), w.bodyBytes(), w.body()));
        }
        return script;
    }
}
