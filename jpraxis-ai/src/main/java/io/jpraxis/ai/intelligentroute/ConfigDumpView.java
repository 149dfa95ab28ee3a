package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.candidate.Candidate;
import io.jpraxis.ai.candidate.CredentialRef;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.OverlayFile;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.SessionAffinityConfig;
import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.StaticCandidates;
import io.jpraxis.ai.overlay.ExpectedOverlayScope;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The config in Praxis's YAML shape, defaults written out, for {@code jpraxis dump}: what it
 * prints loads back to the same filter. Credentials are locators, so nothing needs redacting.
 */
final class ConfigDumpView {
    private ConfigDumpView() {
    }

    static Map<String, Object> of(IntelligentRouteConfig config) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("model_header", config.modelHeader());
        if (config.routeHeader() != null) {
            out.put("route_header", config.routeHeader());
        }
        switch (config.source()) {
            case StaticCandidates s -> {
                out.put("local_site", s.localSite());
                out.put("candidates", s.candidates().stream().map(ConfigDumpView::candidate).toList());
            }
            case OverlayFile o -> {
                out.put("overlay_file", o.file().toString());
                if (o.expectedScope() != null) {
                    out.put("expected_overlay_scope", scope(o.expectedScope()));
                }
                out.put("reload", Map.of("enabled", o.reload().enabled(),
                        "debounce_ms", o.reload().debounce().toMillis()));
            }
        }
        out.put("session_affinity", affinity(config.sessionAffinity()));
        out.put("provider_hop_clusters", List.copyOf(config.providerHopClusters()));
        return out;
    }

    private static Map<String, Object> candidate(Candidate c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kind", c.kind().wire());
        out.put("name", c.name());
        out.put("site", c.site());
        out.put("cluster", c.cluster());
        out.put("fresh", c.fresh());
        if (c.trafficWeight() != null) {
            out.put("traffic_weight", c.trafficWeight());
        }
        if (c.credential() != null) {
            out.put("credential", credential(c.credential()));
        }
        return out;
    }

    private static Map<String, Object> credential(CredentialRef ref) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("strategy", ref.strategy().wire());
        if (ref.header() != null) {
            out.put("header", ref.header());
        }
        Map<String, Object> secret = new LinkedHashMap<>();
        secret.put("name", ref.secretRef().name());
        secret.put("namespace", ref.secretRef().namespace());
        secret.put("key", ref.secretRef().key());
        out.put("secret_ref", secret);
        return out;
    }

    private static Map<String, Object> scope(ExpectedOverlayScope s) {
        Map<String, Object> out = new LinkedHashMap<>();
        putIfSet(out, "network", s.network());
        putIfSet(out, "gateway", s.gateway());
        putIfSet(out, "namespace", s.namespace());
        putIfSet(out, "local_site", s.localSite());
        return out;
    }

    private static Map<String, Object> affinity(SessionAffinityConfig a) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("enabled", a.enabled());
        putIfSet(out, "header", a.header());
        putIfSet(out, "cookie", a.cookie());
        out.put("ttl_secs", a.ttlSecs());
        if (a.backend().shared()) {
            out.put("backend", Map.of("kind", "valkey", "url", a.backend().redactedUrl(), "namespace",
                    a.backend().namespace()));
            out.put("on_backend_error", a.backend().failOpen() ? "open" : "closed");
        }
        return out;
    }

    private static void putIfSet(Map<String, Object> out, String key, String value) {
        if (value != null) {
            out.put(key, value);
        }
    }
}
