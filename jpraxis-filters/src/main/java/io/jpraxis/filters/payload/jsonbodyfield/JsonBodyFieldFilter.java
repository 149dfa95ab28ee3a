package io.jpraxis.filters.payload.jsonbodyfield;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.filters.payload.jsonbodyfield.JsonBodyFieldConfig.FieldMapping;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code json_body_field} (decision 11): reads top-level fields of a JSON request body and
 * promotes each to a request header and to a filter result keyed by the field's name, so routers,
 * conditions and {@code on_result} branches can act on them. It buffers the body (a bounded
 * StreamBuffer), so the gateway reads the body before the request phase and the promoted headers
 * are in place when the router runs. A missing, empty or non-JSON body, or a missing field,
 * promotes nothing and lets the request go on.
 *
 * <p>The target headers are owned (decision 13): a client's copy is removed at ingress, so a
 * promoted value always comes from the body.
 */
final class JsonBodyFieldFilter implements HttpFilter {
    private static final Logger log = LoggerFactory.getLogger(JsonBodyFieldFilter.class);

    private final JsonBodyFieldConfig config;
    private final Set<String> wanted;
    private final Set<String> owned;

    JsonBodyFieldFilter(JsonBodyFieldConfig config) {
        this.config = config;
        Set<String> fields = new LinkedHashSet<>();
        Set<String> headers = new LinkedHashSet<>();
        for (FieldMapping m : config.fields()) {
            fields.add(m.field());
            headers.add(HeaderMap.normalize(m.header()));
        }
        this.wanted = Set.copyOf(fields);
        this.owned = Set.copyOf(headers);
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
    public BodyAccess requestBodyAccess() {
        return BodyAccess.READ_ONLY;
    }

    @Override
    public BodyMode requestBodyMode() {
        return BodyMode.buffer(config.maxBodyBytes());
    }

    @Override
    public Set<String> ownedRequestHeaders() {
        return owned;
    }

    @Override
    public FilterAction onRequestBody(RequestContext ctx, BodyChunk body) {
        if (!body.endOfStream()) {
            return FilterAction.CONTINUE; // the fields are read from the whole body
        }
        Map<String, String> values = TopLevelFields.read(body, wanted);
        for (FieldMapping m : config.fields()) {
            String value = values.get(m.field());
            if (value == null) {
                continue;
            }
            if (HeaderValues.safe(value)) {
                ctx.headers().set(m.header(), value);
            } else {
                log.debug("request {}: json_body_field: value of field {} is not a safe header value; not promoted",
                        ctx.requestId(), m.field());
            }
            // Decision 11: a field name or value the result rules refuse is simply not published.
            ctx.results().put(JsonBodyFieldFactory.TYPE, m.field(), value);
        }
        return FilterAction.BODY_DONE;
    }
}
