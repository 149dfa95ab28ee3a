package io.jpraxis.config.keys;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Writes a JSON Schema (draft 2020-12) from descriptors, so editors can check and complete a
 * config. Shared definitions ({@link KeyType.Ref}) go to {@code $defs}; an open definition can be
 * given {@link Variants}, one closed set of extra keys per value of a discriminating key (a filter
 * entry's options per {@code filter} type).
 *
 * <p>The schema is never stricter than the loader: rules that need more than one value or the
 * whole config (unique names, references, insecure flags) are the loader's alone. An explicit
 * {@code null}, which the loader reads as an absent optional key, is accepted only where it has a
 * meaning of its own ({@link KeyDescriptor#nullMeaning()}), so editors do not suggest it.
 */
public final class JsonSchemaWriter {
    public static final String DIALECT = "https://json-schema.org/draft/2020-12/schema";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final Variants variants;
    private final SortedMap<String, ObjectNode> definitions = new TreeMap<>();

    /**
     * The values a discriminating key takes in definition {@code definitionId}, each with the
     * descriptor of the keys it adds (empty: its keys are not described, so they stay open).
     */
    public record Variants(String definitionId, String discriminator,
            SortedMap<String, Optional<ObjectDescriptor>> byValue) {
        public Variants {
            byValue = new TreeMap<>(byValue);
        }

        public static Variants none() {
            return new Variants("", "", new TreeMap<>());
        }
    }

    private JsonSchemaWriter(Variants variants) {
        this.variants = variants;
    }

    /** The schema of documents described by {@code root}. */
    public static ObjectNode write(String title, ObjectDescriptor root, Variants variants) {
        JsonSchemaWriter writer = new JsonSchemaWriter(variants);
        ObjectNode body = writer.object(root);
        ObjectNode schema = JSON.objectNode();
        schema.put("$schema", DIALECT);
        schema.put("title", title);
        schema.setAll(body);
        if (!writer.definitions.isEmpty()) {
            ObjectNode defs = schema.putObject("$defs");
            writer.definitions.forEach(defs::set);
        }
        return schema;
    }

    private ObjectNode object(ObjectDescriptor d) {
        ObjectNode node = JSON.objectNode();
        node.put("type", "object");
        node.put("description", d.description());
        ObjectNode properties = node.putObject("properties");
        ArrayNode required = JSON.arrayNode();
        for (KeyDescriptor k : d.keys()) {
            properties.set(k.name(), key(k));
            if (k.required()) {
                required.add(k.name());
            }
        }
        if (!required.isEmpty()) {
            node.set("required", required);
        }
        if (d.closed()) {
            node.put("additionalProperties", false);
        }
        exactlyOne(node, d);
        return node;
    }

    private static void exactlyOne(ObjectNode node, ObjectDescriptor d) {
        List<JsonNode> groups = new ArrayList<>();
        for (List<String> group : d.exactlyOne()) {
            ArrayNode oneOf = JSON.arrayNode();
            group.forEach(name -> oneOf.addObject().putArray("required").add(name));
            groups.add(JSON.objectNode().set("oneOf", oneOf));
        }
        if (groups.size() == 1) {
            node.setAll((ObjectNode) groups.getFirst());
        } else if (!groups.isEmpty()) {
            node.putArray("allOf").addAll(groups);
        }
    }

    private JsonNode key(KeyDescriptor k) {
        ObjectNode node = type(k.type());
        if (k.nullMeaning() != null) {
            ObjectNode nullable = JSON.objectNode();
            nullable.putArray("anyOf").add(node).addObject().put("type", "null");
            node = nullable;
        }
        node.put("description", k.nullMeaning() == null ? k.description()
                : k.description() + " null: " + k.nullMeaning() + ".");
        if (k.defaultValue() != null) {
            node.set("default", defaultValue(k.type(), k.defaultValue()));
        }
        if (k.secret()) {
            node.put("writeOnly", true);
        }
        return node;
    }

    private static JsonNode defaultValue(KeyType type, String text) {
        return switch (type) {
            case KeyType.Int i -> JSON.numberNode(Long.parseLong(text));
            case KeyType.Num n -> JSON.numberNode(Double.parseDouble(text));
            case KeyType.Bool b -> JSON.booleanNode(Boolean.parseBoolean(text));
            case KeyType.Text t -> JSON.textNode(text);
            case KeyType.Choice c -> JSON.textNode(text);
            case KeyType.Scalar s -> JSON.textNode(text);
            case KeyType.OneOf o -> JSON.textNode(text);
            case KeyType.ListOf l -> json(text);
            case KeyType.Obj o -> JSON.textNode(text);
            case KeyType.MapOf m -> JSON.textNode(text);
            case KeyType.Ref r -> JSON.textNode(text);
            case KeyType.Open o -> JSON.textNode(text);
        };
    }

    /** A list default written as JSON ({@code [200]}, {@code []}). */
    private static JsonNode json(String text) {
        try {
            return new ObjectMapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("a list default must be written as JSON: " + text, e);
        }
    }

    private ObjectNode type(KeyType type) {
        ObjectNode node = JSON.objectNode();
        switch (type) {
            case KeyType.Text t -> {
                node.put("type", "string");
                if (t.minLength() != null) {
                    node.put("minLength", t.minLength());
                }
                if (t.maxLength() != null) {
                    node.put("maxLength", t.maxLength());
                }
            }
            case KeyType.Int i -> node.put("type", "integer").put("minimum", i.min()).put("maximum", i.max());
            case KeyType.Num n -> {
                node.put("type", "number").put("maximum", n.max());
                if (n.exclusiveMin() == KeyType.Num.FROM_ZERO) {
                    node.put("minimum", 0);
                } else {
                    node.put("exclusiveMinimum", n.exclusiveMin());
                }
            }
            case KeyType.Bool b -> node.put("type", "boolean");
            case KeyType.Scalar s -> node.putArray("type").add("string").add("number").add("boolean");
            case KeyType.Choice c -> {
                node.put("type", "string");
                c.values().forEach(node.putArray("enum")::add);
            }
            case KeyType.ListOf l -> {
                node.put("type", "array");
                node.set("items", type(l.item()));
                if (l.minItems() > 0) {
                    node.put("minItems", l.minItems());
                }
                if (l.maxItems() != null) {
                    node.put("maxItems", l.maxItems());
                }
            }
            case KeyType.Obj o -> node.setAll(object(o.object()));
            case KeyType.MapOf m -> {
                node.put("type", "object");
                node.set("additionalProperties", type(m.values()));
                if (m.minEntries() > 0) {
                    node.put("minProperties", m.minEntries());
                }
            }
            case KeyType.Ref r -> {
                node.put("$ref", "#/$defs/" + r.id());
                define(r);
            }
            case KeyType.OneOf o -> {
                ArrayNode shapes = node.putArray("oneOf");
                o.shapes().forEach(s -> shapes.add(type(s)));
            }
            case KeyType.Open o -> {
                // any value: the empty schema
            }
        }
        return node;
    }

    private void define(KeyType.Ref ref) {
        if (definitions.containsKey(ref.id())) {
            return;
        }
        definitions.put(ref.id(), JSON.objectNode()); // placeholder: the definition may refer to itself
        ObjectNode definition = object(ref.resolve());
        if (ref.id().equals(variants.definitionId())) {
            addVariants(definition, ref.resolve());
        }
        definitions.put(ref.id(), definition);
    }

    /** The discriminator's values as an enum, and per described value its closed set of extra keys. */
    private void addVariants(ObjectNode definition, ObjectDescriptor base) {
        ObjectNode discriminator = (ObjectNode) definition.get("properties").get(variants.discriminator());
        variants.byValue().keySet().forEach(discriminator.putArray("enum")::add);
        ArrayNode allOf = JSON.arrayNode();
        for (Map.Entry<String, Optional<ObjectDescriptor>> e : variants.byValue().entrySet()) {
            if (e.getValue().isEmpty()) {
                continue;
            }
            ObjectNode rule = allOf.addObject();
            ObjectNode condition = rule.putObject("if");
            condition.putObject("properties").putObject(variants.discriminator()).put("const", e.getKey());
            condition.putArray("required").add(variants.discriminator());
            ObjectNode then = object(e.getValue().get());
            then.remove("type");
            then.remove("additionalProperties");
            if (e.getValue().get().closed()) {
                Set<String> allowed = new LinkedHashSet<>(base.names());
                allowed.addAll(e.getValue().get().names());
                allowed.forEach(then.putObject("propertyNames").putArray("enum")::add);
            }
            rule.set("then", then);
        }
        if (!allOf.isEmpty()) {
            definition.set("allOf", allOf);
        }
    }
}
