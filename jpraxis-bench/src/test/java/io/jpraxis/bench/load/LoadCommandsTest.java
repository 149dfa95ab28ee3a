package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LoadCommandsTest {
    @TempDir
    Path work;

    private final Target nginx = new Target(TargetKind.NGINX, 18080, 18090, new ProcessGroup(1), null);

    @Test
    void wrkRunsForTheDurationWithTheWorkloadsScript() throws IOException {
        LoadCommand c = new LoadCommands(work).build(new LoadSpec.Wrk(2, 16, "POST", "/echo", 1024 * 1024), nginx, 10,
                "round1-post-1m-nginx");
        Path script = work.resolve("wrk-post-1048576-filler.lua");
        assertThat(c.argv()).containsExactly("wrk", "-t2", "-c16", "-d10s", "--timeout", "10s", "-s",
                script.toString(), "http://127.0.0.1:18080/echo");
        assertThat(Files.readString(script)).contains("wrk.body = string.rep(\"x\", 1048576)");
        assertThat(c.untimedLead()).isZero();
        assertThat(c.latencyLog()).isNull();
    }

    @Test
    void h2cUsesTheH2cPortAndLeavesItsWarmUpOutOfTheCpuBaseline() throws IOException {
        LoadCommand c = new LoadCommands(work).build(new LoadSpec.H2c(16, 8, 2, "/small"), nginx, 10, "t");
        assertThat(c.argv()).containsSubsequence("-D", "10", "--warm-up-time", "1")
                .contains("http://127.0.0.1:18090/small");
        assertThat(c.untimedLead()).isEqualTo(Duration.ofSeconds(1));
        assertThat(c.latencyLog()).isEqualTo(work.resolve("t.h2load.log"));
    }

    @Test
    void newConnectionsOpenOnePerPeriodAndOneRequestEach() throws IOException {
        LoadCommand c = new LoadCommands(work).build(new LoadSpec.NewConnections(100, "/small"), nginx, 10, "t");
        assertThat(c.argv()).containsSubsequence("--h1", "-t", "1", "-r", "1", "--rate-period", "10ms", "-c", "1000",
                "-n", "1000").contains("http://127.0.0.1:18080/small");
    }

    @Test
    void newTlsConnectionsAskTheServerToCloseAfterEachAnswerOverHttps() throws IOException {
        Target tls = new Target(TargetKind.NGINX_TLS, 18443, 18443, new ProcessGroup(1), null);
        LoadCommand c = new LoadCommands(work).build(new LoadSpec.WrkNewConnections(2, 16, "/small"), tls, 10, "t");
        Path script = work.resolve("wrk-get-close.lua");
        assertThat(c.argv()).containsExactly("wrk", "-t2", "-c16", "-d10s", "--timeout", "10s", "-s",
                script.toString(), "https://127.0.0.1:18443/small");
        assertThat(Files.readString(script)).contains("wrk.headers[\"Connection\"] = \"close\"")
                .contains(WrkScript.RESULT_MARKER);
    }

    @Test
    void http2OnATlsTargetGoesToItsOnePortOverHttps() throws IOException {
        Target tls = new Target(TargetKind.JPRAXIS_TLS, 18443, 18443, new ProcessGroup(1), null);
        LoadCommand c = new LoadCommands(work).build(new LoadSpec.H2c(8, 64, 2, "/small"), tls, 10, "t");
        assertThat(c.argv()).containsSubsequence("-c", "8", "-m", "64")
                .containsSubsequence("--tls13-ciphers=TLS_AES_128_GCM_SHA256", "https://127.0.0.1:18443/small");
        assertThat(c.environment()).containsOnlyKeys("OPENSSL_CONF");
        assertThat(Files.readString(Path.of(c.environment().get("OPENSSL_CONF"))))
                .contains("MinProtocol = TLSv1.3", "Ciphersuites = TLS_AES_128_GCM_SHA256");
        assertThat(new LoadCommands(work).build(new LoadSpec.H2c(8, 64, 2, "/small"), nginx, 10, "t").environment())
                .as("cleartext targets run in the suite's own environment").isEmpty();
    }

    @Test
    void webSocketClientsRunTheBenchJarsLoadClient() throws IOException {
        Target ws = new Target(TargetKind.JPRAXIS_WS, 18081, 18081, new ProcessGroup(1), null);
        LoadCommand echo = new LoadCommands(work).build(new LoadSpec.WsEcho(4, 128, 2, "/ws"), ws, 10, "t");
        assertThat(echo.argv()).containsSubsequence("io.jpraxis.bench.ws.WsLoad", "echo", "ws://127.0.0.1:18081/ws",
                "4", "10", "2", "128");
        assertThat(echo.untimedLead()).as("the client's warm-up is not in the CPU figure")
                .isEqualTo(Duration.ofSeconds(2));
        LoadCommand stream = new LoadCommands(work).build(new LoadSpec.WsStream(1L << 30, 65536, "/ws"), ws, 10, "t");
        assertThat(stream.argv()).endsWith("stream", "ws://127.0.0.1:18081/ws", "1073741824", "65536");
        assertThat(stream.timeoutSeconds()).as("a stream is bounded by its volume, not the duration")
                .isEqualTo(LoadCommands.STREAM_TIMEOUT_SECONDS);
    }

    @Test
    void aRateMustGiveWholeMillisecondPeriods() {
        assertThat(LoadCommands.periodMillis(100)).isEqualTo(10);
        assertThatThrownBy(() -> LoadCommands.periodMillis(3)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a divisor of 1000");
    }
}
