package io.jpraxis.ai.intelligentroute;

import io.jpraxis.ai.intelligentroute.IntelligentRouteConfig.SessionAffinityConfig;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.StoreBackendReader;
import io.jpraxis.config.model.StoreBackend;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.filters.support.HeaderListReader;
import io.jpraxis.filters.support.HeaderRules;

/**
 * Reads {@code session_affinity} (see docs/behaviour/intelligent-route.md#session-affinity). Off
 * unless {@code enabled: true}; the other keys are checked only when it is on, as in Praxis, but
 * unknown keys are refused either way.
 */
final class SessionAffinityReader {
    /** Longest binding TTL: one day. */
    static final long MAX_TTL_SECS = 86_400;
    static final ObjectDescriptor BACKEND = StoreBackendReader.keys(SessionAffinityConfig.DEFAULT_NAMESPACE);

    private SessionAffinityReader() {
    }

    static SessionAffinityConfig read(MapReader options) {
        MapReader r = options.map("session_affinity").orElse(null);
        if (r == null) {
            return SessionAffinityConfig.DISABLED;
        }
        boolean enabled = r.bool("enabled", false);
        if (!enabled) {
            r.skip("header", "cookie", "ttl_secs", "backend", StoreBackendReader.ON_ERROR);
            r.finish();
            return SessionAffinityConfig.DISABLED;
        }
        String header = r.string("header").filter(h -> !h.isBlank()).orElse(null);
        String cookie = r.string("cookie").filter(c -> !c.isBlank()).orElse(null);
        if (header == null && cookie == null) {
            r.diagnostics().error(r.path(), r.line(), "enabled without a session key source (expected: a "
                    + "non-blank header or cookie)");
        }
        if (header != null && !HeaderListReader.checkName(header, r.path("header"), r.line("header"),
                r.diagnostics())) {
            header = null;
        }
        if (cookie != null && !HeaderRules.isValidName(cookie)) {
            r.invalid("cookie", "a cookie name made of RFC 6265 token characters");
            cookie = null;
        }
        long ttl = r.integer("ttl_secs", 1, MAX_TTL_SECS).orElse(SessionAffinityConfig.DEFAULT_TTL_SECS);
        StoreBackend backend = StoreBackendReader.read(r, BACKEND, SessionAffinityConfig.DEFAULT_NAMESPACE,
                System::getenv).orElse(StoreBackend.MEMORY); // a refusal was reported
        r.finish();
        return new SessionAffinityConfig(true, header, cookie, ttl, backend);
    }
}
