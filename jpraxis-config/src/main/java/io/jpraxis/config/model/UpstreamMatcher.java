package io.jpraxis.config.model;

/** {@code bound_upstream} / {@code selected_upstream} matcher; null fields are unset, at least one is set. */
public record UpstreamMatcher(String applicationProtocol, String applicationProvider) {
}
