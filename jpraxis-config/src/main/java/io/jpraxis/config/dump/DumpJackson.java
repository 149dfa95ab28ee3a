package io.jpraxis.config.dump;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.BeanPropertyWriter;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.jpraxis.config.model.ClusterConfig;
import io.jpraxis.config.model.ConditionConfig;
import io.jpraxis.config.model.HostPort;
import io.jpraxis.config.model.ResponseConditionConfig;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.config.read.Scalars;
import io.jpraxis.config.tree.ConfigNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The two Jackson mappers of the dump: one turns a filter's effective config (a record or map)
 * into plain ordered values in Praxis's shape (snake_case, lower-case enums, {@code host:port},
 * null fields left out, unordered maps sorted by key); the other writes the finished tree as YAML
 * exactly in the order given.
 */
final class DumpJackson {
    private final ObjectMapper converter = converter();
    private final YAMLMapper yaml = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
            .enable(YAMLGenerator.Feature.INDENT_ARRAYS_WITH_INDICATOR)
            .build();

    /** Plain maps, lists and scalars for {@code value}. */
    Object plain(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof ConfigNode node) {
            return PlainValues.of(node); // raw options keep their document order
        }
        try (TokenBuffer buffer = new TokenBuffer(converter, false)) {
            converter.writeValue(buffer, value);
            return converter.readValue(buffer.asParser(), Object.class);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot render effective config " + value.getClass().getName(), e);
        }
    }

    /** YAML text of a plain tree. */
    String yaml(Object tree) {
        try {
            return yaml.writeValueAsString(tree);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write config dump", e);
        }
    }

    private static ObjectMapper converter() {
        SimpleModule module = new SimpleModule("jpraxis-dump");
        module.addSerializer(io.jpraxis.config.model.YamlShaped.class,
                new com.fasterxml.jackson.databind.JsonSerializer<io.jpraxis.config.model.YamlShaped>() {
                    @Override
                    public void serialize(io.jpraxis.config.model.YamlShaped value,
                            com.fasterxml.jackson.core.JsonGenerator gen,
                            com.fasterxml.jackson.databind.SerializerProvider provider) throws IOException {
                        provider.defaultSerializeValue(value.toYaml(), gen);
                    }
                });
        addSerializers(module);
        module.setSerializerModifier(new BeanSerializerModifier() {
            @Override
            public List<BeanPropertyWriter> changeProperties(SerializationConfig config, BeanDescription description,
                    List<BeanPropertyWriter> properties) {
                // Where a value was written is not part of it.
                return properties.stream().filter(p -> !SourceRef.class.isAssignableFrom(p.getType().getRawClass()))
                        .toList();
            }
        });
        ObjectMapper mapper = new ObjectMapper();
        mapper.setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
        mapper.setDefaultPropertyInclusion(JsonInclude.Include.NON_NULL);
        mapper.enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
        mapper.disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
        mapper.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        mapper.registerModule(module);
        return mapper;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void addSerializers(SimpleModule module) {
        module.addSerializer((Class) Enum.class, serializer((Enum<?> e) -> Scalars.yamlName(e)));
        module.addSerializer(HostPort.class, serializer(HostPort::render));
        module.addSerializer(ConfigNode.class, serializer(PlainValues::of));
        module.addSerializer(ClusterConfig.class, serializer(ClusterDumpTree::cluster));
        module.addSerializer(ConditionConfig.class, serializer(FilterDumpTree::condition));
        module.addSerializer(ResponseConditionConfig.class, serializer(FilterDumpTree::responseCondition));
        module.addSerializer((Class) Optional.class, serializer((Optional<?> o) -> o.orElse(null)));
    }

    /** Writes {@code render(value)}, a plain tree, in its own order (not re-sorted). */
    private static <T> JsonSerializer<T> serializer(Function<T, Object> render) {
        return new JsonSerializer<>() {
            @Override
            public void serialize(T value, JsonGenerator gen, SerializerProvider provider) throws IOException {
                writePlain(render.apply(value), gen, provider);
            }
        };
    }

    private static void writePlain(Object value, JsonGenerator gen, SerializerProvider provider) throws IOException {
        if (value instanceof Map<?, ?> map) {
            gen.writeStartObject();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                gen.writeFieldName(String.valueOf(e.getKey()));
                writePlain(e.getValue(), gen, provider);
            }
            gen.writeEndObject();
        } else if (value instanceof List<?> list) {
            gen.writeStartArray();
            for (Object item : list) {
                writePlain(item, gen, provider);
            }
            gen.writeEndArray();
        } else {
            provider.defaultSerializeValue(value, gen);
        }
    }
}
