package io.jpraxis.core.http;

/**
 * The status and headers of a response on its way downstream; response filters mutate it in place.
 * {@code local} tells whether the gateway made the response itself.
 */
public final class ResponseHead {
    private int status;
    private final HeaderMap headers;
    private final boolean local;

    public ResponseHead(int status, HeaderMap headers, boolean local) {
        this.status = status;
        this.headers = headers;
        this.local = local;
    }

    public int status() {
        return status;
    }

    public void status(int newStatus) {
        this.status = newStatus;
    }

    public HeaderMap headers() {
        return headers;
    }

    public boolean local() {
        return local;
    }
}
