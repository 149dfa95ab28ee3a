package io.jpraxis.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.LintResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/helm/jpraxis rendered with {@code helm template} for its defaults and for the value sets
 * under src/test/resources/chart-values: every object passes the strict Kubernetes API check
 * ({@link KubernetesSchema}; the ServiceMonitor {@link ServiceMonitorShape}), the config file it
 * renders passes the jar's own check, and the pod wiring matches what docs/guide/kubernetes.md
 * promises (probes, drain time, mounts, memory).
 */
@Timeout(180)
class ChartRenderTest {
    @TempDir
    Path pod;

    @Test
    void defaultsRenderValidObjectsAndAValidConfig() throws Exception {
        RenderedChart chart = RenderedChart.render();
        assertThat(chart.kinds()).containsExactlyInAnyOrder("ServiceAccount/edge-jpraxis",
                "ConfigMap/edge-jpraxis-config", "Service/edge-jpraxis", "Deployment/edge-jpraxis");
        assertAllValid(chart);
        assertThat(RenderedConfigCheck.validate(chart, pod, Map.of())).contains("configuration is valid");
    }

    @Test
    void lintsCleanWithStrict() {
        LintResult lint = new Helm(RenderedChart.CHART).lint().strict().call();
        assertThat(lint.isFailed()).as("%s", lint.getMessages()).isFalse();
    }

    @Test
    void probesUseTheMetricsListenerTheConfigDeclares() throws Exception {
        RenderedChart chart = RenderedChart.render();
        JsonNode config = RenderedChart.YAML.readTree(chart.configFile());
        assertThat(config.at("/admin/address").asText()).isEqualTo("127.0.0.1:9901");
        assertThat(config.at("/admin/metrics_address").asText()).isEqualTo("0.0.0.0:9090");
        JsonNode container = chart.container();
        assertThat(port(container, "metrics")).isEqualTo(9090);
        assertThat(port(container, "http")).isEqualTo(8080);
        assertThat(container.at("/readinessProbe/httpGet/path").asText()).isEqualTo("/ready");
        assertThat(container.at("/livenessProbe/httpGet/path").asText()).isEqualTo("/healthy");
        // /ready is 503 while a health-checked cluster has no healthy endpoint: no reason to restart.
        assertThat(container.at("/startupProbe/httpGet/path").asText()).isEqualTo("/healthy");
        for (String probe : new String[] {"readinessProbe", "livenessProbe", "startupProbe"}) {
            assertThat(container.at("/" + probe + "/httpGet/port").asText()).isEqualTo("metrics");
        }
        assertThat(chart.get("Service", "edge-jpraxis").at("/spec/ports/0/targetPort").asText()).isEqualTo("http");
    }

    @Test
    void theGracePeriodCoversThePreStopSleepAndTheGatewaysDrain() throws Exception {
        RenderedChart defaults = RenderedChart.render();
        assertThat(RenderedChart.YAML.readTree(defaults.configFile()).path("shutdown_timeout_secs").asInt()).isEqualTo(30);
        assertThat(defaults.deployment().at("/spec/template/spec/terminationGracePeriodSeconds").asInt())
                .isEqualTo(5 + 30 + 10);
        assertThat(defaults.container().at("/lifecycle/preStop/sleep/seconds").asInt()).isEqualTo(5);

        RenderedChart longer = RenderedChart.render(c -> c.set("shutdownTimeoutSecs", 120).set("preStopSleepSecs", 8));
        assertThat(RenderedChart.YAML.readTree(longer.configFile()).path("shutdown_timeout_secs").asInt()).isEqualTo(120);
        assertThat(longer.deployment().at("/spec/template/spec/terminationGracePeriodSeconds").asInt())
                .isEqualTo(8 + 120 + 10);
        assertAllValid(longer);
        assertThat(RenderedConfigCheck.validate(longer, pod, Map.of())).contains("configuration is valid");
    }

