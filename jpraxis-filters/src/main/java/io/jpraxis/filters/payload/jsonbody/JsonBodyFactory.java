package io.jpraxis.filters.payload.jsonbody;

import io.jpraxis.config.diag.Diagnostics;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.payload.jsonbody.JsonBodyConfig.Destination;
import io.jpraxis.filters.payload.jsonbody.JsonBodyConfig.Extract;
import io.jpraxis.filters.payload.jsonbody.JsonBodyConfig.OnInvalid;
import io.jpraxis.filters.payload.jsonbody.JsonBodyConfig.Write;
import io.jpraxis.filters.payload.jsonbody.OpsReader.Placed;
import io.jpraxis.filters.support.HeaderListReader;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Builds {@code json_body} filters (see docs/reference/filters/json_body.md). Refused at load: no
 * operation at all, a pointer that is not RFC 6901, two mutating pointers of one direction that are
 * equal or one inside the other, one pointer extracted twice in a direction, a non-empty
 * {@code response_add} or {@code response_replace}, a bad header name, an unset variable.
 */
public final class JsonBodyFactory implements FilterFactory<JsonBodyConfig> {
    /** The YAML type name. */
    public static final String TYPE = "json_body";
    private static final List<String> OPERATIONS = List.of("request_add", "request_replace", "request_remove",
            "request_extract", "response_remove", "response_extract");

    private final Function<String, String> environment;

    /** Reads {@code env_var} values from the process environment. */
    public JsonBodyFactory() {
        this(System::getenv);
    }

    /** Reads {@code env_var} values from {@code environment} (tests). */
    public JsonBodyFactory(Function<String, String> environment) {
        this.environment = environment;
    }

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(JsonBodyKeys.KEYS);
    }

    @Override
    public Optional<JsonBodyConfig> read(MapReader options, FilterReadContext context) {
        OpsReader ops = new OpsReader(options, environment);
        List<Placed<Write>> add = ops.writes("request_add");
        List<Placed<Write>> replace = ops.writes("request_replace");
        List<Placed<JsonPointer>> remove = ops.removals("request_remove");
        List<Placed<Extract>> extract = ops.extracts("request_extract", true);
        List<Placed<JsonPointer>> responseRemove = ops.removals("response_remove");
        List<Placed<Extract>> responseExtract = ops.extracts("response_extract", false);
        mustBeEmpty(options, "response_add");
        mustBeEmpty(options, "response_replace");
        List<String> contentTypes = contentTypes(options);
        long maxBodyBytes = options.integer("max_body_bytes").orElse(JsonBodyConfig.DEFAULT_MAX_BODY_BYTES);
        OnInvalid onInvalid = options.enumValue("on_invalid", OnInvalid.class).orElse(OnInvalid.CONTINUE);
        noOverlaps(options.diagnostics(), List.of(add, replace, remove));
        noOverlaps(options.diagnostics(), List.of(responseRemove));
        noDuplicates(options.diagnostics(), extract);
        noDuplicates(options.diagnostics(), responseExtract);
        if (OPERATIONS.stream().noneMatch(k -> options.node().get(k)
                .filter(n -> n instanceof ConfigNode.ListNode l && !l.items().isEmpty()).isPresent())) {
            options.diagnostics().error(options.path(), options.line(), "no operation (expected: at least one "
                    + "entry in " + String.join(", ", OPERATIONS) + ")");
        }
        if (!options.finishCleanly()) {
            return Optional.empty();
        }
        return Optional.of(new JsonBodyConfig(ops(add), ops(replace), ops(remove), ops(extract), ops(responseRemove),
                ops(responseExtract), contentTypes, maxBodyBytes, onInvalid));
    }

    /**
     * Each direction with an operation buffers its body (so request operations make the edge read
     * the body before routing); a direction with only extracts is read-only and sent byte for byte.
     */
    @Override
    public FilterDeclaration declare(JsonBodyConfig config) {
        FilterDeclaration d = FilterDeclaration.NONE;
        BodyMode buffer = BodyMode.buffer(config.maxBodyBytes());
        if (config.touchesRequest()) {
            d = d.withRequestBody(config.mutatesRequest() ? BodyAccess.READ_WRITE : BodyAccess.READ_ONLY, buffer)
                    .withOwnedRequestHeaders(extractHeaders(config));
        }
        if (config.touchesResponse()) {
            d = d.withResponseBody(config.mutatesResponse() ? BodyAccess.READ_WRITE : BodyAccess.READ_ONLY, buffer)
                    .withResponseHook(true); // the response head says whether the body is JSON
        }
        return d;
    }

    @Override
    public HttpFilter create(JsonBodyConfig config, FilterBuildContext context) {
        return new JsonBodyFilter(config);
    }

    private static Set<String> extractHeaders(JsonBodyConfig config) {
        Set<String> names = new LinkedHashSet<>();
        for (Extract e : config.requestExtract()) {
            if (e.destination() instanceof Destination.Header h) {
                names.add(HeaderMap.normalize(h.name()));
            }
        }
        return names;
    }

    private static void mustBeEmpty(MapReader options, String key) {
        options.list(key).filter(l -> !l.isEmpty()).ifPresent(l -> options.error(key, "not supported (expected: "
                + "empty; a response body can only have members removed or extracted)"));
    }

    private static List<String> contentTypes(MapReader options) {
        List<String> out = new ArrayList<>();
        List<ConfigNode> items = options.list("content_types").orElse(List.of());
        for (int i = 0; i < items.size(); i++) {
            int line = items.get(i).line();
            var path = options.path("content_types").index(i);
            Scalars.string(items.get(i), path, options.diagnostics()).ifPresent(t -> {
                if (t.isBlank()) {
                    options.diagnostics().invalid(path, line, HeaderListReader.quote(t), "a Content-Type prefix");
                } else {
                    out.add(t);
                }
            });
        }
        return out;
    }

    /** Mutating pointers of one direction may neither repeat nor nest (their order would then matter). */
    private static void noOverlaps(Diagnostics d, List<? extends List<? extends Placed<?>>> lists) {
        List<Placed<?>> seen = new ArrayList<>();
        for (List<? extends Placed<?>> list : lists) {
            for (Placed<?> p : list) {
                for (Placed<?> earlier : seen) {
                    if (p.pointer().overlaps(earlier.pointer())) {
                        d.invalid(p.path(), p.line(), HeaderListReader.quote(p.pointer().text()), "a pointer neither "
                                + "equal to nor inside another mutating pointer of this direction; overlaps "
                                + HeaderListReader.quote(earlier.pointer().text()) + " at " + earlier.path());
                        break;
                    }
                }
                seen.add(p);
            }
        }
    }

    private static void noDuplicates(Diagnostics d, List<Placed<Extract>> extracts) {
        List<Placed<Extract>> seen = new ArrayList<>();
        for (Placed<Extract> p : extracts) {
            seen.stream().filter(e -> e.pointer().equals(p.pointer())).findFirst().ifPresent(e ->
                    d.invalid(p.path(), p.line(), HeaderListReader.quote(p.pointer().text()), "a pointer no other "
                            + "extract of this direction reads; also at " + e.path()));
            seen.add(p);
        }
    }

    private static <T> List<T> ops(List<Placed<T>> placed) {
        return placed.stream().map(Placed::op).toList();
    }
}
