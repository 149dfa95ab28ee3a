package io.jpraxis.filters.traffic.sticky;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import io.jpraxis.filters.traffic.sticky.StickySessionsConfig.ClusterSticky;
import io.jpraxis.filters.traffic.sticky.StickySessionsConfig.CookieAttributes;
import java.util.Optional;

/**
 * Reads one entry of {@code clusters} (see docs/reference/filters/sticky_sessions.md#keys). Its
 * problems are collected apart and then reported with the cluster's name, so a long list says
 * which cluster is wrong, not only its index.
 */
final class StickyClusterReader {
    static final long DEFAULT_TTL_SECS = 3600;
    /** Seconds that still fit a nanosecond count: no real session lives anywhere near this long. */
    static final long MAX_TTL_SECS = Long.MAX_VALUE / 1_000_000_000L;
    static final int DEFAULT_MAX_ENTRIES = 100_000;
    static final int MAX_ENTRIES = 200_000;

    private StickyClusterReader() {
    }

    /** The entry at {@code path}, or empty after reporting (into {@code parent}) what is wrong with it. */
    static Optional<ClusterSticky> read(ConfigNode node, ConfigPath path, Diagnostics parent) {
        Diagnostics local = new Diagnostics();
        MapReader r = MapReader.of(node, path, local, StickySessionsKeys.CLUSTER);
        String name = r.requiredString("name");
        if (name != null && name.isBlank()) {
            r.invalid("name", "a cluster name");
        }
        StickyMode mode = r.require("type") ? r.enumValue("type", StickyMode.class).orElse(null) : null;
        String keyName = keyName(r, mode);
        CookieAttributes attributes = attributes(r, mode);
        long ttl = r.integer("ttl_secs").orElse(DEFAULT_TTL_SECS);
        boolean failover = r.bool("failover", true);
        long maxEntries = r.integer("max_entries").orElse((long) DEFAULT_MAX_ENTRIES);
        Eviction eviction = r.enumValue("eviction", Eviction.class).orElse(Eviction.LRU);
        boolean clean = r.finishCleanly();
        String suffix = name == null || name.isBlank() ? "" : " (cluster '" + name + "')";
        for (Diagnostic d : local.all()) {
            parent.add(switch (d) {
                case Diagnostic.Error e -> new Diagnostic.Error(e.path(), e.line(), e.message() + suffix, parent.scope());
                case Diagnostic.Warning w -> new Diagnostic.Warning(w.path(), w.line(), w.message() + suffix,
                        parent.scope());
            });
        }
        if (!clean || mode == null || keyName == null) {
            return Optional.empty();
        }
        return Optional.of(new ClusterSticky(name, mode, keyName, attributes, ttl, failover, (int) maxEntries,
                eviction));
    }

    /** {@code cookie_name} for cookie and learn, {@code header_name} for header; the other one is refused. */
    private static String keyName(MapReader r, StickyMode mode) {
        if (mode == null) {
            r.skip("cookie_name", "header_name");
            return null;
        }
        String wanted = mode == StickyMode.HEADER ? "header_name" : "cookie_name";
        String other = mode == StickyMode.HEADER ? "cookie_name" : "header_name";
        if (r.has(other)) {
            r.skip(other);
            r.error(other, "set (expected: no " + other + " with type " + Scalars.yamlName(mode) + "; it takes "
                    + wanted + ")");
        }
        String value = r.requiredString(wanted);
        if (value == null) {
            return null;
        }
        if (!Names.isHeaderName(value)) {
            r.invalid(wanted, mode == StickyMode.HEADER ? Names.HEADER_NAME_RULE
                    : "a cookie name (RFC 6265 token characters)");
            return null;
        }
        return value;
    }

    /** {@code cookie_attributes}: cookie mode only. */
    private static CookieAttributes attributes(MapReader r, StickyMode mode) {
        if (mode != null && mode != StickyMode.COOKIE && r.has("cookie_attributes")) {
            r.skip("cookie_attributes");
            r.error("cookie_attributes", "set (expected: no cookie_attributes with type " + Scalars.yamlName(mode)
                    + "; only type cookie issues a cookie)");
            return CookieAttributes.NONE;
        }
        Optional<MapReader> read = r.map("cookie_attributes", StickySessionsKeys.ATTRIBUTES);
        if (read.isEmpty()) {
            return CookieAttributes.NONE;
        }
        MapReader a = read.get();
        String domain = attribute(a, "domain", " ");
        String path = attribute(a, "path", "");
        boolean httpOnly = a.bool("http_only", false);
        boolean secure = a.bool("secure", false);
        String sameSite = a.string("same_site").orElse(null);
        if (sameSite != null && !sameSite.equals("Strict") && !sameSite.equals("Lax") && !sameSite.equals("None")) {
            a.invalid("same_site", "Strict | Lax | None");
            sameSite = null;
        }
        if ("None".equals(sameSite) && !secure) {
            // Browsers drop a SameSite=None cookie that is not Secure (RFC 6265bis 5.6.7).
            a.diagnostics().warn(a.path("same_site"), a.line("same_site"),
                    "None without secure: true (browsers refuse such a cookie, so sessions would not stick)");
        }
        a.finish();
        return new CookieAttributes(domain, path, httpOnly, secure, sameSite);
    }

    /** An attribute value that cannot end the attribute early or split the header. */
    private static String attribute(MapReader a, String key, String alsoForbidden) {
        String value = a.string(key).orElse(null);
        if (value == null) {
            return null;
        }
        boolean ok = !value.isEmpty() && Names.isHeaderValue(value);
        for (int i = 0; ok && i < value.length(); i++) {
            char c = value.charAt(i);
            ok = c != ';' && c != ',' && alsoForbidden.indexOf(c) < 0 && c < 0x7f;
        }
        if (!ok) {
            a.invalid(key, "a non-empty value without ';', ','" + (alsoForbidden.isEmpty() ? "" : ", spaces")
                    + " or control characters");
            return null;
        }
        return value;
    }
}
