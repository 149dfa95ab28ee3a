package io.jpraxis.config.keys;

/**
 * One config key: its name, shape and limits, default, whether it is required, what it does,
 * and whether {@code dump} redacts it.
 *
 * @param defaultValue the default as a reader would write it ({@code round_robin}, {@code 10485760}),
 *     or null when the key has none
 * @param nullMeaning what an explicit {@code null} means when it is not the same as leaving the key
 *     out ({@code "no limit"}), else null: for most optional keys a null reads as absent
 * @param rule a limit the type cannot state (a header name's characters, "at least rate"), shown
 *     beside the type's own limits, else null; the schema leaves such rules to the loader
 */
public record KeyDescriptor(String name, KeyType type, String defaultValue, boolean required, String description,
        boolean secret, String nullMeaning, String rule) {

    public KeyDescriptor {
        if (name == null || name.isEmpty() || type == null || description == null) {
            throw new IllegalArgumentException("a key needs a name, a type and a description");
        }
    }

    /** An optional key without a default. */
    public static KeyDescriptor key(String name, KeyType type, String description) {
        return new KeyDescriptor(name, type, null, false, description, false, null, null);
    }

    public KeyDescriptor withDefault(Object value) {
        return new KeyDescriptor(name, type, String.valueOf(value), required, description, secret, nullMeaning, rule);
    }

    public KeyDescriptor asRequired() {
        return new KeyDescriptor(name, type, defaultValue, true, description, secret, nullMeaning, rule);
    }

    public KeyDescriptor asSecret() {
        return new KeyDescriptor(name, type, defaultValue, required, description, true, nullMeaning, rule);
    }

    /** The key also accepts an explicit {@code null}, which means {@code meaning}. */
    public KeyDescriptor nullMeans(String meaning) {
        return new KeyDescriptor(name, type, defaultValue, required, description, secret, meaning, rule);
    }

    /** Adds a limit the type cannot state; see {@link #rule()}. */
    public KeyDescriptor withRule(String text) {
        return new KeyDescriptor(name, type, defaultValue, required, description, secret, nullMeaning, text);
    }
}
