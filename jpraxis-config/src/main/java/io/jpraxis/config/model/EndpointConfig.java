package io.jpraxis.config.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One endpoint: {@code "host:port"} or {@code {address, weight, metadata, priority, zone}}; weight
 * defaults to 1, priority to 0, metadata to none and zone to none (null).
 *
 * @param metadata labels the {@code subset} strategy selects on, in config order
 * @param priority the level the {@code priority} strategy groups by; 0 is tried first
 * @param zone the zone the {@code zone_aware} strategy compares with its local zone, or null
 */
public record EndpointConfig(HostPort address, int weight, Map<String, String> metadata, long priority, String zone) {

    public EndpointConfig {
        metadata = metadata == null || metadata.isEmpty() ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
    }

    /** An endpoint with no metadata, priority 0 and no zone. */
    public EndpointConfig(HostPort address, int weight) {
        this(address, weight, Map.of(), 0, null);
    }

    /** Whether anything beyond address and weight is set (the dump then writes the map form). */
    public boolean hasPlacement() {
        return !metadata.isEmpty() || priority != 0 || zone != null;
    }
}
