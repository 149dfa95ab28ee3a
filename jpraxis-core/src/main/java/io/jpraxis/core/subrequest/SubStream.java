package io.jpraxis.core.subrequest;

import io.jpraxis.core.http.BodyStream;
import io.jpraxis.core.http.HeaderMap;

/**
 * How a streamed sub-request began: the upstream's response head with its body still to come, or
 * a transport failure before any head. Handled with an exhaustive switch. See
 * docs/behaviour/iterative-router.md#streamed-answers.
 */
public sealed interface SubStream permits SubStream.Opened, SubResponse.Failed {

    /**
     * The upstream answered with a head. {@code headers} are without hop-by-hop ones; {@code body}
     * delivers the decoded body as it arrives, one piece per pull (a failure after the head, the
     * deadline included, ends it with {@link io.jpraxis.core.http.BodySink#failed}). The consumer
     * must pull it to its end or cancel it: the connection and the cluster slot are held till then.
     */
    record Opened(int status, HeaderMap headers, BodyStream body) implements SubStream {
    }
}
