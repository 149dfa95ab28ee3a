package io.jpraxis.core.pipeline.execute;

import io.jpraxis.core.filter.BodyChunk;

/** What the body hooks made of one body piece; the edge handles it with an exhaustive {@code switch}. */
public sealed interface BodyVerdict permits BodyVerdict.Pass, BodyVerdict.Stop {

    /**
     * Go on with {@code body}: the piece as the hooks left it (the same object when none replaced
     * it). {@code release} is set when a hook asked for the withheld bytes to go out now.
     */
    record Pass(BodyChunk body, boolean release) implements BodyVerdict {
    }

    /**
     * A hook refused the body or failed closed. On the request side, before a response began, the
     * client gets {@code outcome}; on the response side the response is aborted.
     */
    record Stop(RequestOutcome outcome) implements BodyVerdict {
    }
}