    @Test
    void theConfigMapIsMountedAsADirectorySoReloadsReachTheFile() throws Exception {
        RenderedChart chart = RenderedChart.render();
        JsonNode container = chart.container();
        assertThat(container.path("args").toString()).isEqualTo("[\"serve\",\"-c\",\"/etc/jpraxis/config/jpraxis.yaml\"]");
        JsonNode mount = mount(container, "config");
        assertThat(mount.path("mountPath").asText()).isEqualTo("/etc/jpraxis/config");
        assertThat(mount.has("subPath")).as("a subPath mount never sees ConfigMap updates").isFalse();
        assertThat(chart.deployment().at("/spec/template/metadata/annotations").isMissingNode())
                .as("no checksum by default: a change reloads in place").isTrue();
    }

    @Test
    void runsAsNonRootInsideA256MiBLimit() throws Exception {
        RenderedChart chart = RenderedChart.render();
        JsonNode pod = chart.deployment().at("/spec/template/spec");
        assertThat(pod.at("/securityContext/runAsNonRoot").asBoolean()).isTrue();
        assertThat(pod.at("/securityContext/runAsUser").asInt()).isPositive();
        JsonNode container = chart.container();
        assertThat(container.at("/securityContext/allowPrivilegeEscalation").asBoolean()).isFalse();
        assertThat(container.at("/securityContext/readOnlyRootFilesystem").asBoolean()).isTrue();
        assertThat(container.at("/securityContext/capabilities/drop/0").asText()).isEqualTo("ALL");
        assertThat(container.at("/resources/limits/memory").asText()).isEqualTo("256Mi");
        assertThat(env(container, "JPRAXIS_JAVA_OPTS").path("value").asText())
                .contains("-XX:MaxRAMPercentage=45", "-XX:MaxDirectMemorySize=32m", "-XX:+ExitOnOutOfMemoryError");
        assertThat(mount(container, "tmp").path("mountPath").asText()).isEqualTo("/tmp");
    }

    @Test
    void extprocModeServesGrpcForEnvoy() throws Exception {
        RenderedChart chart = RenderedChart.render("extproc.yaml");
        assertAllValid(chart);
        JsonNode container = chart.container();
        assertThat(container.at("/args/0").asText()).isEqualTo("extproc");
        JsonNode config = RenderedChart.YAML.readTree(chart.configFile());
        assertThat(config.at("/server/grpc_address").asText()).isEqualTo("0.0.0.0:50051");
        assertThat(config.at("/server/health_address").asText()).isEqualTo("0.0.0.0:50052");
        assertThat(config.at("/server/picker_mode").asBoolean()).isTrue();
        assertThat(config.has("admin")).isFalse();
        JsonNode service = chart.get("Service", "edge-jpraxis");
        assertThat(service.at("/spec/ports").size()).isEqualTo(1);
        assertThat(service.at("/spec/ports/0/port").asInt()).isEqualTo(50051);
        assertThat(service.at("/spec/ports/0/targetPort").asText()).isEqualTo("grpc");
        assertThat(service.at("/spec/ports/0/appProtocol").asText()).isEqualTo("kubernetes.io/h2c");
        assertThat(port(container, "grpc")).isEqualTo(50051);
        assertThat(container.at("/readinessProbe/grpc/port").asInt()).isEqualTo(50052);
        assertThat(container.at("/readinessProbe/grpc/service").asText()).isEqualTo("readiness");
        assertThat(container.at("/livenessProbe/grpc/service").asText()).isEqualTo("liveness");
        RenderedConfigCheck.validate(chart, pod, Map.of());
        // extproc's config has no shutdown_timeout_secs: its drain is always 30 s.
        RenderedChart longer = RenderedChart.render(c -> c.set("shutdownTimeoutSecs", 120), "extproc.yaml");
        assertThat(longer.configFile()).doesNotContain("shutdown_timeout_secs");
        assertThat(longer.deployment().at("/spec/template/spec/terminationGracePeriodSeconds").asInt())
                .isEqualTo(5 + 30 + 10);
    }

