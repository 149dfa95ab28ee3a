package io.jpraxis.filters.support;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;

/** The shapes of the header lists {@link HeaderListReader} reads, for the filters' key descriptors. */
public final class HeaderListKeys {
    /** A header name: at least one RFC 9110 token character. */
    public static final KeyType NAME = new KeyType.Text(1, null);
    /** What a header name's limits cell says. */
    public static final String NAME_RULE = "RFC 9110 token characters";
    /** One {@code {name, value}} pair. */
    public static final ObjectDescriptor PAIR = ObjectDescriptor.of("A header name and its value.",
            key("name", NAME, "The header name.").asRequired().withRule(NAME_RULE),
            key("value", KeyType.text(), "The header value.").asRequired()
                    .withRule("no control characters such as CR, LF or NUL"));
    /** A list of {@code {name, value}} pairs. */
    public static final KeyType PAIRS = KeyType.listOf(KeyType.object(PAIR));
    /** A list of header names. */
    public static final KeyType NAMES = KeyType.listOf(NAME);

    private HeaderListKeys() {
    }
}
