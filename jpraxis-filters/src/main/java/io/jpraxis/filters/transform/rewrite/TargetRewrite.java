package io.jpraxis.filters.transform.rewrite;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.CanonicalPath;
import io.jpraxis.core.http.RequestPath;
import java.util.Objects;

/**
 * Stores a rewrite's result as the request target (see
 * docs/reference/filters/path_rewrite.md#the-rewritten-path). The new path is canonicalised again
 * exactly as a client's is (decision 33): dot segments resolved, repeated slashes merged, escapes
 * normalised. So a pattern cannot hand a later path rule or the origin a {@code //} or {@code ..}
 * the edge would have refused or resolved. A result the canonicaliser refuses (climbing above the
 * root, an encoded {@code /}, a control byte...) is the config's fault, not the client's: the
 * request fails with 500 and the reason is logged, never sent.
 */
public final class TargetRewrite {
    private TargetRewrite() {
    }

    /**
     * Makes {@code path} and {@code query} (null: none) the request's target unless they equal the
     * client's; {@code path} gets a leading {@code /} if it lacks one.
     *
     * @return continue, or a 500 failure naming the refused result for the log
     */
    public static FilterAction apply(RequestContext ctx, String filterType, String path, String query) {
        if (path.equals(ctx.originalRequestPath().forward()) && Objects.equals(query, ctx.originalQuery())) {
            return FilterAction.CONTINUE; // no change: an earlier rewrite, if any, stands
        }
        String rooted = path.startsWith("/") ? path : "/" + path;
        return switch (CanonicalPath.of(rooted, query)) {
            case RequestPath canonical -> {
                ctx.rewriteTarget(canonical, query);
                yield FilterAction.CONTINUE;
            }
            case CanonicalPath.Refusal refusal -> FilterAction.fail(filterType + ": rewrote "
                    + ctx.originalRequestPath().forward() + " to " + printable(rooted, query)
                    + ", which is refused: " + refusal.reason());
        };
    }

    /** The refused target for the log, with anything outside printable ASCII escaped. */
    private static String printable(String path, String query) {
        String target = query == null ? path : path + "?" + query;
        StringBuilder out = new StringBuilder(target.length());
        for (int i = 0; i < target.length(); i++) {
            char c = target.charAt(i);
            if (c < 0x20 || c >= 0x7f) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
