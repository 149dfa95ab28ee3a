package io.jpraxis.core.binding;

import io.jpraxis.config.model.ClusterHttpConfig;
import io.jpraxis.config.model.UpstreamMatcher;
import java.util.Objects;

/**
 * A cluster's opaque application metadata ({@code http.application_protocol} and
 * {@code http.application_provider}), as a load balancer declares it. Either may be absent.
 */
public record ClusterTags(String applicationProtocol, String applicationProvider) {
    /** A cluster declared without tags. */
    public static final ClusterTags NONE = new ClusterTags(null, null);

    /** The tags a cluster's {@code http} block declares; {@link #NONE} when it has none. */
    public static ClusterTags of(ClusterHttpConfig http) {
        if (http == null || (http.applicationProtocol() == null && http.applicationProvider() == null)) {
            return NONE;
        }
        return new ClusterTags(http.applicationProtocol(), http.applicationProvider());
    }

    /**
     * Whether these tags satisfy {@code matcher}: every field the matcher sets must be present here and
     * equal (verbatim); a missing tag never matches a field that is set (see
     * docs/behaviour/binding.md#bound-conditions).
     */
    public boolean satisfies(UpstreamMatcher matcher) {
        return fieldMatches(matcher.applicationProtocol(), applicationProtocol)
                && fieldMatches(matcher.applicationProvider(), applicationProvider);
    }

    private static boolean fieldMatches(String wanted, String actual) {
        return wanted == null || Objects.equals(wanted, actual);
    }

    /** {@code protocol=openai-chat, provider=openai}, or {@code (no tags)}. */
    @Override
    public String toString() {
        if (applicationProtocol == null && applicationProvider == null) {
            return "(no tags)";
        }
        return "protocol=" + (applicationProtocol == null ? "(none)" : applicationProtocol)
                + ", provider=" + (applicationProvider == null ? "(none)" : applicationProvider);
    }
}