    @Test
    void redisUrlComesFromASecretIntoTheVariableTheConfigNames() throws Exception {
        RenderedChart chart = RenderedChart.render("redis.yaml");
        assertAllValid(chart);
        JsonNode ref = env(chart.container(), "JPRAXIS_STORE_URL").at("/valueFrom/secretKeyRef");
        assertThat(ref.path("name").asText()).isEqualTo("jpraxis-store");
        assertThat(ref.path("key").asText()).isEqualTo("url");
        assertThat(chart.configFile()).contains("url: ${JPRAXIS_STORE_URL}").doesNotContain("redis://");
        // validate never connects; the variable only has to be set, as the Secret sets it in the pod.
        assertThat(RenderedConfigCheck.validate(chart, pod, Map.of("JPRAXIS_STORE_URL",
                "redis://user:secret@store:6379/0"))).contains("configuration is valid");
        assertThatThrownBy(() -> RenderedChart.render(c -> c.set("redis.enabled", true)))
                .hasMessageContaining("redis.urlSecret.name");
    }

    @Test
    void scaleOutRendersHpaPdbServiceMonitorOverlaysAndSecrets() throws Exception {
        Path overlay = Path.of("../examples/intelligent-route-overlay.json");
        Path overlayValues = Files.createTempFile(pod, "overlay", ".yaml");
        ObjectNode values = RenderedChart.YAML.createObjectNode();
        values.putObject("overlays").putObject("files").put("routes.json", Files.readString(overlay));
        RenderedChart.YAML.writeValue(overlayValues.toFile(), values);
        RenderedChart chart = RenderedChart.render("scale-out.yaml", overlayValues.toString());
        assertThat(chart.kinds()).contains("HorizontalPodAutoscaler/edge-jpraxis", "PodDisruptionBudget/edge-jpraxis",
                "ServiceMonitor/edge-jpraxis", "Service/edge-jpraxis-metrics", "ConfigMap/edge-jpraxis-overlays");
        assertAllValid(chart);

        JsonNode hpa = chart.get("HorizontalPodAutoscaler", "edge-jpraxis");
        assertThat(hpa.at("/spec/scaleTargetRef/name").asText()).isEqualTo("edge-jpraxis");
        assertThat(hpa.at("/spec/minReplicas").asInt()).isEqualTo(3);
        assertThat(hpa.at("/spec/metrics").size()).isEqualTo(2);
        assertThat(chart.deployment().at("/spec/replicas").isMissingNode()).as("the HPA owns the count").isTrue();
        JsonNode pdb = chart.get("PodDisruptionBudget", "edge-jpraxis");
        assertThat(pdb.at("/spec/maxUnavailable").asInt()).isEqualTo(1);
        assertThat(pdb.at("/spec/selector/matchLabels")).isEqualTo(chart.deployment().at("/spec/selector/matchLabels"));

        JsonNode monitor = chart.get("ServiceMonitor", "edge-jpraxis");
        JsonNode metricsService = chart.get("Service", "edge-jpraxis-metrics");
        assertThat(monitor.at("/spec/endpoints/0/port").asText()).isEqualTo(metricsService.at("/spec/ports/0/name").asText());
        assertThat(monitor.at("/spec/selector/matchLabels/app.kubernetes.io~1part").asText()).isEqualTo("metrics");
        assertThat(metricsService.at("/metadata/labels/app.kubernetes.io~1part").asText()).isEqualTo("metrics");
        assertThat(chart.get("Service", "edge-jpraxis").at("/metadata/labels/app.kubernetes.io~1part").isMissingNode())
                .as("the traffic Service is not scraped").isTrue();
        assertThat(monitor.at("/metadata/labels/release").asText()).isEqualTo("prometheus");

        JsonNode annotations = chart.deployment().at("/spec/template/metadata/annotations");
        assertThat(annotations.path("checksum/config").asText()).hasSize(64);
        assertThat(annotations.path("checksum/overlays").asText()).hasSize(64);

        JsonNode container = chart.container();
        assertThat(mount(container, "overlays").path("mountPath").asText()).isEqualTo("/etc/jpraxis/overlays");
        assertThat(mount(container, "overlays").has("subPath")).isFalse();
        assertThat(mount(container, "provider-keys").path("mountPath").asText()).isEqualTo("/etc/jpraxis/secrets/providers");
        assertThat(env(container, "CLOUD_API_KEY").at("/valueFrom/secretKeyRef/name").asText()).isEqualTo("jpraxis-provider-keys");
        assertThat(chart.overlayFiles().get("routes.json")).isEqualTo(Files.readString(overlay));

        assertThat(RenderedConfigCheck.validate(chart, pod, Map.of("CLOUD_API_KEY", "placeholder")))
                .contains("configuration is valid");
    }

