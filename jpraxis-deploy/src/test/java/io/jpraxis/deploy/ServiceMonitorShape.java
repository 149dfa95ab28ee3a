package io.jpraxis.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;

/**
 * A ServiceMonitor (monitoring.coreos.com/v1) is a custom resource, outside the Kubernetes API
 * spec that {@link KubernetesSchema} checks. This holds it to the fields of the Prometheus
 * Operator's CRD that the chart uses, refusing any other key and a missing required one: a typo
 * fails, though the allowed keys are listed here rather than read from the CRD.
 */
final class ServiceMonitorShape {
    private static final Set<String> TOP = Set.of("apiVersion", "kind", "metadata", "spec");
    private static final Set<String> METADATA = Set.of("name", "namespace", "labels", "annotations");
    private static final Set<String> SPEC = Set.of("selector", "endpoints", "namespaceSelector", "jobLabel");
    private static final Set<String> SELECTOR = Set.of("matchLabels", "matchExpressions");
    private static final Set<String> ENDPOINT = Set.of("port", "path", "interval", "scrapeTimeout", "scheme");

    private ServiceMonitorShape() {
    }

    static void validate(JsonNode monitor) {
        only(monitor, TOP, "");
        require(monitor, "apiVersion", "kind", "metadata", "spec");
        if (!monitor.path("apiVersion").asText().equals("monitoring.coreos.com/v1")) {
            throw new IllegalArgumentException("ServiceMonitor apiVersion " + monitor.path("apiVersion"));
        }
        only(monitor.path("metadata"), METADATA, "metadata.");
        JsonNode spec = monitor.path("spec");
        only(spec, SPEC, "spec.");
        require(spec, "selector", "endpoints");
        only(spec.path("selector"), SELECTOR, "spec.selector.");
        if (!spec.path("endpoints").isArray() || spec.path("endpoints").isEmpty()) {
            throw new IllegalArgumentException("spec.endpoints is not a non-empty list");
        }
        for (JsonNode endpoint : spec.path("endpoints")) {
            only(endpoint, ENDPOINT, "spec.endpoints[].");
            endpoint.fields().forEachRemaining(e -> {
                if (!e.getValue().isTextual()) {
                    throw new IllegalArgumentException("spec.endpoints[]." + e.getKey() + " is not a string");
                }
            });
        }
    }

    private static void only(JsonNode node, Set<String> allowed, String at) {
        if (!node.isObject()) {
            throw new IllegalArgumentException(at + " is not a map");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            String key = it.next().getKey();
            if (!allowed.contains(key)) {
                throw new IllegalArgumentException("ServiceMonitor: unknown field " + at + key);
            }
        }
    }

    private static void require(JsonNode node, String... keys) {
        for (String key : keys) {
            if (!node.has(key)) {
                throw new IllegalArgumentException("ServiceMonitor: missing required field " + key);
            }
        }
    }
}
