package io.jpraxis.core.http;

/**
 * A request path in its two canonical forms (see
 * docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding): {@link #forward()} is
 * what goes upstream, {@link #match()} is what every rule compares. They differ only by each
 * segment's {@code ;parameters}, which the match form drops, so {@code /admin;x} is forwarded as it
 * is and matched as {@code /admin}. Made only by {@link CanonicalPath}, so the two forms always
 * agree.
 */
public final class RequestPath implements CanonicalPath.Result {
    private final String match;
    private final String forward;

    RequestPath(String match, String forward) {
        this.match = match;
        this.forward = forward;
    }

    /**
     * The canonical form of {@code rawPath}, for paths the caller knows are acceptable (fixed
     * paths, tests).
     *
     * @throws IllegalArgumentException when the canonicaliser refuses {@code rawPath}
     */
    public static RequestPath of(String rawPath) {
        return switch (CanonicalPath.path(rawPath)) {
            case RequestPath path -> path;
            case CanonicalPath.Refusal refusal -> throw new IllegalArgumentException(refusal.reason());
        };
    }

    /** Canonical, each segment's {@code ;parameters} dropped: routes and conditions compare this. */
    public String match() {
        return match;
    }

    /** Canonical, {@code ;parameters} kept: the upstream request line carries this (with the query). */
    public String forward() {
        return forward;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RequestPath other && forward.equals(other.forward);
    }

    @Override
    public int hashCode() {
        return forward.hashCode();
    }

    @Override
    public String toString() {
        return forward;
    }
}
