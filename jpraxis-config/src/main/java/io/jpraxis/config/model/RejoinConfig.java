package io.jpraxis.config.model;

/**
 * A branch's {@code rejoin} as written: {@code next} (default), {@code terminal} (or its alias
 * {@code client}), or an entry name the pipeline compiler resolves to a forward skip or a
 * re-entrance.
 */
public sealed interface RejoinConfig permits RejoinConfig.Next, RejoinConfig.Terminal, RejoinConfig.Target {

    Next NEXT = new Next();
    Terminal TERMINAL = new Terminal();

    /** Go on with the host's next sibling branch, then the next filter. */
    record Next() implements RejoinConfig {
    }

    /** Stop the pipeline: forward if a cluster was chosen, else 500. */
    record Terminal() implements RejoinConfig {
    }

    /** Resume at the entry named {@code entryName} (the entry's {@code name}, not its type). */
    record Target(String entryName, SourceRef source) implements RejoinConfig {
    }
}
