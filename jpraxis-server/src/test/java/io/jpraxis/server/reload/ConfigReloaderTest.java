package io.jpraxis.server.reload;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigRevision;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.admin.AdminSurface;
import io.jpraxis.server.boot.ConfigSource;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.ServingGateway;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** One reload at a time against a real serving gateway: what is applied, what is refused, what is counted. */
@Timeout(30)
class ConfigReloaderTest {
    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    @TempDir
    Path dir;
    private Path file;
    private ServingGateway serving;
    private ConfigReloader reloader;

    static String config(String body, String extra) {
        return """
                listeners:
                  - name: main
                    address: "127.0.0.1:0"
                    filter_chains: [answer]
                filter_chains:
                  - name: answer
                    filters:
                      - filter: static_response
                        status: 200
                        body: "%s"
                admin:
                  address: "127.0.0.1:0"
                %s""".formatted(body, extra);
    }

    @BeforeEach
    void start() throws IOException {
        file = Files.writeString(dir.resolve("gateway.yaml"), config("one", ""));
        ConfigSource source = new ConfigSource(file, file.toString());
        GatewayBuilder builder = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system());
        GatewayBuilder.Built built = builder.buildRevision(source, Instant.now());
        assertThat(built.result().diagnostics().errors()).isEmpty();
        serving = ServingGateway.start(built.result().gateway(), built.revision(), builder.services(),
                builder.registry());
        reloader = new ConfigReloader(source, builder, serving, Clock.systemUTC());
    }

    @AfterEach
    void stop() {
        if (serving != null) {
            serving.shutdown(Duration.ofSeconds(1));
        }
    }

    private String body() {
        return get(URI.create("http://127.0.0.1:" + serving.http().port("main") + "/")).body();
    }

    private String adminConfig() {
        return get(URI.create("http://127.0.0.1:" + serving.adminPort(AdminSurface.ADMIN).orElseThrow() + "/config"))
                .body();
    }

    private static HttpResponse<String> get(URI uri) {
        try {
            return CLIENT.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private double reloads(String outcome) {
        return serving.meters().get("jpraxis.config.reloads").tag("outcome", outcome).counter().count();
    }

    private String write(String yaml) throws IOException {
        Files.writeString(file, yaml);
        return ConfigRevision.sha256(yaml.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aValidChangeServesTheNextRequestAndConfigShowsItsRevision() throws IOException {
        String before = serving.revision().orElseThrow().sha256();
        assertThat(adminConfig()).as("/config names the serving bytes")
                .startsWith("# revision: sha256:" + before + "\n# loaded_at: ");
        String sha = write(config("two", ""));

        ReloadOutcome outcome = reloader.reload();

        assertThat(outcome).isInstanceOf(ReloadOutcome.Applied.class);
        assertThat(((ReloadOutcome.Applied) outcome).previous().sha256()).isEqualTo(before);
        assertThat(body()).isEqualTo("two");
        assertThat(adminConfig()).startsWith("# revision: sha256:" + sha + "\n").contains("body: two");
        assertThat(reloads("applied")).isEqualTo(1.0);
        assertThat(serving.generations().closedGenerations()).as("the idle old config closed").isEqualTo(1);
    }

    @Test
    void theSameBytesAgainAreNotAReload() {
        ReloadOutcome outcome = reloader.reload();

        assertThat(outcome).isInstanceOf(ReloadOutcome.Unchanged.class);
        assertThat(serving.generations().closedGenerations()).as("nothing was compiled or switched").isZero();
        assertThat(reloads("applied") + reloads("invalid")).isZero();
    }

    @Test
    void anInvalidConfigIsRefusedWithEveryDiagnosticAndTheOldOneKeepsServing() throws IOException {
        String serving = this.serving.revision().orElseThrow().label();
        write(config("two", "").replace("status: 200", "status: 2000\n        colour: red"));

        ReloadOutcome outcome = reloader.reload();

        assertThat(outcome).isInstanceOf(ReloadOutcome.Invalid.class);
        assertThat(((ReloadOutcome.Invalid) outcome).lines()).as("every problem, as validate prints them")
                .anySatisfy(l -> assertThat(l).startsWith("error: ").contains("status"))
                .anySatisfy(l -> assertThat(l).startsWith("error: ").contains("colour"))
                .last().asString().endsWith("2 errors; configuration refused");
        assertThat(body()).as("still serving the old config").isEqualTo("one");
        assertThat(this.serving.revision().orElseThrow().label()).isEqualTo(serving);
        assertThat(reloads("invalid")).isEqualTo(1.0);
    }

    @Test
    void aChangeTheOrderingChecksRefuseIsRefusedAndSkippingTheCheckLetsItIn() throws IOException {
        String unreachable = config("two", "").replace("        body: \"two\"\n", """
                        body: "two"
                      - filter: headers
                        name: never
                """);
        write(unreachable);

        ReloadOutcome outcome = reloader.reload();

        assertThat(outcome).isInstanceOf(ReloadOutcome.Invalid.class);
        assertThat(((ReloadOutcome.Invalid) outcome).lines()).first().asString()
                .startsWith("error: line 8: filter_chains[0].filters[0]: static_response at position 0 of listener "
                        + "'main' answers every request, so no request reaches headers 'never' (position 1)");
        assertThat(body()).as("still serving the old config").isEqualTo("one");

        write(unreachable + "insecure_options:\n  skip_pipeline_checks: {unreachable_filters: true}\n");
        assertThat(reloader.reload()).isInstanceOf(ReloadOutcome.Applied.class);
        assertThat(body()).isEqualTo("two");
    }

    @Test
    void aChangeThatNeedsARestartIsRefusedAsAWhole() throws IOException {
        write(config("two", "").replace("address: \"127.0.0.1:0\"\n    filter_chains",
                "address: \"127.0.0.1:1\"\n    filter_chains"));

        ReloadOutcome outcome = reloader.reload();

        assertThat(outcome).isInstanceOf(ReloadOutcome.NeedsRestart.class);
        assertThat(((ReloadOutcome.NeedsRestart) outcome).reasons())
                .containsExactly("listeners['main'].address: 127.0.0.1:0 -> 127.0.0.1:1 (applied at startup only)");
        assertThat(body()).as("not even the body change is applied: no half-applied file").isEqualTo("one");
        assertThat(reloads("restart_required")).isEqualTo(1.0);
    }

    @Test
    void aMissingFileIsRefusedAndTheOldConfigKeepsServing() throws IOException {
        Files.delete(file);

        ReloadOutcome outcome = reloader.reload();

        assertThat(outcome).isInstanceOf(ReloadOutcome.Invalid.class);
        assertThat(((ReloadOutcome.Invalid) outcome).lines().getFirst()).startsWith("error: ").contains("cannot read");
        assertThat(body()).isEqualTo("one");
    }

    @Test
    void aRefusedReloadDoesNotBlockTheNextValidOne() throws IOException {
        write("listeners: [");
        assertThat(reloader.reload()).isInstanceOf(ReloadOutcome.Invalid.class);
        write(config("three", ""));

        assertThat(reloader.reload()).isInstanceOf(ReloadOutcome.Applied.class);
        assertThat(body()).isEqualTo("three");
    }
}
