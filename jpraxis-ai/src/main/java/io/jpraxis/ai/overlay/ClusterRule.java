package io.jpraxis.ai.overlay;

import io.jpraxis.ai.candidate.HeaderText;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * A condition every overlay cluster must meet beyond the candidate rules; with {@code route_header}
 * set, that it can be sent as the header's value (see
 * docs/behaviour/routing-headers.md#the-route-header).
 *
 * @param expectation what an accepted cluster looks like, for the rejection message
 */
public record ClusterRule(Predicate<String> accepts, String expectation) {
    /** No condition. */
    public static final ClusterRule ANY = new ClusterRule(cluster -> true, "any cluster");

    /**
     * Visible ASCII, space and tab, no leading or trailing whitespace (see
     * docs/behaviour/routing-headers.md#the-route-header).
     */
    public static final ClusterRule ROUTE_HEADER_VALUE = new ClusterRule(HeaderText::isRouteHeaderValue,
            "a header value for route_header: visible ASCII, space or tab, no leading or trailing whitespace");

    public ClusterRule {
        Objects.requireNonNull(accepts, "accepts");
        Objects.requireNonNull(expectation, "expectation");
    }
}
