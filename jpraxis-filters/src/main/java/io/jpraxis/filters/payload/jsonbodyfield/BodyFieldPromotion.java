package io.jpraxis.filters.payload.jsonbodyfield;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.BodyChunk;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.filters.payload.jsonbodyfield.JsonBodyFieldConfig.FieldMapping;
import io.jpraxis.filters.support.json.TopLevelFields;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The body hook of {@code json_body_field}, shared with the filters built on it
 * ({@code model_to_header}): one streaming pass over a whole JSON body that stops once every
 * wanted top-level field was found, then each found value set on its header (when it is a safe
 * header value) and published as a result keyed by the field's name.
 */
public final class BodyFieldPromotion {
    private static final Logger log = LoggerFactory.getLogger(BodyFieldPromotion.class);

    private final List<FieldMapping> fields;
    private final Set<String> wanted;
    private final Set<String> targetHeaders;
    private final String resultFilter;

    /**
     * @param fields which top-level field goes to which header, in order
     * @param resultFilter the filter type the results are published under
     */
    public BodyFieldPromotion(List<FieldMapping> fields, String resultFilter) {
        this.fields = List.copyOf(fields);
        this.resultFilter = resultFilter;
        Set<String> names = new LinkedHashSet<>();
        Set<String> headers = new LinkedHashSet<>();
        for (FieldMapping m : this.fields) {
            names.add(m.field());
            headers.add(HeaderMap.normalize(m.header()));
        }
        this.wanted = Set.copyOf(names);
        this.targetHeaders = Set.copyOf(headers);
    }

    /** The lower-case names of the headers this promotion sets. */
    public Set<String> targetHeaders() {
        return targetHeaders;
    }

    /**
     * Reads the wanted fields of the whole body {@code body} and promotes them. A missing, empty or
     * non-JSON body, or a missing field, promotes nothing.
     *
     * @param keepExisting whether a header the request already carries is left as it is (the
     *     result is still published)
     */
    public void promote(RequestContext ctx, BodyChunk body, boolean keepExisting) {
        Map<String, String> values = TopLevelFields.read(body, wanted);
        if (values.isEmpty()) {
            return;
        }
        for (FieldMapping m : fields) {
            String value = values.get(m.field());
            if (value == null) {
                continue;
            }
            if (keepExisting && ctx.headers().contains(m.header())) {
                log.debug("request {}: {}: keeping the request's own {}", ctx.requestId(), resultFilter, m.header());
            } else if (HeaderValues.safe(value)) {
                ctx.headers().set(m.header(), value);
            } else {
                log.debug("request {}: {}: value of field {} is not a safe header value; not promoted",
                        ctx.requestId(), resultFilter, m.field());
            }
            // A field name or value the result rules refuse is simply not published (see
            // docs/behaviour/body-access.md#promoting-json-fields).
            ctx.results().put(resultFilter, m.field(), value);
        }
    }
}
