package io.jpraxis.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.marcnuri.helm.Helm;
import com.marcnuri.helm.TemplateCommand;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * The chart under deploy/helm/jpraxis as {@code helm template} renders it (the helm binary
 * helm-java bundles), split into its objects.
 */
record RenderedChart(String yaml, List<JsonNode> objects) {
    static final Path CHART = Path.of(System.getProperty("jpraxis.chart", "../deploy/helm/jpraxis"))
            .toAbsolutePath().normalize();
    static final String RELEASE = "edge";
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    /** The value sets the tests render with; an absolute path (a file a test wrote) is used as it is. */
    static final Path VALUES = Path.of("src/test/resources/chart-values");
    private static final Pattern DOCUMENT_SEPARATOR = Pattern.compile("(?m)^---\\s*$");

    /** Renders with the chart's defaults plus each values file under src/test/resources/chart-values. */
    static RenderedChart render(String... valuesFiles) throws IOException {
        return render(command -> command, valuesFiles);
    }

    static RenderedChart render(UnaryOperator<TemplateCommand> extra, String... valuesFiles) throws IOException {
        TemplateCommand command = new Helm(CHART).template().withName(RELEASE).withNamespace("gateways");
        for (String file : valuesFiles) {
            command = command.withValuesFile(VALUES.resolve(file).toAbsolutePath());
        }
        String yaml = extra.apply(command).call();
        List<JsonNode> objects = new ArrayList<>();
        for (String document : DOCUMENT_SEPARATOR.split(yaml)) {
            JsonNode node = YAML.readTree(document);
            if (node != null && !node.isNull() && !node.isMissingNode()) {
                objects.add(node);
            }
        }
        return new RenderedChart(yaml, List.copyOf(objects));
    }

    List<String> kinds() {
        return objects.stream().map(o -> o.path("kind").asText() + "/" + o.path("metadata").path("name").asText())
                .toList();
    }

    JsonNode get(String kind, String name) {
        return objects.stream()
                .filter(o -> o.path("kind").asText().equals(kind) && o.path("metadata").path("name").asText().equals(name))
                .findFirst().orElseThrow(() -> new AssertionError("no " + kind + "/" + name + " in " + kinds()));
    }

    JsonNode deployment() {
        return get("Deployment", "edge-jpraxis");
    }

    JsonNode container() {
        JsonNode containers = deployment().at("/spec/template/spec/containers");
        assertThat(containers.size()).isEqualTo(1);
        return containers.get(0);
    }

    /** The config file the ConfigMap holds, as the gateway reads it. */
    String configFile() {
        return get("ConfigMap", "edge-jpraxis-config").at("/data/jpraxis.yaml").asText();
    }

    /** Overlay files by name, from the chart's overlays ConfigMap. */
    Map<String, String> overlayFiles() {
        JsonNode data = get("ConfigMap", "edge-jpraxis-overlays").path("data");
        Map<String, String> files = new java.util.TreeMap<>();
        data.fields().forEachRemaining(e -> files.put(e.getKey(), e.getValue().asText()));
        return files;
    }
}
