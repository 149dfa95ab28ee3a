package io.jpraxis.ai.modeltoheader;

import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.UnreadableRequest;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.filters.payload.jsonbodyfield.BodyFieldPromotion;
import io.jpraxis.filters.payload.jsonbodyfield.JsonBodyFieldConfig.FieldMapping;
import io.jpraxis.filters.support.json.TopLevelFields;
import java.util.List;

/**
 * {@code model_to_header} (see docs/reference/filters/model_to_header.md#what-it-does): {@code
 * json_body_field} with {@code field: model}. It runs the same body hook ({@link
 * BodyFieldPromotion}) over the pre-read body, so the model is read in one streaming pass that
 * stops at the {@code model} field, and promoted to its header (and published as result {@code
 * model}) before routing. A body without a {@code model} leaves the header absent, and {@code
 * intelligent_route} then skips routing; if nothing else chooses a cluster either, the request is
 * refused with 400 naming the field ({@link UnreadableRequest}) instead of the 500 of a pipeline
 * with nowhere to send it.
 *
 * <p>The header is owned (see docs/behaviour/routing-headers.md#headers-a-filter-owns), so the
 * gateway strips a client's copy at ingress and the value always comes from the body; with {@code
 * trust_existing_header} it is not owned, and a copy the request carries is kept unchanged, never
 * compared with the body.
 */
public final class ModelToHeaderFilter implements AiApiFilter {
    private final ModelToHeaderConfig config;
    private final BodyFieldPromotion promotion;

    ModelToHeaderFilter(ModelToHeaderConfig config) {
        this.config = config;
        this.promotion = promotion(config);
    }

    static BodyFieldPromotion promotion(ModelToHeaderConfig config) {
        return new BodyFieldPromotion(List.of(new FieldMapping(ModelToHeaderConfig.FIELD, config.header())),
                ModelToHeaderFactory.TYPE);
    }

    @Override
    public String type() {
        return ModelToHeaderFactory.TYPE;
    }

    @Override
    public ModelToHeaderConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        if (!body.endOfStream()) {
            return FilterAction.CONTINUE; // the model is read from the whole body
        }
        promotion.promote(ctx, body, config.trustExistingHeader());
        if (!ctx.headers().contains(config.header())) {
            // No model to route on: if nothing else chooses a cluster, a 400 naming the field
            // (see docs/reference/filters/model_to_header.md#what-it-does).
            ctx.extensions().put(UnreadableRequest.KEY, unreadable(body));
        }
        return FilterAction.BODY_DONE;
    }

    /** Why a body gave no model: empty, not a JSON object, or no usable {@code model} field. */
    static UnreadableRequest unreadable(BodyChunk body) {
        if (body.length() == 0) {
            return new UnreadableRequest("request body is empty (expected: a JSON object with a \"model\" field)",
                    ModelToHeaderConfig.FIELD, "missing_required_parameter");
        }
        if (!TopLevelFields.isJsonObject(body)) {
            return new UnreadableRequest("request body is not a JSON object (expected: a JSON object with a "
                    + "\"model\" field)", null, "invalid_json");
        }
        return new UnreadableRequest("request body has no usable \"model\" field (expected: the model name, "
                + "a string)", ModelToHeaderConfig.FIELD, "missing_required_parameter");
    }
}
