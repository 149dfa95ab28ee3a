package io.jpraxis.config.dump;

import io.jpraxis.config.tree.ConfigNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** Converts config trees to plain Java values (maps in document order) and redacts secrets in them. */
final class PlainValues {
    static final String REDACTED = "[REDACTED]";
    /**
     * Request and response headers whose values are secrets (the credential headers (see
     * docs/behaviour/routing-headers.md#the-route-header)).
     */
    private static final Set<String> CREDENTIAL_HEADERS = Set.of("authorization", "proxy-authorization", "cookie",
            "set-cookie", "x-api-key", "api-key");

    private PlainValues() {
    }

    /** A ConfigNode as maps, lists, strings, numbers, booleans and nulls. */
    static Object of(ConfigNode node) {
        return switch (node) {
            case ConfigNode.MapNode m -> {
                Map<String, Object> out = new LinkedHashMap<>();
                m.entries().forEach(e -> out.put(e.key(), of(e.value())));
                yield out;
            }
            case ConfigNode.ListNode l -> l.items().stream().map(PlainValues::of).toList();
            case ConfigNode.ScalarNode s -> scalar(s);
            case ConfigNode.NullNode n -> null;
        };
    }

    private static Object scalar(ConfigNode.ScalarNode s) {
        return switch (s.kind()) {
            case STRING -> s.text();
            case BOOL -> Boolean.parseBoolean(s.text().toLowerCase(Locale.ROOT));
            case INT -> {
                BigInteger value = new BigInteger(s.text());
                yield value.bitLength() < 64 ? (Object) value.longValue() : value;
            }
            case FLOAT -> floating(s.text());
        };
    }

    /** Finite floats keep their digits; {@code .inf} / {@code .nan} become doubles. */
    private static Object floating(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".inf")) {
            return lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (lower.equals(".nan")) {
            return Double.NaN;
        }
        return new BigDecimal(text);
    }

    /**
     * A copy of {@code value} where every map entry whose key is in {@code keys} holds
     * {@code [REDACTED]}, and so does the {@code value} of every {@code {name, value}} pair naming a
     * credential header: a filter that sets {@code Authorization} or {@code x-api-key} (how a
     * provider key is injected) carries the secret as a header value, not under a secret key.
     */
    @SuppressWarnings("unchecked")
    static Object redact(Object value, Set<String> keys) {
        if (value instanceof Map<?, ?> map) {
            boolean credentialPair = isCredentialHeaderPair(map);
            Map<String, Object> out = new LinkedHashMap<>();
            ((Map<String, Object>) map).forEach((k, v) -> out.put(k,
                    keys.contains(k) || (credentialPair && k.equals("value")) ? REDACTED : redact(v, keys)));
            return out;
        }
        if (value instanceof List<?> list) {
            List<Object> out = new ArrayList<>(list.size());
            list.forEach(item -> out.add(redact(item, keys)));
            return out;
        }
        return value;
    }

    private static boolean isCredentialHeaderPair(Map<?, ?> map) {
        return map.get("name") instanceof String name && map.containsKey("value")
                && CREDENTIAL_HEADERS.contains(name.toLowerCase(Locale.ROOT));
    }
}
