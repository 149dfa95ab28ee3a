package io.jpraxis.config.model;

/** One item of a {@code conditions} list: {@code when} or {@code unless} a predicate holds. */
public record ConditionConfig(Kind kind, RequestPredicateConfig predicate, SourceRef source) {
    /** Whether the predicate must hold ({@code when}) or must not ({@code unless}). */
    public enum Kind { WHEN, UNLESS }
}
