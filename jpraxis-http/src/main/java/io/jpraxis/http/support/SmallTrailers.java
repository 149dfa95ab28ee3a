package io.jpraxis.http.support;

import io.netty.handler.codec.DefaultHeaders;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;

/**
 * Trailer sets for the HTTP/1 decoders that start with two hash buckets instead of sixteen. Netty's
 * decoder gives the last piece of every body with a Content-Length its own empty trailer set, and
 * trailers are rare and few, so the usual sixteen-slot table was allocated per message for nothing.
 * Names and values are checked exactly as Netty's own trailer factory checks them.
 */
public final class SmallTrailers implements HttpHeadersFactory {
    private static final int BUCKETS = 2;

    private final DefaultHeaders.NameValidator<CharSequence> names;
    private final DefaultHeaders.ValueValidator<CharSequence> values;

    private SmallTrailers(DefaultHttpHeadersFactory checks) {
        this.names = checks.getNameValidator();
        this.values = checks.getValueValidator();
    }

    /** Checked like {@link DefaultHttpHeadersFactory#trailersFactory()}. */
    public static SmallTrailers factory() {
        return new SmallTrailers(DefaultHttpHeadersFactory.trailersFactory());
    }

    @Override
    public HttpHeaders newHeaders() {
        return new Sized(names, values);
    }

    @Override
    public HttpHeaders newEmptyHeaders() {
        return new Sized(names, values);
    }

    private static final class Sized extends DefaultHttpHeaders {
        Sized(DefaultHeaders.NameValidator<CharSequence> names, DefaultHeaders.ValueValidator<CharSequence> values) {
            super(names, values, BUCKETS);
        }
    }
}
