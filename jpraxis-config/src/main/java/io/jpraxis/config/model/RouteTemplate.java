package io.jpraxis.config.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A {@code metrics.route_templates} entry such as {@code /v1/users/{id}}: a request path with the
 * same number of non-empty segments, whose literal segments are equal, is labelled with the
 * template; a placeholder segment matches any one segment. The query is never part of the path.
 *
 * @param template the template as written
 * @param segments its non-empty segments; {@code null} for a placeholder
 */
public record RouteTemplate(String template, List<String> segments) {

    public RouteTemplate {
        segments = Collections.unmodifiableList(new ArrayList<>(segments)); // List.copyOf refuses the null entries;
    }

    /** Whether {@code path} (no query) has this template's shape. */
    public boolean matches(String path) {
        int index = 0;
        int at = 0;
        int length = path.length();
        while (at < length) {
            if (path.charAt(at) == '/') {
                at++;
                continue;
            }
            int end = path.indexOf('/', at);
            if (end < 0) {
                end = length;
            }
            if (index >= segments.size()) {
                return false;
            }
            String literal = segments.get(index++);
            if (literal != null
                    && (literal.length() != end - at || !path.regionMatches(at, literal, 0, literal.length()))) {
                return false;
            }
            at = end;
        }
        return index == segments.size();
    }
}
