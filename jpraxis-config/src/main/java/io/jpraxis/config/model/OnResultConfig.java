package io.jpraxis.config.model;

/**
 * A branch's {@code on_result}: fire when the result {@code key} the host filter published under
 * its type name {@code filter} satisfies {@code result}.
 */
public record OnResultConfig(String filter, String key, ResultMatch result, SourceRef source) {
    /** The key read when {@code key} is not written. */
    public static final String DEFAULT_KEY = "status";
}