    @Test
    void theChecksumChangesWithTheConfig() throws Exception {
        String before = RenderedChart.render(c -> c.set("configChecksum.enabled", true)).deployment()
                .at("/spec/template/metadata/annotations/checksum~1config").asText();
        String after = RenderedChart.render(c -> c.set("configChecksum.enabled", true).set("shutdownTimeoutSecs", 31))
                .deployment().at("/spec/template/metadata/annotations/checksum~1config").asText();
        assertThat(before).hasSize(64).isNotEqualTo(after);
    }

    @Test
    void keysTheChartOwnsAreRefusedInTheConfig() {
        assertThatThrownBy(() -> RenderedChart.render(c -> c.set("config.admin.address", "0.0.0.0:9901")))
                .hasMessageContaining("config.admin is set by the chart");
        assertThatThrownBy(() -> RenderedChart.render(c -> c.set("config.shutdown_timeout_secs", 5)))
                .hasMessageContaining("shutdownTimeoutSecs");
        assertThatThrownBy(() -> RenderedChart.render(c -> c.set("mode", "proxy")))
                .hasMessageContaining("mode must be serve or extproc");
    }

    @Test
    void theJarsCheckCatchesABrokenRenderedConfig() throws Exception {
        RenderedChart unknownKey = RenderedChart.render(c -> c.set("config.listenres", "typo"));
        assertThatThrownBy(() -> RenderedConfigCheck.validate(unknownKey, pod.resolve("a"), Map.of()))
                .isInstanceOf(AssertionError.class).hasMessageContaining("listenres");
        // The Redis value set without the variable its Secret would set: the load names it.
        RenderedChart redis = RenderedChart.render("redis.yaml");
        assertThatThrownBy(() -> RenderedConfigCheck.validate(redis, pod.resolve("b"), Map.of()))
                .isInstanceOf(AssertionError.class).hasMessageContaining("JPRAXIS_STORE_URL");
        RenderedChart extproc = RenderedChart.render(c -> c.set("mode", "extproc")
                .set("extproc.config.server.picker_mode", true));
        assertThatThrownBy(() -> RenderedConfigCheck.validate(extproc, pod.resolve("c"), Map.of()))
                .isInstanceOf(AssertionError.class).hasMessageContaining("intelligent_route");
    }

    static void assertAllValid(RenderedChart chart) throws Exception {
        assertThat(chart.objects()).isNotEmpty();
        if (KubernetesModels.available()) {
            assertThat(KubernetesModels.problems(chart.objects())).as("types, enums and required fields").isEmpty();
        }
        for (JsonNode object : chart.objects()) {
            if (object.path("kind").asText().equals("ServiceMonitor")) {
                ServiceMonitorShape.validate(object);
            } else {
                KubernetesSchema.validate(object);
            }
            assertThat(object.at("/metadata/labels/app.kubernetes.io~1instance").asText()).isEqualTo("edge");
        }
    }

    private static int port(JsonNode container, String name) {
        for (JsonNode port : container.path("ports")) {
            if (port.path("name").asText().equals(name)) {
                return port.path("containerPort").asInt();
            }
        }
        throw new AssertionError("no port " + name + " in " + container.path("ports"));
    }

    private static JsonNode mount(JsonNode container, String volume) {
        for (JsonNode mount : container.path("volumeMounts")) {
            if (mount.path("name").asText().equals(volume)) {
                return mount;
            }
        }
        throw new AssertionError("no mount of " + volume + " in " + container.path("volumeMounts"));
    }

    private static JsonNode env(JsonNode container, String name) {
        for (JsonNode var : container.path("env")) {
            if (var.path("name").asText().equals(name)) {
                return var;
            }
        }
        throw new AssertionError("no env " + name + " in " + container.path("env"));
    }
}
