package io.jpraxis.filters.callout;

import com.fasterxml.jackson.annotation.JsonValue;
import io.jpraxis.core.context.RequestContext;
import java.util.Optional;

/**
 * A callout's {@code path}: origin-form text in which {@code {path}} stands for the client's path
 * and {@code {query}} for its query (empty when it has none), so an authorization service can be
 * asked about the request being made ({@code /check{path}}).
 */
public record PathTemplate(String text) {
    private static final String PATH = "{path}";
    private static final String QUERY = "{query}";
    /** What a valid template looks like, for diagnostics. */
    static final String EXPECTATION = "an origin-form path starting with '/', without spaces or control characters, "
            + "in which {path} and {query} stand for the client's";

    /** The template, or empty when {@code text} is not one (see {@link #EXPECTATION}). */
    static Optional<PathTemplate> parse(String text) {
        if (text.isEmpty() || text.charAt(0) != '/') {
            return Optional.empty();
        }
        String rest = text.replace(PATH, "").replace(QUERY, "");
        for (int i = 0; i < rest.length(); i++) {
            char c = rest.charAt(i);
            if (c <= 0x20 || c >= 0x7f || c == '{' || c == '}' || c == '#') {
                return Optional.empty();
            }
        }
        return Optional.of(new PathTemplate(text));
    }

    /** The callout's path and query for the request in {@code ctx}. */
    String render(RequestContext ctx) {
        String query = ctx.query() == null ? "" : ctx.query();
        return text.replace(PATH, ctx.forwardPath()).replace(QUERY, query);
    }

    @JsonValue
    @Override
    public String text() {
        return text;
    }
}
