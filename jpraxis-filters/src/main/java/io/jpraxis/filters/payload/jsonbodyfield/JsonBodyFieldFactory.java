package io.jpraxis.filters.payload.jsonbodyfield;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.HopByHopHeaders;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.payload.jsonbodyfield.JsonBodyFieldConfig.FieldMapping;
import io.jpraxis.filters.support.HeaderListReader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Builds {@code json_body_field} filters: {@code field} + {@code header}, or a {@code fields} list
 * of them (not both), and {@code max_body_bytes}. A target header must be a valid name that a
 * body may safely set: not hop-by-hop, framing, {@code Host} or a credential header.
 */
public final class JsonBodyFieldFactory implements FilterFactory<JsonBodyFieldConfig> {
    /** The YAML type name. */
    public static final String TYPE = "json_body_field";
    /** Headers a request body must never set: they frame or route the message, or carry credentials. */
    static final Set<String> FORBIDDEN_HEADERS = forbidden();

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(JsonBodyFieldKeys.KEYS);
    }

    @Override
    public Optional<JsonBodyFieldConfig> read(MapReader options, FilterReadContext context) {
        List<FieldMapping> fields = options.has("fields") ? list(options) : single(options);
        long maxBodyBytes = options.integer("max_body_bytes")
                .orElse(JsonBodyFieldConfig.DEFAULT_MAX_BODY_BYTES);
        if (!options.finishCleanly() || fields.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new JsonBodyFieldConfig(fields, maxBodyBytes));
    }

    @Override
    public FilterDeclaration declare(JsonBodyFieldConfig config) {
        return FilterDeclaration.NONE.withRequestBody(BodyAccess.READ_ONLY, BodyMode.buffer(config.maxBodyBytes()))
                .withOwnedRequestHeaders(new BodyFieldPromotion(config.fields(), TYPE).targetHeaders());
    }

    @Override
    public HttpFilter create(JsonBodyFieldConfig config, FilterBuildContext context) {
        return new JsonBodyFieldFilter(config);
    }

    private static List<FieldMapping> single(MapReader options) {
        String field = options.requiredString("field");
        String header = options.requiredString("header");
        if (field == null || header == null) {
            return List.of();
        }
        Optional<FieldMapping> m = mapping(field, header, options, options.path("field"), options.line("field"),
                options.path("header"), options.line("header"));
        return m.map(List::of).orElse(List.of());
    }

    private static List<FieldMapping> list(MapReader options) {
        if (options.has("field") || options.has("header")) {
            String extra = options.has("field") ? "field" : "header";
            options.error(extra, "set together with fields (expected: field and header, or a fields list; not both)");
            options.skip("field", "header");
        }
        List<ConfigNode> items = options.list("fields").orElse(null);
        if (items != null && items.isEmpty()) {
            options.invalid("fields", "at least one {field, header} mapping");
        }
        List<FieldMapping> out = new ArrayList<>();
        Set<String> headers = new HashSet<>();
        for (int i = 0; items != null && i < items.size(); i++) {
            ConfigPath path = options.path("fields").index(i);
            Optional<FieldMapping> m = item(items.get(i), path, options);
            if (m.isEmpty()) {
                continue;
            }
            if (headers.add(HeaderMap.normalize(m.get().header()))) {
                out.add(m.get());
            } else {
                options.diagnostics().invalid(path.key("header"), items.get(i).line(),
                        HeaderListReader.quote(m.get().header()), "a header no other mapping of this filter promotes to");
            }
        }
        return out;
    }

    private static Optional<FieldMapping> item(ConfigNode node, ConfigPath path, MapReader parent) {
        MapReader r = MapReader.of(node, path, parent.diagnostics());
        String field = r.requiredString("field");
        String header = r.requiredString("header");
        r.finish();
        if (field == null || header == null) {
            return Optional.empty();
        }
        return mapping(field, header, r, r.path("field"), r.line("field"), r.path("header"), r.line("header"));
    }

    private static Optional<FieldMapping> mapping(String field, String header, MapReader r, ConfigPath fieldPath,
            int fieldLine, ConfigPath headerPath, int headerLine) {
        boolean ok = true;
        if (field.isEmpty()) {
            r.diagnostics().invalid(fieldPath, fieldLine, "\"\"", "the name of a top-level JSON field");
            ok = false;
        }
        if (!HeaderListReader.checkName(header, headerPath, headerLine, r.diagnostics())) {
            ok = false;
        } else if (FORBIDDEN_HEADERS.contains(HeaderMap.normalize(header))) {
            r.diagnostics().invalid(headerPath, headerLine, HeaderListReader.quote(header),
                    "a header that is not hop-by-hop, framing, host or a credential header");
            ok = false;
        }
        return ok ? Optional.of(new FieldMapping(field, header)) : Optional.empty();
    }

    private static Set<String> forbidden() {
        Set<String> names = new TreeSet<>(HopByHopHeaders.NAMES);
        names.addAll(List.of("content-length", "host", "authorization", "proxy-authorization", "cookie", "x-api-key",
                "api-key", "x-goog-api-key"));
        return Set.copyOf(names);
    }
}
