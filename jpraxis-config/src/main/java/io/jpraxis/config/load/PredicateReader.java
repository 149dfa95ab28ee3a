package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.config.model.RequestPredicateConfig;
import io.jpraxis.config.model.ResponseConditionConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.model.UpstreamMatcher;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.config.validate.Names;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads the fields of one request or response predicate. */
final class PredicateReader {
    static final String REQUEST_FIELDS =
            "path | path_prefix | methods | headers | headers_present | grpc | bound_upstream | selected_upstream";
    static final String RESPONSE_FIELDS = "status | headers | headers_present";

    private static final KeyType HEADER_MAP = new KeyType.MapOf(KeyType.text(), 1);
    private static final KeyType NAMES = KeyType.listOf(KeyType.text(), 1, null);
    /** The fields of a request predicate; at least one is written, all must match. */
    static final ObjectDescriptor REQUEST = ObjectDescriptor.of("What a request must look like.",
            key("path", KeyType.text(), "Exact path, starting with /."),
            key("path_prefix", KeyType.text(), "Path prefix, starting with /."),
            key("methods", NAMES, "Methods, any of which matches."),
            key("headers", HEADER_MAP, "Headers that must have these exact values."),
            key("headers_present", NAMES, "Headers that must be present, whatever their value."),
            key("grpc", KeyType.bool(), "Whether the request is gRPC (true) or not (false)."),
            key("bound_upstream", KeyType.object(UpstreamMatcherReader.KEYS), "Tags of the cluster a binding "
                    + "router bound; needs the upstream-binding feature."),
            key("selected_upstream", KeyType.object(UpstreamMatcherReader.KEYS), "Tags of the cluster selected "
                    + "so far."));
    /** The fields of a response predicate; at least one is written, all must match. */
    static final ObjectDescriptor RESPONSE = ObjectDescriptor.of("What a response must look like.",
            key("status", KeyType.listOf(KeyType.integer(100, 599), 1, null), "Status codes, any of which matches."),
            key("headers", HEADER_MAP, "Headers that must have these exact values."),
            key("headers_present", NAMES, "Headers that must be present, whatever their value."));

    private PredicateReader() {
    }

    static Optional<RequestPredicateConfig> request(ConfigNode node, ConfigPath path, Diagnostics d, int index,
            FeatureSet features) {
        if (isEmpty(node, path, d, index, REQUEST_FIELDS)) {
            return Optional.empty();
        }
        MapReader r = MapReader.of(node, path, d, REQUEST);
        RequestPredicateConfig predicate = new RequestPredicateConfig(
                path(r, "path"),
                path(r, "path_prefix"),
                methods(r),
                HeaderReads.headerMap(r, "headers").orElse(null),
                HeaderReads.headerNames(r, "headers_present").orElse(null),
                r.bool("grpc").orElse(null),
                boundUpstream(r, index, features),
                r.present("selected_upstream").flatMap(n -> UpstreamMatcherReader.read(n, r.path("selected_upstream"), d)).orElse(null));
        r.finish();
        return Optional.of(predicate);
    }

    static Optional<ResponseConditionConfig> response(ConfigNode node, ConfigPath path, Diagnostics d, int index,
            ConditionConfig.Kind kind, SourceRef source) {
        if (isEmpty(node, path, d, index, RESPONSE_FIELDS)) {
            return Optional.empty();
        }
        MapReader r = MapReader.of(node, path, d, RESPONSE);
        ResponseConditionConfig condition = new ResponseConditionConfig(kind, statuses(r),
                HeaderReads.headerMap(r, "headers").orElse(null),
                HeaderReads.headerNames(r, "headers_present").orElse(null), source);
        r.finish();
        return Optional.of(condition);
    }

