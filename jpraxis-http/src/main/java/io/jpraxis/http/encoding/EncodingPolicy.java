package io.jpraxis.http.encoding;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * A {@code compression} filter's settings as the edge applies them: each coding's level (absent
 * when disabled or when its native codec did not load), the minimum size and the content types.
 */
public record EncodingPolicy(Map<Coding, Integer> levels, long minSizeBytes, ContentTypes contentTypes) {
    public EncodingPolicy {
        Map<Coding, Integer> usable = new EnumMap<>(Coding.class);
        levels.forEach((coding, level) -> {
            if (level > 0 && NativeCodecs.available().contains(coding)) {
                usable.put(coding, coding.clamp(level));
            }
        });
        levels = Map.copyOf(usable);
    }

    /** The codings that may be chosen. */
    public Set<Coding> enabled() {
        return levels.isEmpty() ? EnumSet.noneOf(Coding.class) : EnumSet.copyOf(levels.keySet());
    }

    public int level(Coding coding) {
        return levels.get(coding);
    }
}
