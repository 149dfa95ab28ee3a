package io.jpraxis.http.encoding;

import java.util.List;
import java.util.Locale;

/**
 * The {@code content_types} match: a response type matches an entry when it starts with it,
 * case-insensitively; an entry not ending in {@code /} must be followed by the end or a
 * non-alphanumeric character, so {@code application/json} matches
 * {@code application/json; charset=utf-8} and not {@code application/jsonp}.
 */
public record ContentTypes(List<String> entries) {
    public ContentTypes {
        entries = entries.stream().map(e -> e.toLowerCase(Locale.ROOT)).toList();
    }

    /** Whether a {@code Content-Type} value is allowed. */
    public boolean matches(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.trim().toLowerCase(Locale.ROOT);
        for (String entry : entries) {
            if (!type.startsWith(entry)) {
                continue;
            }
            if (entry.endsWith("/") || type.length() == entry.length()
                    || !Character.isLetterOrDigit(type.charAt(entry.length()))) {
                return true;
            }
        }
        return false;
    }
}
