package io.jpraxis.filters.transform.headers;

import io.jpraxis.config.model.HeaderValue;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Adds, sets and removes request and response headers (see
 * docs/reference/filters/headers.md#what-it-does).
 *
 * <p>Request side, in order: remove, set, add. Response side: remove, add (append), set.
 */
public final class HeadersFilter implements HttpFilter {
    private final HeadersConfig config;
    private final List<AddGroup> requestAdds;

    /** Groups {@code config.requestAdd()} by name once, so a request only walks the groups. */
    public HeadersFilter(HeadersConfig config) {
        this.config = config;
        this.requestAdds = groupByName(config.requestAdd());
    }

    @Override
    public String type() {
        return HeadersFactory.TYPE;
    }

    @Override
    public HeadersConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        HeaderMap headers = ctx.headers();
        for (String name : config.requestRemove()) {
            headers.remove(name);
        }
        for (HeaderValue h : config.requestSet()) {
            headers.set(h.name(), h.value());
        }
        for (AddGroup group : requestAdds) {
            group.applyTo(headers);
        }
        return FilterAction.CONTINUE;
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        HeaderMap headers = response.headers();
        for (String name : config.responseRemove()) {
            headers.remove(name);
        }
        for (HeaderValue h : config.responseAdd()) {
            headers.add(h.name(), h.value());
        }
        for (HeaderValue h : config.responseSet()) {
            headers.set(h.name(), h.value());
        }
        return FilterAction.CONTINUE;
    }

    private static List<AddGroup> groupByName(List<HeaderValue> adds) {
        Map<String, List<String>> byName = new LinkedHashMap<>();
        for (HeaderValue h : adds) {
            byName.computeIfAbsent(HeaderMap.normalize(h.name()), n -> new ArrayList<>()).add(h.value());
        }
        List<AddGroup> groups = new ArrayList<>(byName.size());
        byName.forEach((name, values) -> groups.add(new AddGroup(name, values)));
        return List.copyOf(groups);
    }

    /**
     * Every {@code request_add} value for one name. Whether the name is "already on the request" is
     * decided once, before this filter adds anything, so two configured values for a new name become
     * two lines (as in Praxis) while values for a present name join its existing value.
     */
    private record AddGroup(String name, List<String> values, String joined) {
        AddGroup(String name, List<String> values) {
            this(name, List.copyOf(values), String.join(", ", values));
        }

        void applyTo(HeaderMap headers) {
            if (!headers.contains(name)) {
                for (String value : values) {
                    headers.add(name, value);
                }
                return;
            }
            // RFC 9110 section 5.3: lines of one field may be combined with ", " in order.
            headers.set(name, String.join(", ", headers.getAll(name)) + ", " + joined);
        }
    }
}
