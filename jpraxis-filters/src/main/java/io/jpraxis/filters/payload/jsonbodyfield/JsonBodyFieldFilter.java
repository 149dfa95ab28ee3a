package io.jpraxis.filters.payload.jsonbodyfield;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;

/**
 * {@code json_body_field} (see docs/behaviour/body-access.md#promoting-json-fields): reads
 * top-level fields of a JSON request body and promotes each to a request header and to a filter
 * result keyed by the field's name, so routers, conditions and {@code on_result} branches can act
 * on them. It buffers the body (a bounded StreamBuffer), so the gateway reads the body before the
 * request phase and the promoted headers are in place when the router runs. A missing, empty or
 * non-JSON body, or a missing field, promotes nothing and lets the request go on.
 *
 * <p>The target headers are owned (see docs/behaviour/routing-headers.md#headers-a-filter-owns): a
 * client's copy is removed at ingress, so a promoted value always comes from the body.
 */
final class JsonBodyFieldFilter implements HttpFilter {
    private final JsonBodyFieldConfig config;
    private final BodyFieldPromotion promotion;

    JsonBodyFieldFilter(JsonBodyFieldConfig config) {
        this.config = config;
        this.promotion = new BodyFieldPromotion(config.fields(), JsonBodyFieldFactory.TYPE);
    }

    @Override
    public String type() {
        return JsonBodyFieldFactory.TYPE;
    }

    @Override
    public JsonBodyFieldConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        if (!body.endOfStream()) {
            return FilterAction.CONTINUE; // the fields are read from the whole body
        }
        promotion.promote(ctx, body, false);
        return FilterAction.BODY_DONE;
    }
}
