package io.jpraxis.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as an operator uses it: exit codes, streams, short forms, option placement. */
class MainTest {
    private static final String VALID = """
            listeners:
              - name: web
                address: "127.0.0.1:0"
                filter_chains: [main]
            filter_chains:
              - name: main
                filters:
                  - filter: router
                    routes:
                      - path_prefix: "/"
                        cluster: c
                  - filter: load_balancer
                    clusters:
                      - name: c
                        endpoints: ["127.0.0.1:9"]
            insecure_options:
              allow_private_endpoints: true
            """;

    @TempDir
    Path dir;
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedOut;
    private PrintStream savedErr;

    @BeforeEach
    void captureStreams() {
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restoreStreams() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    private Path write(String name, String yaml) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, yaml);
        return file;
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void validateExitsZeroForAValidConfig() throws Exception {
        assertThat(Main.run("validate", "-c", write("ok.yaml", VALID).toString())).isZero();
        assertThat(stdout()).contains("configuration is valid");
        assertThat(stderr()).isEmpty();
    }

    @Test
    void validateListsEveryErrorOnePerLineAndExitsOne() throws Exception {
        Path bad = write("bad.yaml", VALID.replace("endpoints: [\"127.0.0.1:9\"]", "endpoints: []")
                .replace("    cluster: c\n", "    cluster: c\n            hots: x\n"));
        assertThat(Main.run("validate", "-c", bad.toString())).isEqualTo(1);
        assertThat(stderr().lines().filter(l -> l.startsWith("error: line ")))
                .as("one line per problem, each with its line")
                .containsExactly(
                        "error: line 12: filter_chains[0].filters[0].routes[0].hots: unknown key (did you mean 'host'?)"
                                + " [filter router, chain main]",
                        "error: line 16: filter_chains[0].filters[1].clusters[0].endpoints: [] (expected: at least one"
                                + " endpoint) [filter load_balancer, chain main]");
        assertThat(stderr()).contains("2 errors; configuration refused");
    }

    @Test
    void shortFormsOfValidateAndDump() throws Exception {
        Path ok = write("ok.yaml", VALID);
        assertThat(Main.run("-t", "-c", ok.toString())).isZero();
        assertThat(Main.run("-T", "-c", ok.toString())).isZero();
        assertThat(stdout()).contains("load_balancer_strategy: round_robin").as("dump applies defaults");
        assertThat(Main.run("-t", "-T", "-c", ok.toString())).as("mutually exclusive").isEqualTo(2);
    }

    @Test
    void dumpOutputIsItselfAValidConfig() throws Exception {
        assertThat(Main.run("dump", "-c", write("ok.yaml", VALID).toString())).isZero();
        Path dumped = write("dumped.yaml", stdout());
        out.reset();
        assertThat(Main.run("validate", "-c", dumped.toString())).as(stderr()).isZero();
    }

    @Test
    void featuresAreAcceptedBeforeOrAfterTheSubcommand() {
        assertThat(Main.run("--features", "chain-binding", "features")).isZero();
        assertThat(stdout()).containsPattern("chain-binding\\s+on");
        out.reset();
        assertThat(Main.run("features", "--features", "iterative-request-router")).isZero();
        assertThat(stdout()).containsPattern("iterative-request-router\\s+on")
                .as("implied feature").containsPattern("upstream-binding\\s+on");
    }

    @Test
    void hedgedRequestsIsListedOffByDefaultAndGatesHedgePolicy() throws Exception {
        assertThat(Main.run("features")).isZero();
        assertThat(stdout()).as("decision 35: listed, off by default").containsPattern("hedged-requests\\s+off");
        out.reset();
        Path hedged = write("hedged.yaml", VALID.replace("cluster: c\n", "cluster: c\n"
                + "            hedge_policy: {initial_requests: 2, max_attempts: 2}\n"));
        assertThat(Main.run("validate", "-c", hedged.toString())).as("refused while the flag is off").isEqualTo(1);
        assertThat(stderr()).contains("hedge_policy needs the hedged-requests feature");
        assertThat(Main.run("--features", "hedged-requests", "validate", "-c", hedged.toString())).as(stderr())
                .isZero();
    }

    @Test
    void tokenRateLimitIsListedOffByDefaultAndGatesTheFilter() throws Exception {
        assertThat(Main.run("features")).isZero();
        assertThat(stdout()).as("listed, off by default").containsPattern("token-rate-limit-filter\\s+off");
        out.reset();
        Path limited = write("limited.yaml", VALID.replace("    filters:\n", "    filters:\n"
                + "      - filter: token_rate_limit\n"
                + "        rules: [{name: all, algorithm: sliding_window, window: 1m, capacity: 100, reserved_tokens: 10}]\n"));
        assertThat(Main.run("validate", "-c", limited.toString())).as("refused while the flag is off").isEqualTo(1);
        assertThat(stderr()).contains("filter type token_rate_limit needs the token-rate-limit-filter feature "
                + "(enable with --features token-rate-limit-filter)");
        assertThat(Main.run("--features", "token-rate-limit-filter", "validate", "-c", limited.toString()))
                .as(stderr()).isZero();
    }

    @Test
    void slowStartIsListedOffByDefaultAndGatesTheClusterKey() throws Exception {
        assertThat(Main.run("features")).isZero();
        assertThat(stdout()).as("listed, off by default").containsPattern("slow-start\\s+off");
        out.reset();
        Path ramped = write("ramped.yaml", VALID.replace("endpoints: [\"127.0.0.1:9\"]\n",
                "endpoints: [\"127.0.0.1:9\"]\n            slow_start: {window_ms: 30000}\n"));
        assertThat(Main.run("validate", "-c", ramped.toString())).as("refused while the flag is off").isEqualTo(1);
        assertThat(stderr()).contains("slow_start needs the slow-start feature (enable with --features slow-start)");
        assertThat(Main.run("--features", "slow-start", "validate", "-c", ramped.toString())).as(stderr()).isZero();
    }

    @Test
    void unknownFeatureOrLogLevelIsAUsageError() {
        assertThat(Main.run("validate", "--features", "warp-drive")).isEqualTo(2);
        assertThat(stderr()).contains("warp-drive").contains("upstream-binding");
        assertThat(Main.run("validate", "--log-level", "loud")).isEqualTo(2);
        assertThat(stderr()).contains("--log-level loud");
    }

    @Test
    void unreadableFileIsReportedNotThrown() {
        assertThat(Main.run("validate", "-c", dir.resolve("missing.yaml").toString())).isEqualTo(1);
        assertThat(stderr()).contains("missing.yaml");
    }

    @Test
    void versionNamesTheProduct() {
        assertThat(Main.run("--version")).isZero();
        assertThat(stdout()).startsWith("jpraxis ");
    }

    @Test
    void schemaPrintsTheConfigJsonSchema() {
        assertThat(Main.run("schema")).isZero();
        assertThat(stdout()).as("a draft 2020-12 document naming the top-level keys")
                .contains("\"$schema\" : \"https://json-schema.org/draft/2020-12/schema\"")
                .contains("\"listeners\"", "\"filter_chains\"", "\"clusters\"");
    }
}
