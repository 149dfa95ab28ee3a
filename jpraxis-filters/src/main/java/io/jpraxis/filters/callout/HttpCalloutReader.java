package io.jpraxis.filters.callout;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.filters.support.HeaderListReader;
import io.jpraxis.filters.support.HeaderRules;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/** Reads and checks an {@code http_callout} entry's own keys; every problem names its field. */
final class HttpCalloutReader {
    private static final Pattern METHOD = Pattern.compile("[A-Z]{1,16}");
    private static final Pattern RESULT_KEY = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final String FRAMING_WHY = "hop-by-hop, framing or host (the gateway sets those for each request)";
    /** Headers the callout's framing and destination decide, never the config. */
    private static final Set<String> NOT_SET = notSet();

    private HttpCalloutReader() {
    }

    static Optional<HttpCalloutConfig> read(MapReader r) {
        String method = r.string("method").orElse("GET");
        if (!METHOD.matcher(method).matches()) {
            r.invalid("method", "an upper-case method token such as GET or POST");
        }
        PathTemplate path = r.string("path").map(text -> {
            Optional<PathTemplate> t = PathTemplate.parse(text);
            if (t.isEmpty()) {
                r.invalid("path", PathTemplate.EXPECTATION);
            }
            return t.orElse(null);
        }).orElse(new PathTemplate("/"));
        List<HeaderValue> headers = HeaderListReader.pairs(r, "headers", NOT_SET, FRAMING_WHY);
        List<String> copyRequestHeaders = names(r, "copy_request_headers", NOT_SET, FRAMING_WHY);
        CalloutBody body = r.present("body").map(n -> body(n, r)).orElse(new CalloutBody.None());
        Long timeout = r.require("timeout_ms")
                ? r.integer("timeout_ms").orElse(null) : null;
        List<Integer> allow = statuses(r);
        int deny = r.integer("deny_status").map(Long::intValue).orElse(403);
        List<String> denyHeaders = names(r, "deny_headers", NOT_SET, FRAMING_WHY);
        List<String> publish = names(r, "publish_headers", Set.of(), "");
        checkResultKeys(r, publish);
        // Reserved names may be set inside the gateway but never reach an origin (see
        // docs/behaviour/routing-headers.md#reserved-header-prefixes): useless here.
        List<String> upstream = names(r, "upstream_headers", NOT_SET, FRAMING_WHY);
        for (int i = 0; i < upstream.size(); i++) {
            if (ReservedHeaders.isReserved(upstream.get(i))) {
                r.diagnostics().invalid(r.path("upstream_headers").index(i), r.line("upstream_headers"),
                        HeaderListReader.quote(upstream.get(i)), "a header name outside the reserved x-praxis-, "
                                + "x-ext-protocol- and x-ext-agent- prefixes (those never reach an origin)");
            }
        }
        long maxResponse = r.integer("max_response_bytes")
                .orElse(HttpCalloutConfig.DEFAULT_MAX_RESPONSE_BYTES);
        if (!r.finishCleanly() || timeout == null) {
            return Optional.empty();
        }
        return Optional.of(new HttpCalloutConfig(method, path, headers, copyRequestHeaders, body, timeout, allow, deny,
                denyHeaders, publish, upstream, maxResponse));
    }

    /** {@code none}, {@code path}, or {@code {header: NAME}}. */
    private static CalloutBody body(ConfigNode node, MapReader r) {
        String expected = "none, path, or {header: NAME} (the client request header whose value is sent)";
        if (node instanceof ConfigNode.ScalarNode s && s.kind() == ConfigNode.ScalarKind.STRING) {
            switch (s.text()) {
                case "none" -> {
                    return new CalloutBody.None();
                }
                case "path" -> {
                    return new CalloutBody.RequestPath();
                }
                default -> r.invalid("body", expected);
            }
            return new CalloutBody.None();
        }
        if (node instanceof ConfigNode.MapNode) {
            MapReader m = MapReader.of(node, r.path("body"), r.diagnostics());
            String header = m.requiredString("header");
            m.finish();
            if (header != null && HeaderListReader.checkName(header, m.path("header"), m.line("header"),
                    r.diagnostics())) {
                return new CalloutBody.RequestHeader(header);
            }
            return new CalloutBody.None();
        }
        r.invalid("body", expected);
        return new CalloutBody.None();
    }

    private static List<Integer> statuses(MapReader r) {
        if (!r.has("allow_statuses")) {
            return List.of(200);
        }
        List<ConfigNode> items = r.list("allow_statuses").orElse(List.of());
        if (items.isEmpty() && r.node("allow_statuses").orElse(null) instanceof ConfigNode.ListNode) {
            r.invalid("allow_statuses", "at least one status from 100 to 599");
        }
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < items.size(); i++) {
            Scalars.integer(items.get(i), r.path("allow_statuses").index(i), r.diagnostics(), 100, 599)
                    .ifPresent(v -> out.add(v.intValue()));
        }
        return out;
    }

    private static Set<String> notSet() {
        Set<String> names = new HashSet<>(HeaderRules.HOP_BY_HOP);
        names.addAll(HeaderRules.FRAMING);
        names.add("host");
        return Set.copyOf(names);
    }

    private static List<String> names(MapReader r, String key, Set<String> forbidden, String why) {
        List<String> names = HeaderListReader.names(r, key);
        List<String> out = new ArrayList<>(names.size());
        for (int i = 0; i < names.size(); i++) {
            String lower = names.get(i).toLowerCase(Locale.ROOT);
            if (forbidden.contains(lower)) {
                r.diagnostics().invalid(r.path(key).index(i), r.line(key), HeaderListReader.quote(names.get(i)),
                        "a header name that is not " + why);
            } else {
                out.add(lower);
            }
        }
        return out;
    }

    private static void checkResultKeys(MapReader r, List<String> publish) {
        ConfigPath path = r.path("publish_headers");
        for (int i = 0; i < publish.size(); i++) {
            if (!RESULT_KEY.matcher(publish.get(i)).matches()) {
                r.diagnostics().invalid(path.index(i), r.line("publish_headers"), HeaderListReader.quote(publish.get(i)),
                        "a header name usable as a result key (1 to 64 letters, digits, '_' or '-')");
            }
        }
    }
}
