package io.jpraxis.filters.observe.accesslog;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import io.jpraxis.core.context.DownstreamTls;
import io.jpraxis.core.context.GenAiExchange;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.context.TokenUsage;
import io.jpraxis.core.filter.ExchangeSummary;
import io.jpraxis.core.upstream.UpstreamTarget;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.TimeUnit;

/**
 * Renders one exchange as a single JSON line. Only the listed fields go out: no headers (so no
 * credentials), no query string (it often carries tokens), no bodies. JSON escaping keeps control
 * characters in a raw path from forging extra log lines, and non-ASCII is escaped as well, since
 * NEL (U+0085) and U+2028/U+2029 end lines for some log readers: every line is printable ASCII.
 */
final class AccessLogLine {
    private static final JsonFactory JSON = JsonFactory.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

    private AccessLogLine() {
    }

    /**
     * The line for {@code ctx}: {@code time} is when the request head arrived (RFC 3339, UTC);
     * {@code cluster} and {@code upstream} are null when nothing was selected; {@code tls} is the
     * connection's TLS version (null on cleartext) and {@code client_cert} whether it presented a
     * verified client certificate. {@code path} is the path as forwarded (after a {@code
     * path_rewrite} or {@code url_rewrite}), {@code original_path} the one the client sent.
     */
    static String render(RequestContext ctx, ExchangeSummary summary) {
        StringWriter out = new StringWriter(256);
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            json.writeStringField("time", DateTimeFormatter.ISO_INSTANT.format(ctx.receivedAt()));
            json.writeStringField("listener", ctx.listener());
            json.writeStringField("client", clientIp(ctx)); // as resolved: docs/behaviour/client-address.md
            writeConnection(json, ctx);
            json.writeStringField("method", ctx.method());
            json.writeStringField("path", ctx.forwardPath()); // canonical, ;parameters kept: as forwarded
            // What the client asked for, on every line (a stable schema): it differs from path after a rewrite.
            json.writeStringField("original_path", ctx.originalRequestPath().forward());
            json.writeNumberField("status", summary.status());
            json.writeNumberField("duration_ms", TimeUnit.NANOSECONDS.toMillis(summary.durationNanos()));
            json.writeStringField("cluster", ctx.cluster());
            UpstreamTarget upstream = ctx.upstream();
            json.writeStringField("upstream", upstream == null ? null : upstream.endpoint().address());
            json.writeNumberField("bytes_in", summary.requestBodyBytes());
            json.writeNumberField("bytes_out", summary.responseBodyBytes());
            json.writeStringField("request_id", ctx.requestId());
            json.writeBooleanField("completed", summary.completed());
            writeGenAi(json, ctx);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render access log line", e); // a StringWriter does not fail
        }
        return out.toString();
    }

    /** The client's IP without a port (a resolved client has none), or null when unknown. */
    private static String clientIp(RequestContext ctx) {
        InetSocketAddress client = ctx.clientAddress();
        InetAddress ip = client == null ? null : client.getAddress();
        return ip == null ? null : ip.getHostAddress();
    }

    /**
     * The model call's fields, on every line (null when no AI filter saw one): provider and model as
     * {@code token_count} recorded them, and the token counts, which on an exchange cut short are
     * what was counted up to then (see docs/reference/filters/token_count.md#where-the-counts-go).
     */
    private static void writeGenAi(JsonGenerator json, RequestContext ctx) throws IOException {
        GenAiExchange ai = ctx.extensions().get(GenAiExchange.KEY).orElse(null);
        json.writeStringField("model", ai == null ? null : ai.model());
        json.writeStringField("provider", ai == null ? null : ai.provider());
        TokenUsage usage = ai == null ? null : ai.usage().orElse(null);
        writeCount(json, "input_tokens", usage, usage == null ? 0 : usage.input());
        writeCount(json, "output_tokens", usage, usage == null ? 0 : usage.output());
        writeCount(json, "total_tokens", usage, usage == null ? 0 : usage.total());
    }

    /** An unsigned 64-bit count as a JSON number, or null when there are no counts. */
    private static void writeCount(JsonGenerator json, String name, TokenUsage usage, long value) throws IOException {
        json.writeFieldName(name);
        if (usage == null) {
            json.writeNull();
        } else if (value >= 0) {
            json.writeNumber(value);
        } else {
            json.writeNumber(new BigInteger(Long.toUnsignedString(value)));
        }
    }

    private static void writeConnection(JsonGenerator json, RequestContext ctx) throws IOException {
        DownstreamTls tls = ctx.downstreamTls();
        json.writeStringField("scheme", ctx.scheme());
        json.writeStringField("tls", tls == null ? null : tls.protocol());
        json.writeBooleanField("client_cert", tls != null && tls.peerCertificate() != null);
    }
}
