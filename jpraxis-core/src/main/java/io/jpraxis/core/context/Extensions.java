package io.jpraxis.core.context;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;

/** Typed per-request slots filters share (the logical upstream binding, {@code BindingState}, lives here). */
public final class Extensions {
    /** Made on first use: most requests never put anything here. */
    private Map<Key<?>, Object> values;

    public <T> void put(Key<T> key, T value) {
        if (values == null) {
            values = new IdentityHashMap<>(4);
        }
        values.put(key, value);
    }

    public <T> Optional<T> get(Key<T> key) {
        return values == null ? Optional.empty() : Optional.ofNullable(key.type().cast(values.get(key)));
    }

    public <T> void remove(Key<T> key) {
        if (values != null) {
            values.remove(key);
        }
    }

    /** A typed key, compared by identity. */
    public record Key<T>(String name, Class<T> type) {
        @Override
        public boolean equals(Object o) {
            return this == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(this);
        }
    }
}
