package io.jpraxis.filters.traffic.sticky;

import io.jpraxis.filters.traffic.sticky.StickySessionsConfig.ClusterSticky;
import io.jpraxis.filters.traffic.sticky.StickySessionsConfig.CookieAttributes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The config in its YAML shape, defaults written out, for {@code jpraxis dump}: what it prints
 * loads back to the same filter (the record's own components, {@code mode} and {@code key_name},
 * are not keys of the entry).
 */
final class StickyDumpView {
    private StickyDumpView() {
    }

    static Map<String, Object> of(StickySessionsConfig config) {
        List<Map<String, Object>> clusters = config.clusters().stream().map(StickyDumpView::cluster).toList();
        if (!config.backend().shared()) {
            return Map.of("clusters", clusters);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("clusters", clusters);
        out.put("backend", Map.of("kind", "valkey", "url", config.backend().redactedUrl(), "namespace",
                config.backend().namespace()));
        out.put("on_backend_error", config.backend().failOpen() ? "open" : "closed");
        return out;
    }

    private static Map<String, Object> cluster(ClusterSticky c) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", c.name());
        out.put("type", c.mode().name().toLowerCase(Locale.ROOT));
        switch (c.mode()) {
            case COOKIE -> {
                out.put("cookie_name", c.keyName());
                out.put("cookie_attributes", attributes(c.attributes()));
            }
            case LEARN -> out.put("cookie_name", c.keyName());
            case HEADER -> out.put("header_name", c.keyName());
        }
        out.put("ttl_secs", c.ttlSecs());
        out.put("failover", c.failover());
        out.put("max_entries", c.maxEntries());
        out.put("eviction", c.eviction().name().toLowerCase(Locale.ROOT));
        return out;
    }

    private static Map<String, Object> attributes(CookieAttributes a) {
        Map<String, Object> out = new LinkedHashMap<>();
        if (a.domain() != null) {
            out.put("domain", a.domain());
        }
        if (a.path() != null) {
            out.put("path", a.path());
        }
        out.put("http_only", a.httpOnly());
        out.put("secure", a.secure());
        if (a.sameSite() != null) {
            out.put("same_site", a.sameSite());
        }
        return out;
    }
}
