package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.load.ConfigRevision;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.http.admin.AdminSurface;
import io.jpraxis.server.boot.ConfigSource;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.server.reload.HotReload;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dynamic reload end to end (see docs/behaviour/reload.md#how-a-reload-runs): the serving gateway
 * and its file watcher, real origins, and clients that keep sending while the config file is
 * rewritten under them.
 */
@Timeout(60)
class HotReloadTest {
    private static final int CLIENTS = 4;
    @TempDir
    Path dir;
    private ServingGateway serving;
    private HotReload reload;

    @AfterEach
    void stop() {
        if (reload != null) {
            reload.close();
        }
        if (serving != null) {
            serving.shutdown(Duration.ofSeconds(2));
        }
    }

    private static String routeTo(TestOrigin origin) {
        return TestConfigs.proxyTo(origin.address(), """
                admin:
                  address: "127.0.0.1:0"
                """);
    }

    /** What an editor does: write a new file beside the config, then rename it over the config. */
    private static String save(Path file, String yaml) throws IOException {
        Path temp = Files.writeString(file.resolveSibling(".gateway.yaml.tmp"), yaml);
        Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return ConfigRevision.sha256(yaml.getBytes(StandardCharsets.UTF_8));
    }

    private void serve(Path file) throws IOException {
        GatewayBuilder builder = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system());
        ConfigSource source = new ConfigSource(file, file.toString());
        GatewayBuilder.Built built = builder.buildRevision(source, Instant.now());
        assertThat(built.result().diagnostics().errors()).as("the first config builds").isEmpty();
        serving = ServingGateway.start(built.result().gateway(), built.revision(), builder.services(),
                builder.registry());
        reload = HotReload.start(source, builder, serving);
    }

    private String adminConfig() {
        return Http.get(URI.create("http://127.0.0.1:" + serving.adminPort(AdminSurface.ADMIN).orElseThrow()
                + "/config")).body();
    }

    private double reloads(String outcome) {
        return serving.meters().get("jpraxis.config.reloads").tag("outcome", outcome).counter().count();
    }

    /** One client's answers in order: the origin that answered each request, or what went wrong. */
    private record Client(List<String> answers, List<String> failures) {
    }

    @Test
    void rewritingTheFileUnderLoadMovesTrafficWithoutFailingARequestAndABadRewriteChangesNothing()
            throws Exception {
        try (TestOrigin first = TestOrigin.start("first"); TestOrigin second = TestOrigin.start("second")) {
            Path file = dir.resolve("gateway.yaml");
            String before = save(file, routeTo(first));
            serve(file);
            assertThat(adminConfig()).startsWith("# revision: sha256:" + before + "\n");
            URI uri = URI.create("http://127.0.0.1:" + serving.http().port("it") + "/load");

            AtomicBoolean running = new AtomicBoolean(true);
            List<Client> clients = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int c = 0; c < CLIENTS; c++) {
                Client client = new Client(new CopyOnWriteArrayList<>(), new CopyOnWriteArrayList<>());
                clients.add(client);
                threads.add(Thread.ofPlatform().name("load-" + c).start(() -> load(uri, running, client)));
            }
            try {
                assertThat(await(() -> answered(clients, "first") >= 20)).as("load reaches the first origin").isTrue();
                String after = save(file, routeTo(second));

                assertThat(await(() -> answered(clients, "second") >= 50))
                        .as("within seconds of the save, traffic reaches the second origin").isTrue();
                assertThat(adminConfig()).as("/config shows the new revision")
                        .startsWith("# revision: sha256:" + after + "\n").contains(second.address());

                save(file, routeTo(second).replace("filter_chains: [main]", "filter_chains: [missing]"));
                assertThat(await(() -> reloads("invalid") == 1.0)).as("the bad rewrite is seen and refused").isTrue();
                int secondBefore = answered(clients, "second");
                assertThat(await(() -> answered(clients, "second") >= secondBefore + 50))
                        .as("the valid config keeps serving after the bad rewrite").isTrue();
                assertThat(adminConfig()).as("/config still names the last valid revision")
                        .startsWith("# revision: sha256:" + after + "\n");
            } finally {
                running.set(false);
                for (Thread t : threads) {
                    t.join(Duration.ofSeconds(15));
                }
            }

            for (Client client : clients) {
                assertThat(client.failures()).as("no request failed across the reloads").isEmpty();
                int firstSecond = client.answers().indexOf("second");
                assertThat(firstSecond).as("every client moved to the new origin").isNotNegative();
                assertThat(client.answers().subList(firstSecond, client.answers().size()))
                        .as("once a client's request took the new config, none of its later ones took the old")
                        .containsOnly("second");
            }
            assertThat(reloads("applied")).isEqualTo(1.0);
            assertThat(await(() -> serving.generations().openGenerations() == 1))
                    .as("the replaced generation closed once its requests ended").isTrue();
        }
    }

    private static void load(URI uri, AtomicBoolean running, Client client) {
        while (running.get()) {
            try {
                HttpResponse<String> r = Http.CLIENT.send(HttpRequest.newBuilder(uri)
                        .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
                String origin = r.headers().firstValue(OriginCommands.ORIGIN_NAME).orElse("(none)");
                if (r.statusCode() != 200) {
                    client.failures().add(r.statusCode() + " from " + origin + ": " + r.body());
                } else {
                    client.answers().add(origin);
                }
            } catch (IOException e) {
                client.failures().add(e.toString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static int answered(List<Client> clients, String origin) {
        int n = 0;
        for (Client c : clients) {
            n += (int) c.answers().stream().filter(origin::equals).count();
        }
        return n;
    }

    private static boolean await(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }
}
