package io.jpraxis.http.encoding;

import java.util.Locale;

/**
 * Whether a response head may be encoded (decision 25 and praxis-edge.md 6.4): never 1xx, 206, a
 * response that already has {@code Content-Encoding}, a {@code Content-Range}, {@code Cache-Control:
 * no-transform}, {@code text/event-stream}, no or a not-allowed {@code Content-Type}, or a
 * {@code Content-Length} below {@code min_size_bytes} (no length is eligible).
 */
public final class EncodingEligibility {
    private EncodingEligibility() {
    }

    /** The reason a response is left alone, or null when it may be encoded. */
    public static String refusal(int status, String contentEncoding, String contentRange, String cacheControl,
            String contentType, String contentLength, long minSize, ContentTypes allowed) {
        if (status < 200) {
            return "informational status";
        }
        if (status == 206) {
            return "partial content";
        }
        if (status == 204 || status == 304) {
            return "no body";
        }
        if (contentEncoding != null && !contentEncoding.isBlank()) {
            return "already encoded";
        }
        if (contentRange != null) {
            return "content range";
        }
        if (cacheControl != null && hasNoTransform(cacheControl)) {
            return "no-transform";
        }
        if (contentType == null) {
            return "no content type";
        }
        if (contentType.trim().toLowerCase(Locale.ROOT).startsWith("text/event-stream")) {
            return "event stream";
        }
        if (!allowed.matches(contentType)) {
            return "content type not allowed";
        }
        if (contentLength != null) {
            try {
                if (Long.parseLong(contentLength.trim()) < minSize) {
                    return "below min_size_bytes";
                }
            } catch (NumberFormatException e) {
                return "bad content length";
            }
        }
        return null;
    }

    private static boolean hasNoTransform(String cacheControl) {
        for (String directive : cacheControl.split(",")) {
            if (directive.trim().toLowerCase(Locale.ROOT).equals("no-transform")) {
                return true;
            }
        }
        return false;
    }
}
