package io.jpraxis.filters.traffic.endpointselector;

import io.jpraxis.config.load.AddressClass;
import io.jpraxis.config.load.HostPortParser;
import io.jpraxis.config.model.HostPort;
import java.util.List;

/**
 * Reads the endpoint an earlier filter wrote into the source header (see
 * docs/reference/filters/endpoint_selector.md#the-value): exactly one header line holding one
 * {@code host:port} (an IPv4 literal, a bracketed IPv6 literal or a DNS name, port 1..65535).
 */
final class EndpointValue {
    private EndpointValue() {
    }

    /** What the header held. */
    sealed interface Read permits Absent, Selected, Invalid {
    }

    /** No filter set the header. */
    record Absent() implements Read {
    }

    /** One valid endpoint. */
    record Selected(HostPort address) implements Read {
    }

    /** Anything else; {@code reason} names the problem without the value. */
    record Invalid(String reason) implements Read {
    }

    private static final Absent ABSENT = new Absent();

    /**
     * Reads the header's {@code lines}; an IP literal outside public address space is invalid unless
     * {@code allowPrivate} ({@code insecure_options.allow_private_endpoints}, as for config endpoints).
     */
    static Read of(List<String> lines, boolean allowPrivate) {
        if (lines.isEmpty()) {
            return ABSENT;
        }
        if (lines.size() > 1) {
            return new Invalid(lines.size() + " header lines (expected: exactly one)");
        }
        String text = trimOws(lines.getFirst());
        if (text.isEmpty()) {
            return new Invalid("an empty value (expected: one host:port)");
        }
        if (text.indexOf(',') >= 0) {
            return new Invalid("a list of values (expected: one host:port)");
        }
        return switch (HostPortParser.parse(text, true)) {
            case HostPortParser.Ok ok -> checkRange(ok.value(), allowPrivate);
            case HostPortParser.Bad bad -> new Invalid("not a host:port (expected: " + bad.expectation() + ")");
        };
    }

    private static Read checkRange(HostPort address, boolean allowPrivate) {
        AddressClass range = AddressClass.of(address.host());
        if (range != AddressClass.PUBLIC && !allowPrivate) {
            return new Invalid("an address in the " + range.label() + " range (expected: a public address; "
                    + "insecure_options.allow_private_endpoints admits others)");
        }
        return new Selected(address);
    }

    /** Optional white space around a field value is not part of it (RFC 9110 section 5.5). */
    private static String trimOws(String value) {
        int start = 0;
        int end = value.length();
        while (start < end && isOws(value.charAt(start))) {
            start++;
        }
        while (end > start && isOws(value.charAt(end - 1))) {
            end--;
        }
        return value.substring(start, end);
    }

    private static boolean isOws(char c) {
        return c == ' ' || c == '\t';
    }
}
