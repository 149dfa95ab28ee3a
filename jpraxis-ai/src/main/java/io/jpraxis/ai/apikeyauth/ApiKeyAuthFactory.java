package io.jpraxis.ai.apikeyauth;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Builds {@code api_key_auth} filters (see docs/reference/filters/api_key_auth.md), a jpraxis
 * filter with no Praxis counterpart: {@code keys}, each with a unique name and a unique SHA-256
 * digest. Security-class and sets the authenticated subject, as {@code basic_auth} does.
 */
public final class ApiKeyAuthFactory implements FilterFactory<ApiKeyAuthConfig> {
    /** The YAML type name. */
    public static final String TYPE = "api_key_auth";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(ApiKeyAuthKeys.KEYS);
    }

    @Override
    public Optional<ApiKeyAuthConfig> read(MapReader options, FilterReadContext context) {
        options.require("keys");
        List<ConfigNode> items = options.list("keys").orElse(List.of());
        if (options.has("keys") && (items.isEmpty() || items.size() > ApiKeyAuthConfig.MAX_KEYS)) {
            options.invalid("keys", "1.." + ApiKeyAuthConfig.MAX_KEYS + " keys (it has " + items.size() + ")");
        }
        List<ApiKeyAuthConfig.ClientKey> keys = new ArrayList<>();
        Map<String, Integer> nameAt = new HashMap<>();
        Map<String, Integer> digestAt = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            ConfigPath path = options.path("keys").index(i);
            MapReader r = MapReader.of(items.get(i), path, options.diagnostics(), ApiKeyAuthKeys.KEY);
            Optional<ApiKeyAuthConfig.ClientKey> key = key(r);
            if (key.isEmpty() || !unique(r, "name", key.get().name(), nameAt, i)
                    | !unique(r, "sha256", key.get().sha256(), digestAt, i)) {
                continue;
            }
            keys.add(key.get());
        }
        if (!options.finishCleanly() || keys.size() != items.size() || keys.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ApiKeyAuthConfig(keys));
    }

    private static Optional<ApiKeyAuthConfig.ClientKey> key(MapReader r) {
        String name = r.requiredString("name");
        if (name != null && (name.isBlank() || name.length() > ApiKeyAuthConfig.MAX_NAME_CHARS)) {
            r.invalid("name", "1.." + ApiKeyAuthConfig.MAX_NAME_CHARS + " characters, not blank");
            name = null;
        }
        String digest = r.requiredString("sha256");
        if (digest != null && !digest.matches("[0-9a-fA-F]{64}")) {
            r.invalid("sha256", "64 hex digits (the SHA-256 digest of the key)");
            digest = null;
        }
        Map<String, String> metadata = metadata(r);
        if (!r.finishCleanly() || name == null || digest == null || metadata == null) {
            return Optional.empty();
        }
        return Optional.of(new ApiKeyAuthConfig.ClientKey(name, digest.toLowerCase(Locale.ROOT), metadata));
    }

    /** The {@code metadata} map (empty when absent), or null after reporting a non-string value. */
    private static Map<String, String> metadata(MapReader r) {
        Optional<MapReader> map = r.map("metadata");
        if (map.isEmpty()) {
            return r.has("metadata") ? null : Map.of();
        }
        Map<String, String> out = new LinkedHashMap<>();
        boolean ok = true;
        for (String k : map.get().keys()) {
            Optional<String> v = map.get().string(k);
            if (v.isEmpty()) {
                ok = false;
            } else {
                out.put(k, v.get());
            }
        }
        map.get().finish();
        return ok ? out : null;
    }

    private static boolean unique(MapReader r, String key, String value, Map<String, Integer> firstAt, int i) {
        Integer earlier = firstAt.putIfAbsent(value.toLowerCase(Locale.ROOT), i);
        if (earlier != null) {
            r.invalid(key, "a " + key + " no other key has; keys[" + earlier + "] has it");
            return false;
        }
        return true;
    }

    @Override
    public FilterDeclaration declare(ApiKeyAuthConfig config) {
        return FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.SECURITY, FilterTrait.SETS_SUBJECT));
    }

    @Override
    public HttpFilter create(ApiKeyAuthConfig config, FilterBuildContext context) {
        return new ApiKeyAuthFilter(config);
    }
}
