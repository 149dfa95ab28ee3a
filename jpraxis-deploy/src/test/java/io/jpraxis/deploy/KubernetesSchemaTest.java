package io.jpraxis.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The strict check itself: it must refuse what a cluster's API server (or kubectl's field
 * validation) refuses, or the chart tests prove nothing. Each case breaks one field of the
 * Deployment the chart renders with its defaults.
 */
class KubernetesSchemaTest {
    private static RenderedChart chart;

    @BeforeAll
    static void render() throws Exception {
        chart = RenderedChart.render("scale-out.yaml");
    }

    private static ObjectNode deployment() {
        return chart.deployment().deepCopy();
    }

    private static ObjectNode container(ObjectNode deployment) {
        return (ObjectNode) deployment.at("/spec/template/spec/containers/0");
    }

    @Test
    void theRenderedDeploymentPasses() {
        assertThatCode(() -> KubernetesSchema.validate(deployment())).doesNotThrowAnyException();
    }

    @Test
    void refusesAnUnknownTopLevelField() {
        ObjectNode d = deployment();
        d.put("specs", "typo");
        assertThatThrownBy(() -> KubernetesSchema.validate(d)).hasMessageContaining("`specs`");
    }

    @Test
    void refusesAnUnknownFieldDeepInThePodTemplate() {
        ObjectNode d = deployment();
        container(d).put("imagePullPolcy", "Always");
        assertThatThrownBy(() -> KubernetesSchema.validate(d)).hasMessageContaining("`imagePullPolcy`");

        ObjectNode probe = deployment();
        ((ObjectNode) container(probe).at("/readinessProbe/httpGet")).put("paht", "/ready");
        assertThatThrownBy(() -> KubernetesSchema.validate(probe)).hasMessageContaining("`paht`");

        ObjectNode volume = deployment();
        ((ObjectNode) volume.at("/spec/template/spec/volumes/0/configMap")).put("nmae", "x");
        assertThatThrownBy(() -> KubernetesSchema.validate(volume)).hasMessageContaining("`nmae`");
    }

    @Test
    void refusesAMissingRequiredField() {
        ObjectNode d = deployment();
        ((ObjectNode) d.get("spec")).remove("selector");
        assertThatThrownBy(() -> KubernetesSchema.validate(d)).hasMessageContaining("selector");

        ObjectNode unnamed = deployment();
        container(unnamed).remove("name");
        assertThatThrownBy(() -> KubernetesSchema.validate(unnamed)).hasMessageContaining("name");

        ObjectNode portless = deployment();
        ((ObjectNode) container(portless).at("/ports/0")).remove("containerPort");
        assertThatThrownBy(() -> KubernetesSchema.validate(portless)).hasMessageContaining("containerPort");
    }

    @Test
    void refusesAStringFieldHoldingAList() {
        ObjectNode d = deployment();
        ArrayNode list = container(d).putArray("image");
        list.add("jpraxis");
        assertThatThrownBy(() -> KubernetesSchema.validate(d)).hasMessageContaining("image");
    }

    @Test
    void refusesAKindTheApiDoesNotHave() {
        ObjectNode d = deployment();
        d.put("apiVersion", "apps/v1beta9");
        assertThatThrownBy(() -> KubernetesSchema.validate(d)).hasMessageContaining("not in the Kubernetes API spec");
    }

    @Test
    void theServiceMonitorCheckRefusesUnknownAndMissingFields() {
        ObjectNode monitor = chart.get("ServiceMonitor", "edge-jpraxis").deepCopy();
        assertThatCode(() -> ServiceMonitorShape.validate(monitor)).doesNotThrowAnyException();
        ((ObjectNode) monitor.at("/spec/endpoints/0")).put("intervall", "5s");
        assertThatThrownBy(() -> ServiceMonitorShape.validate(monitor)).hasMessageContaining("intervall");
        ObjectNode noSelector = chart.get("ServiceMonitor", "edge-jpraxis").deepCopy();
        ((ObjectNode) noSelector.get("spec")).remove("selector");
        assertThatThrownBy(() -> ServiceMonitorShape.validate(noSelector)).hasMessageContaining("selector");
    }

    @Test
    void theGeneratedValidatorsRefuseAWrongTypeAnUnknownEnumValueAndAMissingField() throws Exception {
        KubernetesModels.assumeAvailable();
        ObjectNode typed = deployment();
        ((ObjectNode) container(typed).at("/ports/0")).put("containerPort", "http");
        container(typed).put("imagePullPolicy", "Sometimes");
        ObjectNode monitor = chart.get("ServiceMonitor", "edge-jpraxis").deepCopy();
        ((ObjectNode) monitor.get("spec")).remove("selector");
        assertThat(KubernetesModels.problems(java.util.List.of(deployment(), typed, monitor))).containsExactlyInAnyOrder(
                "Deployment edge-jpraxis /spec/template/spec/containers/0/ports/0/containerPort: must be integer"
                        + " {\"type\":\"integer\"}",
                "Deployment edge-jpraxis /spec/template/spec/containers/0/imagePullPolicy: must be equal to one of the"
                        + " allowed values {\"allowedValues\":[\"Always\",\"IfNotPresent\",\"Never\"]}",
                "ServiceMonitor edge-jpraxis /spec: must have required property selector"
                        + " {\"missingProperty\":\"selector\"}");
    }

    @Test
    void everyObjectOfEveryValueSetPasses() throws Exception {
        for (String values : new String[] {"extproc.yaml", "redis.yaml", "scale-out.yaml"}) {
            for (JsonNode object : RenderedChart.render(values).objects()) {
                if (!object.path("kind").asText().equals("ServiceMonitor")) {
                    assertThatCode(() -> KubernetesSchema.validate(object)).as(values).doesNotThrowAnyException();
                }
            }
        }
    }
}
