package io.jpraxis.http.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The admin listener's JSON bodies. */
final class AdminJson {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private AdminJson() {
    }

    static String error(String reason) {
        return write(MAPPER.createObjectNode().put("error", reason));
    }

    static String status(String status) {
        return write(MAPPER.createObjectNode().put("status", status));
    }

    /**
     * {@code {"status": "ready" | "unavailable", "error": why (only when unavailable),
     * "clusters": [{"name", "healthy_endpoints", "total_endpoints", "health_checked"}]}}.
     */
    static String readiness(Readiness.Report report) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("status", report.ready() ? "ready" : "unavailable");
        if (!report.ready()) {
            root.put("error", report.reason());
        }
        ArrayNode clusters = root.putArray("clusters");
        for (Readiness.ClusterHealth c : report.clusters()) {
            clusters.addObject()
                    .put("name", c.name())
                    .put("healthy_endpoints", c.healthyEndpoints())
                    .put("total_endpoints", c.totalEndpoints())
                    .put("health_checked", c.healthChecked());
        }
        if (!report.stores().isEmpty()) {
            ArrayNode stores = root.putArray("stores");
            for (Readiness.StoreState s : report.stores()) {
                ObjectNode store = stores.addObject().put("store", s.store()).put("connected", s.connected());
                if (s.lastError() != null) {
                    store.put("last_error", s.lastError());
                }
            }
        }
        return write(root);
    }

    private static String write(ObjectNode node) {
        try {
            return MAPPER.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            // A tree of strings and numbers always serializes; reaching here is a programming error.
            throw new IllegalStateException("cannot write admin JSON", e);
        }
    }
}
