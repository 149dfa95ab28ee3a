package io.jpraxis.ai.modelcatalog;

import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.ApiErrorBodies;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.Json;
import io.jpraxis.core.http.LocalResponse;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code model_catalog} (see docs/reference/filters/model_catalog.md#what-it-does): answers
 * {@code GET <path>} with OpenAI's model list and {@code GET <path>/<id>} with one model object,
 * or a 404 in OpenAI's error shape for an id it does not list; HEAD like GET, any other method on
 * those paths a 405. Every other request continues untouched.
 */
final class ModelCatalogFilter implements AiApiFilter {
    private static final Logger log = LoggerFactory.getLogger(ModelCatalogFilter.class);

    private final ModelCatalogConfig config;
    private final ModelCatalog catalog;
    private final String prefix;

    ModelCatalogFilter(ModelCatalogConfig config, ModelCatalog catalog) {
        this.config = config;
        this.catalog = catalog;
        this.prefix = config.path() + "/";
    }

    @Override
    public String type() {
        return ModelCatalogFactory.TYPE;
    }

    @Override
    public ModelCatalogConfig config() {
        return config;
    }

    /** What a request path asks the catalog for. */
    sealed interface Target {
        /** The list. */
        record Listing() implements Target {
        }

        /** One model, by its decoded id. */
        record Model(String id) implements Target {
        }

        /** Not the catalog's path: the request continues. */
        record Elsewhere() implements Target {
        }
    }

    /** The target of {@code path} (the canonical match form); {@code <path>/} is the list too. */
    Target target(String path) {
        if (path.equals(config.path()) || path.equals(prefix)) {
            return new Target.Listing();
        }
        if (path.startsWith(prefix)) {
            return new Target.Model(decode(path.substring(prefix.length())));
        }
        return new Target.Elsewhere();
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        return switch (target(ctx.requestPath().match())) {
            case Target.Elsewhere elsewhere -> FilterAction.CONTINUE;
            case Target.Listing listing -> answer(ctx, () -> ok(listJson(catalog.models())));
            case Target.Model model -> answer(ctx, () -> catalog.find(model.id()).map(m -> ok(modelJson(m)))
                    .orElseGet(() -> notFound(model.id())));
        };
    }

    /** The answer for GET and HEAD (the edge drops a HEAD's body); a 405 for any other method. */
    private FilterAction answer(RequestContext ctx, Supplier<LocalResponse> answer) {
        String method = ctx.method();
        if (method.equals("GET") || method.equals("HEAD")) {
            return new FilterAction.Respond(answer.get());
        }
        log.debug("request {}: model_catalog: {} on {} refused with 405", ctx.requestId(), method, config.path());
        return new FilterAction.Respond(notAllowed(method));
    }

    static String listJson(List<ModelCatalogConfig.Model> models) {
        StringBuilder sb = new StringBuilder("{\"object\":\"list\",\"data\":[");
        for (int i = 0; i < models.size(); i++) {
            sb.append(i == 0 ? "" : ",").append(modelJson(models.get(i)));
        }
        return sb.append("]}").toString();
    }

    static String modelJson(ModelCatalogConfig.Model m) {
        return "{\"id\":" + Json.quote(m.id()) + ",\"object\":\"model\",\"created\":" + m.created()
                + ",\"owned_by\":" + Json.quote(m.ownedBy()) + "}";
    }

    private static LocalResponse ok(String json) {
        return new LocalResponse(200, new HeaderMap().set("content-type", "application/json"),
                json.getBytes(StandardCharsets.UTF_8));
    }

    /** OpenAI's answer to an unknown model, so the SDK raises its NotFoundError. */
    static LocalResponse notFound(String id) {
        return ApiErrorBodies.openAi(404, "The model '" + id + "' does not exist", "invalid_request_error",
                "model_not_found");
    }

    private LocalResponse notAllowed(String method) {
        LocalResponse refusal = ApiErrorBodies.openAi(405, "Method " + method + " is not allowed on "
                + config.path() + " (the model catalog answers GET and HEAD)", "invalid_request_error",
                "method_not_allowed");
        refusal.headers().set("allow", "GET, HEAD");
        return refusal;
    }

    /**
     * The id as the client meant it: the canonical path keeps escapes of reserved characters
     * ({@code %3A}), so they are decoded here; a raw {@code /} stays part of the id
     * ({@code org/model}). A {@code +} is a plus in a path, not a space.
     */
    static String decode(String raw) {
        try {
            return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return raw; // the edge refuses malformed escapes; kept as sent should one arrive
        }
    }
}
