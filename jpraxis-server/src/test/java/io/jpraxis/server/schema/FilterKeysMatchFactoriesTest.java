package io.jpraxis.server.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.keys.KeyDescriptor;
import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.ConfigSchema;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.GatewayFilters;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Holds each filter type's key descriptor to what its factory really reads, without the factory's
 * help: every example config (examples/*.yaml, the reference pages' examples and the extra
 * entries below) is built through the real loader and builder with each factory wrapped so the
 * keys its readers mark read are recorded. Every key read must be described, and every described
 * key must be read for at least one entry, so the descriptor holds no stale key either.
 */
class FilterKeysMatchFactoriesTest {
    private static final Path EXAMPLES = Path.of("..", "examples");
    private static final Path FILTER_PAGES = Path.of("..", "docs", "reference", "filters");
    private static final Pattern YAML_BLOCK = Pattern.compile("```yaml\n(.*?)```", Pattern.DOTALL);
    private static final Pattern INDEX = Pattern.compile("\\[\\d+]");
    private static final FilterRegistry SHIPPED = FilterRegistry.withBuiltIns(GatewayFilters.all());
    private static final Schema CONFIG = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
            .getSchema(SchemaLocation.of("urn:jpraxis:config"), ConfigSchema.of(SHIPPED));

    /** Configs for keys no example writes, each one that builds ({@code TOKEN_FILE} is a file with a token). */
    private static final List<String> EXTRA = List.of("""
            listeners:
              - name: public
                address: "127.0.0.1:8080"
                filter_chains: [main]
            filter_chains:
              - name: main
                filters:
                  - filter: intelligent_route
                    local_site: site-a
                    candidates:
                      - kind: inference_model
                        name: llama-3
                        site: site-a
                        cluster: web
                        credential:
                          strategy: bearer_token
                          secret_ref: {name: llm-keys, namespace: ai, key: llama}
                      - kind: inference_model
                        name: qwen
                        site: site-a
                        cluster: web
                        credential:
                          strategy: bearer_token
                          secret_ref: {name: llm-keys, namespace: ai, key: qwen}
                  - filter: credential_inject
                    credentials:
                      - {name: llm-keys, namespace: ai, key: llama, value: "sk-inline"}
                      - {name: llm-keys, namespace: ai, key: qwen, file: "TOKEN_FILE"}
                  - filter: load_balancer
                    clusters:
                      - name: web
                        endpoints: ["127.0.0.1:9001"]
            insecure_options:
              allow_private_endpoints: true
            """, """
            listeners:
              - name: public
                address: "127.0.0.1:8080"
                filter_chains: [main]
            filter_chains:
              - name: main
                filters:
                  - filter: http_callout
                    outbound_chain: authz
                    timeout_ms: 500
                    body: {header: x-user}
                  - filter: static_response
                    status: 204
              - name: authz
                filters:
                  - filter: router
                    routes: [{path_prefix: "/", cluster: authz}]
                  - filter: load_balancer
                    clusters: [{name: authz, endpoints: ["127.0.0.1:9100"]}]
            insecure_options:
              allow_private_endpoints: true
            """, """
            listeners:
              - name: public
                address: "127.0.0.1:8080"
                filter_chains: [main]
            filter_chains:
              - name: main
                filters:
                  - filter: json_body
                    request_add: [{pointer: /path, env_var: PATH}]
                    request_replace:
                      - {pointer: /a, env_var: PATH}
                      - {pointer: /b, metadata: m}
                      - {pointer: /c, structured_metadata: {namespace: n, key: k}}
                    response_add: []
                    response_replace: []
                  - filter: static_response
                    status: 204
            """, """
            listeners:
              - name: public
                address: "127.0.0.1:8080"
                filter_chains: [main]
            filter_chains:
              - name: main
                filters:
                  - filter: endpoint_selector
                    source_header: x-pod
                    tls:
                      sni: pods.example.internal
                      ca: {ca_path: "%1$s/test-ca.pem"}
                      client_cert: {cert_path: "%1$s/test-client.pem", key_path: "%1$s/test-client-key.pem"}
            """.formatted(Path.of("src", "test", "resources", "tls").toAbsolutePath()));

    /** Per filter type, every key (dotted, {@code []} for list items) its factory read, over all entries. */
    private static final Map<String, Set<String>> READ = new TreeMap<>();
    /** Configs whose every entry was read, each with whether it built. */
    private static final Map<String, CompileResult> BUILT = new TreeMap<>();

    @BeforeAll
    static void buildEveryExample() throws IOException {
        FilterRegistry recording = new FilterRegistry();
        SHIPPED.types().forEach(t -> recording.register(new Recording<>(SHIPPED.find(t).orElseThrow())));
        GatewayBuilder builder = new GatewayBuilder(FeatureSet.of(Feature.values()), RuntimeServices.system(),
                recording);
        for (Map.Entry<String, String> config : configs().entrySet()) {
            CompileResult result = builder.build(config.getValue());
            BUILT.put(config.getKey(), result);
            if (result.ok()) {
                result.gateway().close();
            }
        }
    }

    /** Every config, by where it comes from; relative paths in them are made relative to the module. */
    static Map<String, String> configs() throws IOException {
        Map<String, String> configs = new TreeMap<>();
        for (Path example : ConfigSchemaTest.examples()) {
            configs.put(example.toString(), Files.readString(example));
        }
        try (Stream<Path> pages = Files.list(FILTER_PAGES)) {
            for (Path page : pages.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                Matcher m = YAML_BLOCK.matcher(Files.readString(page));
                for (int i = 0; m.find(); i++) {
                    configs.put(page + "#" + i, m.group(1));
                }
            }
        }
        for (int i = 0; i < EXTRA.size(); i++) {
            configs.put("extra#" + i, EXTRA.get(i));
        }
        // Absolute: file paths with a '..' component are refused (path traversal).
        String examples = EXAMPLES.toAbsolutePath().normalize() + "/";
        configs.replaceAll((k, v) -> v.replace("\"examples/", "\"" + examples).replace("TOKEN_FILE", tokenFile()));
        return configs;
    }

    private static String tokenFile() {
        try {
            Path file = Path.of("target", "filter-keys-token.txt");
            Files.createDirectories(file.getParent());
            Files.writeString(file, "sk-from-file\n");
            return file.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void everyExampleBuilds() {
        List<String> refused = new ArrayList<>();
        BUILT.forEach((name, result) -> {
            if (!result.ok()) {
                refused.add(name + ": " + result.diagnostics().errors());
            }
        });
        assertThat(refused).as("example configs the gateway refuses").isEmpty();
    }

    @Test
    void everyKeyAFactoryReadsIsDescribed() {
        List<String> undescribed = new ArrayList<>();
        READ.forEach((type, keys) -> {
            Described d = Described.of(descriptor(type));
            keys.stream().filter(k -> !d.covers(k)).forEach(k -> undescribed.add(type + ": " + k));
        });
        assertThat(undescribed).as("keys read but not in the filter's descriptor").isEmpty();
    }

    @Test
    void everyDescribedKeyIsReadForSomeEntry() {
        List<String> unread = new ArrayList<>();
        for (String type : SHIPPED.types()) {
            Set<String> read = READ.getOrDefault(type, Set.of());
            Described.of(descriptor(type)).paths().stream().filter(p -> !read.contains(p))
                    .forEach(p -> unread.add(type + ": " + p));
        }
        assertThat(unread).as("described keys no entry of the examples made the factory read").isEmpty();
    }

    @Test
    void everyTypeHasAnExample() {
        assertThat(READ.keySet()).containsExactlyInAnyOrderElementsOf(SHIPPED.types());
    }

    @Test
    void theSchemaAcceptsEveryExampleAndRefusesAnUnknownOptionOnEachType() throws IOException {
        List<String> problems = new ArrayList<>();
        Set<String> refusedTypes = new TreeSet<>();
        for (Map.Entry<String, String> config : configs().entrySet()) {
            JsonNode json = YamlAsJson.parse(config.getValue());
            if (!CONFIG.validate(json).isEmpty()) {
                problems.add(config.getKey() + ": " + CONFIG.validate(json));
            }
            for (ObjectNode entry : entries(json)) {
                String type = entry.path("filter").asText();
                entry.put("not_an_option", 1);
                if (CONFIG.validate(json).isEmpty()) {
                    problems.add(config.getKey() + ": a " + type + " entry with not_an_option validates");
                } else {
                    refusedTypes.add(type);
                }
                entry.remove("not_an_option");
            }
        }
        assertThat(problems).isEmpty();
        assertThat(refusedTypes).containsExactlyInAnyOrderElementsOf(SHIPPED.types());
    }

    private static ObjectDescriptor descriptor(String type) {
        return SHIPPED.find(type).orElseThrow().options().orElseThrow();
    }

    /** The filter entries of the top-level chains, branch chains and step filters included. */
    private static List<ObjectNode> entries(JsonNode node) {
        List<ObjectNode> out = new ArrayList<>();
        if (node instanceof ObjectNode o && o.path("filter").isTextual()) {
            out.add(o);
        }
        node.forEach(child -> out.addAll(entries(child)));
        return out;
    }

    /** A descriptor's key paths, and the paths below which anything is another descriptor's. */
    private record Described(Set<String> paths, Set<String> opaque) {
        static Described of(ObjectDescriptor d) {
            Described out = new Described(new LinkedHashSet<>(), new LinkedHashSet<>());
            out.add(d, "");
            return out;
        }

        private void add(ObjectDescriptor d, String prefix) {
            for (KeyDescriptor k : d.keys()) {
                paths.add(prefix + k.name());
                nested(k.type(), prefix + k.name());
            }
        }

        private void nested(KeyType type, String path) {
            switch (type) {
                case KeyType.Obj o -> add(o.object(), path + ".");
                case KeyType.ListOf l -> nested(l.item(), path + "[]");
                case KeyType.OneOf o -> o.shapes().forEach(s -> nested(s, path));
                case KeyType.MapOf m -> opaque.add(path);
                case KeyType.Ref r -> opaque.add(path);
                case KeyType.Open o -> opaque.add(path);
                default -> { }
            }
        }

        boolean covers(String read) {
            return paths.contains(read) || opaque.stream().anyMatch(o -> read.startsWith(o + ".")
                    || read.startsWith(o + "[]"));
        }
    }

    /** A factory that records, per entry, the keys the real factory's readers mark read. */
    private record Recording<C>(FilterFactory<C> delegate) implements FilterFactory<C> {
        @Override
        public String type() {
            return delegate.type();
        }

        @Override
        public Optional<ObjectDescriptor> options() {
            return delegate.options();
        }

        @Override
        public Optional<C> read(MapReader options, FilterReadContext context) {
            List<Optional<C>> read = new ArrayList<>(1);
            Set<String> paths = MapReader.keysReadDuring(() -> read.add(delegate.read(options, context)));
            String prefix = options.path() + ".";
            Set<String> keys = READ.computeIfAbsent(type(), t -> new TreeSet<>());
            for (String path : paths) {
                if (path.startsWith(prefix)) {
                    keys.add(INDEX.matcher(path.substring(prefix.length())).replaceAll("[]"));
                } else {
                    keys.add("(outside the entry) " + path);
                }
            }
            return read.getFirst();
        }

        @Override
        public FilterDeclaration declare(C config) {
            return delegate.declare(config);
        }

        @Override
        public HttpFilter create(C config, FilterBuildContext context) {
            return delegate.create(config, context);
        }

        @Override
        public Set<String> secretFields() {
            return delegate.secretFields();
        }

        @Override
        public boolean bindsChain() {
            return delegate.bindsChain();
        }

        @Override
        public boolean declaresClusters() {
            return delegate.declaresClusters();
        }

        @Override
        public Feature requiredFeature() {
            return delegate.requiredFeature();
        }
    }
}
