package io.jpraxis.bench.ai;

import io.jpraxis.bench.load.ClockTicks;
import io.jpraxis.bench.load.MachineInfo;
import io.jpraxis.bench.load.OtherLoad;
import io.jpraxis.bench.load.Ports;
import io.jpraxis.bench.load.ProcessReaper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The AI gateway's performance goals ({@code bench/ai}; docs/benchmarks.md, "The AI gateway"):
 * examples/ai-gateway.yaml itself, only its addresses moved, in front of fake OpenAI providers on
 * loopback (A overloaded, answering 503; B serving; C only so the example's third address
 * exists). Three comparisons, each in interleaved rounds against warm gateways:
 * <ol>
 *   <li>a 2 KiB chat completion (gpt-4o-mini, to B) through the flagship vs the plain path (router
 *       and load_balancer to B): added p50 under 0.5 ms;
 *   <li>a 64 KiB streamed completion through the flagship vs the flagship without its token_count
 *       filters, both under load at the same time: the gateway JVM's CPU per request (from
 *       /proc) under 5% more;
 *   <li>time to first token, direct to B vs through the flagship vs through gpt-4o's failover
 *       (A's 503, then B): p50 within 1 ms of direct.
 * </ol>
 * Results go to {@code bench/results/ai-<date>.{md,json}}.
 */
public final class AiBench {
    static final double ADDED_P50_GOAL_MICROS = 500;
    static final double TOKEN_COUNT_CPU_GOAL_RATIO = 1.05;
    static final double FIRST_TOKEN_GOAL_MICROS = 1000;
    static final int CHAT_BYTES = 2048;

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd-HHmm")
            .withZone(ZoneOffset.UTC);

    private AiBench() {
    }

    public static void main(String[] args) throws Exception {
        if (List.of(args).contains("--help") || List.of(args).contains("-h")) {
            System.out.print(AiOptions.USAGE);
            return;
        }
        AiOptions o;
        try {
            o = AiOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("bench/ai: " + e.getMessage());
            System.err.print(AiOptions.USAGE);
            System.exit(2);
            return;
        }
        Path example = o.root().resolve("examples/ai-gateway.yaml");
        if (!Files.isExecutable(o.root().resolve("jpraxis")) || !Files.isRegularFile(example)) {
            System.err.println("bench/ai: run from the jpraxis checkout's root (no ./jpraxis or " + example + ")");
            System.exit(2);
        }
        System.exit(new AiBench().run(o, example));
    }

    private int run(AiOptions o, Path example) throws Exception {
        Instant started = Instant.now();
        Path runDir = Files.createTempDirectory("jpraxis-ai-");
        Files.setPosixFilePermissions(runDir, PosixFilePermissions.fromString("rwxr-xr-x"));
        System.err.println("ai: configs and gateway logs go to " + runDir);
        MachineInfo machine = MachineInfo.collect(o.root());
        ProcessReaper reaper = ProcessReaper.withShutdownHook();
        String keyA = key(o.root(), "provider-a.key");
        String keyB = key(o.root(), "provider-b.key");
        try (FakeProvider a = FakeProvider.overloaded("A", keyA);
                FakeProvider b = FakeProvider.serving("B", keyB);
                FakeProvider c = FakeProvider.serving("C", key(o.root(), "provider-c.key"))) {
            String yaml = Files.readString(example);
            int flagshipPort = Ports.free();
            int flagshipAdmin = Ports.free();
            int noCountPort = Ports.free();
            int plainPort = Ports.free();
            String flagship = AiConfigs.flagship(yaml, Map.of(AiConfigs.LISTENER, "127.0.0.1:" + flagshipPort,
                    AiConfigs.ADMIN, "127.0.0.1:" + flagshipAdmin, AiConfigs.PROVIDER_A, a.address(),
                    AiConfigs.PROVIDER_B, b.address(), AiConfigs.PROVIDER_C, c.address()));
            String noCount = AiConfigs.withoutTokenCount(AiConfigs.flagship(yaml, Map.of(
                    AiConfigs.LISTENER, "127.0.0.1:" + noCountPort, AiConfigs.ADMIN, "127.0.0.1:" + Ports.free(),
                    AiConfigs.PROVIDER_A, a.address(), AiConfigs.PROVIDER_B, b.address(),
                    AiConfigs.PROVIDER_C, c.address())));
            boolean aotCache = GatewayProcess.primeLaunchCache(o.root(), runDir, reaper, b.address());
            System.err.println("ai: ./jpraxis's ahead-of-time cache " + (aotCache ? "is in place" : "is MISSING"));
            GatewayProcess gwFlagship = GatewayProcess.start(o.root(), runDir, reaper, "flagship", flagshipPort, flagship);
            GatewayProcess gwNoCount = GatewayProcess.start(o.root(), runDir, reaper, "flagship-no-token-count",
                    noCountPort, noCount);
            GatewayProcess gwPlain = GatewayProcess.start(o.root(), runDir, reaper, "plain", plainPort,
                    AiConfigs.plain(plainPort, b.address()));
            for (GatewayProcess g : List.of(gwFlagship, gwNoCount, gwPlain)) {
                System.err.println("ai: started " + g.name() + " on port " + g.port() + ", pid " + g.pid());
            }
            checkAnswers(gwFlagship, gwPlain, gwNoCount);

            Map<String, Object> phases = new LinkedHashMap<>();
            long ticks = ClockTicks.perSecond();
            int cpus = Runtime.getRuntime().availableProcessors();

            String chat = ChatRequests.chat(ChatRequests.MINI, CHAT_BYTES);
            Map<String, String> clientHeaders = Map.of("Authorization", "Bearer " + ChatRequests.CLIENT_KEY,
                    "Content-Type", "application/json");
            OtherLoad.Snapshot s0 = OtherLoad.take();
            String load0 = MachineInfo.loadAverageNow();
            List<Comparison> overhead = new ArrayList<>();
            for (int connections : o.connections()) {
                WrkLoad load = new WrkLoad(runDir, "chat-c" + connections, chat, clientHeaders,
                        Math.min(2, connections), connections);
                overhead.add(compare("chat-2k-c" + connections, load, gwPlain, gwFlagship, o));
            }
            OtherLoad.Snapshot s1 = OtherLoad.take();
            phases.put("overhead", new PhaseLoad(load0, MachineInfo.loadAverageNow(), OtherLoad.between(s0, s1, ticks, cpus)));

            String load1 = MachineInfo.loadAverageNow();
            List<Comparison> tokenCpu = new ArrayList<>();
            for (boolean burst : List.of(false, true)) {
                String name = "stream-64k" + (burst ? "-burst" : "");
                WrkLoad stream = new WrkLoad(runDir, name, ChatRequests.stream(ChatRequests.MINI, 0, burst),
                        clientHeaders, 1, o.streamConnections());
                tokenCpu.add(together(name + "-c" + o.streamConnections(), stream, gwNoCount, gwFlagship,
                        o.streamRounds(), o));
            }
            OtherLoad.Snapshot s2 = OtherLoad.take();
            phases.put("token_count", new PhaseLoad(load1, MachineInfo.loadAverageNow(), OtherLoad.between(s1, s2, ticks, cpus)));

            String load2 = MachineInfo.loadAverageNow();
            FirstTokens firstTokens;
            String streamBody = ChatRequests.stream(ChatRequests.MINI, ChatRequests.FIRST_TOKEN_EVENTS);
            String failoverBody = ChatRequests.stream(ChatRequests.FAILOVER_MODEL, ChatRequests.FIRST_TOKEN_EVENTS);
            long aBefore = a.requests();
            long aConnectionsBefore = a.connections();
            long bConnectionsBefore = b.connections();
            long bOwnBefore = b.requestsWithOwnKey();
            try (FirstTokenClient direct = new FirstTokenClient("direct", b.port(), keyB, streamBody);
                    FirstTokenClient viaFlagship = new FirstTokenClient("flagship", gwFlagship.port(),
                            ChatRequests.CLIENT_KEY, streamBody);
                    FirstTokenClient viaFailover = new FirstTokenClient("failover", gwFlagship.port(),
                            ChatRequests.CLIENT_KEY, failoverBody)) {
                firstTokens = FirstTokens.measure(List.of(direct, viaFlagship, viaFailover), o.warmupSamples(),
                        o.samples());
            }
            long failedOverToB = b.requestsWithOwnKey() - bOwnBefore;
            long aAnswered503 = a.requests() - aBefore;
            long aConnections = a.connections() - aConnectionsBefore;
            long bConnections = b.connections() - bConnectionsBefore;
            OtherLoad.Snapshot s3 = OtherLoad.take();
            phases.put("first_token", new PhaseLoad(load2, MachineInfo.loadAverageNow(), OtherLoad.between(s2, s3, ticks, cpus)));

            String metrics = AdminMetrics.tokenAndFailoverLines(flagshipAdmin);
            Map<String, Long> providerCounts = new LinkedHashMap<>();
            providerCounts.put("aot_cache", aotCache ? 1L : 0L);
            providerCounts.put("a_requests", a.requests());
            providerCounts.put("a_503_during_first_token", aAnswered503);
            providerCounts.put("a_connections_during_first_token", aConnections);
            providerCounts.put("b_requests", b.requests());
            providerCounts.put("b_connections_during_first_token", bConnections);
            providerCounts.put("b_requests_with_b_key", b.requestsWithOwnKey());
            providerCounts.put("b_with_b_key_during_first_token", failedOverToB);
            reaper.stopAll();
            AiResult result = new AiResult(started.toString(), Instant.now().toString(), machine, o, overhead, tokenCpu,
                    firstTokens, phases, providerCounts, metrics, runDir.toString());
            String base = "ai-" + STAMP.format(started) + (o.reportable() ? "" : "-quick");
            Path md = AiReport.write(result, o.out(), base);
            System.out.print(Files.readString(md));
            System.err.println("ai: wrote " + md + " and its .json");
            return 0;
        } finally {
            reaper.stopAll();
        }
    }

    /** The machine's load before and after a phase, and the CPU share others took meanwhile. */
    record PhaseLoad(String loadAverageBefore, String loadAverageAfter, OtherLoad.Share other) {
    }

    /**
     * Warm-up, then {@code rounds} rounds of {@code load} against {@code base} and {@code measured},
     * the order swapped every round so neither always runs right after the other's load.
     */
    private static Comparison compare(String name, WrkLoad load, GatewayProcess base, GatewayProcess measured,
            AiOptions o) throws IOException, InterruptedException {
        System.err.println("ai: " + name + ": warm-up " + o.warmupSeconds() + " s each");
        load.run(base, o.warmupSeconds());
        load.run(measured, o.warmupSeconds());
        List<WrkLoad.Round> baseRounds = new ArrayList<>();
        List<WrkLoad.Round> measuredRounds = new ArrayList<>();
        for (int r = 0; r < o.rounds(); r++) {
            boolean baseFirst = r % 2 == 0;
            for (int i = 0; i < 2; i++) {
                boolean runBase = baseFirst == (i == 0);
                GatewayProcess g = runBase ? base : measured;
                WrkLoad.Round round = load.run(g, o.durationSeconds());
                (runBase ? baseRounds : measuredRounds).add(round);
                System.err.printf("ai: %s round %d %s: %.0f req/s, p50 %d µs, p99 %d µs, %.3f ms CPU/req, %d errors%n",
                        name, r + 1, g.name(), round.wrk().requestsPerSecond(), round.wrk().p50Micros(),
                        round.wrk().p99Micros(), round.cpuMillisPerRequest(), round.wrk().errors());
            }
        }
        return new Comparison(name, load.connections(), false, base.name(), measured.name(), baseRounds,
                measuredRounds);
    }

    /**
     * Warm-up, then {@code rounds} rounds in which {@code base} and {@code measured} each take
     * {@code load} at the same time: CPU per request moves with the machine's other work by more
     * than the 5% being judged, and simultaneous rounds see the same other work.
     */
    private static Comparison together(String name, WrkLoad load, GatewayProcess base, GatewayProcess measured,
            int rounds, AiOptions o) throws IOException, InterruptedException {
        System.err.println("ai: " + name + ": warm-up " + o.streamWarmupSeconds() + " s, both at once");
        load.runTogether(List.of(base, measured), o.streamWarmupSeconds());
        List<WrkLoad.Round> baseRounds = new ArrayList<>();
        List<WrkLoad.Round> measuredRounds = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            List<WrkLoad.Round> both = load.runTogether(List.of(base, measured), o.durationSeconds());
            baseRounds.add(both.get(0));
            measuredRounds.add(both.get(1));
            System.err.printf("ai: %s round %d: %s %.0f req/s %.3f ms CPU/req, %s %.0f req/s %.3f ms CPU/req (x%.3f)%n",
                    name, r + 1, base.name(), both.get(0).wrk().requestsPerSecond(), both.get(0).cpuMillisPerRequest(),
                    measured.name(), both.get(1).wrk().requestsPerSecond(), both.get(1).cpuMillisPerRequest(),
                    both.get(1).cpuMillisPerRequest() / both.get(0).cpuMillisPerRequest());
        }
        return new Comparison(name, load.connections(), true, base.name(), measured.name(), baseRounds, measuredRounds);
    }

    /** One request through each gateway before any load: each answers as the example promises. */
    private static void checkAnswers(GatewayProcess flagship, GatewayProcess plain, GatewayProcess noCount)
            throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
        String chat = ChatRequests.chat(ChatRequests.MINI, CHAT_BYTES);
        for (GatewayProcess g : List.of(flagship, plain, noCount)) {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + g.port()
                            + ChatRequests.PATH)).header("Authorization", "Bearer " + ChatRequests.CLIENT_KEY)
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(chat))
                    .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200 || !r.body().contains("\"usage\"")) {
                throw new IllegalStateException(g.name() + ": the 2 KiB chat answered " + r.statusCode() + ": " + r.body());
            }
        }
        HttpResponse<String> refused = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + flagship.port()
                        + ChatRequests.PATH)).header("Authorization", "Bearer sk-not-the-key")
                .POST(HttpRequest.BodyPublishers.ofString(chat)).build(), HttpResponse.BodyHandlers.ofString());
        if (refused.statusCode() != 401) {
            throw new IllegalStateException("flagship: a wrong client key answered " + refused.statusCode()
                    + " (expected: 401 from api_key_auth)");
        }
    }

    private static String key(Path root, String file) throws IOException {
        return Files.readString(root.resolve("examples/secrets").resolve(file));
    }
}