    private static boolean isEmpty(ConfigNode node, ConfigPath path, Diagnostics d, int index, String fields) {
        if (!(node instanceof ConfigNode.MapNode m) || !m.entries().isEmpty()) {
            return false;
        }
        d.error(path, node.line(), "condition " + index + " is empty (expected: at least one of " + fields + ")");
        return true;
    }

    private static UpstreamMatcher boundUpstream(MapReader r, int index, FeatureSet features) {
        Optional<ConfigNode> node = r.present("bound_upstream");
        if (node.isEmpty()) {
            return null;
        }
        if (!features.has(Feature.UPSTREAM_BINDING)) {
            String feature = Feature.UPSTREAM_BINDING.cliName();
            r.error("bound_upstream", "condition " + index + " uses bound_upstream, which needs the " + feature
                    + " feature (enable with --features " + feature + ")");
        }
        return UpstreamMatcherReader.read(node.get(), r.path("bound_upstream"), r.diagnostics()).orElse(null);
    }

    private static String path(MapReader r, String key) {
        return r.string(key).filter(v -> {
            if (v.startsWith("/")) {
                return true;
            }
            r.invalid(key, "a path starting with '/'");
            return false;
        }).orElse(null);
    }

    private static List<String> methods(MapReader r) {
        return HeaderReads.tokens(r, "methods", "at least one method", "an HTTP method name such as GET")
                .orElse(null);
    }

    private static List<Integer> statuses(MapReader r) {
        Optional<List<ConfigNode>> items = r.list("status");
        if (items.isEmpty()) {
            return null;
        }
        if (items.get().isEmpty()) {
            r.invalid("status", "at least one status code from 100 to 599");
            return null;
        }
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < items.get().size(); i++) {
            Scalars.integer(items.get().get(i), r.path("status").index(i), r.diagnostics(), 100, 599)
                    .ifPresent(code -> out.add(code.intValue()));
        }
        return out;
    }

    /** Header maps and name lists shared by request and response predicates. */
    static final class HeaderReads {
        private HeaderReads() {
        }

        /** A non-empty {@code {name: value}} map with valid names and values, in document order. */
        static Optional<List<HeaderValue>> headerMap(MapReader r, String key) {
            return r.map(key).map(headers -> {
                if (headers.isEmpty()) {
                    r.invalid(key, "at least one header");
                    return null;
                }
                List<HeaderValue> out = new ArrayList<>();
                for (String name : headers.keys()) {
                    Names.checkHeaderName(name, headers.path(name), headers.line(name), r.diagnostics());
                    headers.node(name).flatMap(n -> Scalars.string(n, headers.path(name), r.diagnostics()))
                            .ifPresent(value -> {
                                if (!Names.isHeaderValue(value)) {
                                    headers.invalid(name, "a header value without control characters");
                                }
                                out.add(new HeaderValue(name, value));
                            });
                }
                return out;
            });
        }

        /** A non-empty list of valid header names. */
        static Optional<List<String>> headerNames(MapReader r, String key) {
            return tokens(r, key, "at least one header name", Names.HEADER_NAME_RULE);
        }

        /** A non-empty list of RFC 9110 tokens (header names, methods); bad items are reported. */
        static Optional<List<String>> tokens(MapReader r, String key, String nonEmpty, String rule) {
            Optional<List<ConfigNode>> items = r.list(key);
            if (items.isEmpty()) {
                return Optional.empty();
            }
            if (items.get().isEmpty()) {
                r.invalid(key, nonEmpty);
                return Optional.empty();
            }
            List<String> out = new ArrayList<>();
            for (int i = 0; i < items.get().size(); i++) {
                ConfigNode item = items.get().get(i);
                ConfigPath itemPath = r.path(key).index(i);
                Scalars.string(item, itemPath, r.diagnostics()).ifPresent(value -> {
                    if (!Names.isHeaderName(value)) {
                        r.diagnostics().invalid(itemPath, item.line(), Names.quote(value), rule);
                    }
                    out.add(value);
                });
            }
            return Optional.of(out);
        }
    }
}
