package io.jpraxis.server.schema;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.jpraxis.config.keys.JsonSchemaWriter;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.server.boot.ConfigSchema;
import io.jpraxis.server.boot.GatewayFilters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ConfigSchemaTest {
    private static final Path EXAMPLES = Path.of("..", "examples");
    private static final SchemaRegistry VALIDATORS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final JsonNode SCHEMA = ConfigSchema.of(FilterRegistry.withBuiltIns(GatewayFilters.all()));
    private static final Schema CONFIG = VALIDATORS.getSchema(SchemaLocation.of("urn:jpraxis:config"), SCHEMA);
    private static final String MINIMAL = """
            listeners:
              - name: public
                address: "127.0.0.1:8080"
                filter_chains: [main]
            filter_chains:
              - name: main
                filters:
                  - filter: static_response
                    status: 200
            clusters:
              - name: web
                endpoints: ["web.internal:8080", {address: "web-2.internal:8080", weight: 2}]
                health_check: {type: http, interval_ms: 1000}
            """;

    /** The gateway configs of {@code examples/} (the ext_proc server's configs below it: {@link #extProcExamples}). */
    static List<Path> examples() throws IOException {
        try (Stream<Path> files = Files.list(EXAMPLES)) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    @Test
    void theSchemaIsAValidDraft202012Schema() {
        Schema meta = VALIDATORS.getSchema(SchemaLocation.of(JsonSchemaWriter.DIALECT));
        assertThat(meta.validate(SCHEMA)).as("the generated schema against the 2020-12 meta-schema").isEmpty();
        assertThat(SCHEMA.get("$schema").asText()).isEqualTo(JsonSchemaWriter.DIALECT);
        assertThat(meta.validate(YamlAsJson.parse("type: 5\nminimum: x\n"))).as("the meta-schema check bites")
                .isNotEmpty();
    }

    @Test
    void thereAreExamplesToCheck() throws IOException {
        assertThat(examples()).as("examples/*.yaml").hasSizeGreaterThan(5);
    }

    @ParameterizedTest
    @MethodSource("examples")
    void everyExampleValidates(Path example) throws IOException {
        assertThat(errors(Files.readString(example))).as(example + " against the config schema").isEmpty();
    }

    @Test
    void aMinimalConfigValidates() {
        assertThat(errors(MINIMAL)).isEmpty();
    }

    @Test
    void refusesAnUnknownKey() {
        assertThat(errors(MINIMAL.replace("    address:", "    adress: \"x\"\n    address:")))
                .as("listeners[0].adress is no listener key").isNotEmpty();
        assertThat(errors(MINIMAL + "shutdown_timeout: 3\n")).as("top-level typo").isNotEmpty();
        assertThat(errors(MINIMAL.replace("interval_ms", "intervl_ms"))).as("nested typo").isNotEmpty();
    }

    @Test
    void refusesAWrongType() {
        assertThat(errors(MINIMAL.replace("weight: 2", "weight: \"2\""))).as("weight is an integer").isNotEmpty();
        assertThat(errors(MINIMAL.replace("filter_chains: [main]", "filter_chains: main")))
                .as("a listener's filter_chains is a list").isNotEmpty();
        assertThat(errors(MINIMAL.replace("type: http", "type: smtp"))).as("health check type is an enum")
                .isNotEmpty();
    }

    @Test
    void refusesAnOutOfRangeValue() {
        assertThat(errors(MINIMAL.replace("weight: 2", "weight: 0"))).as("weight is at least 1").isNotEmpty();
        assertThat(errors(MINIMAL.replace("interval_ms: 1000", "interval_ms: 0"))).as("interval_ms from 1")
                .isNotEmpty();
        assertThat(errors(MINIMAL + "runtime: {threads: 1025}\n")).as("runtime.threads at most 1024").isNotEmpty();
    }

    @Test
    void refusesAFilterTypeNobodyRegistered() {
        assertThat(errors(MINIMAL.replace("filter: static_response", "filter: static_respons"))).isNotEmpty();
    }

    @Test
    void acceptsNullOnlyWhereItMeansSomething() {
        assertThat(errors(MINIMAL + "body_limits: {max_request_bytes: null}\n")).as("null: no limit").isEmpty();
        assertThat(errors(MINIMAL + "runtime: {upstream_keepalive_pool_size: null}\n")).as("null: no pool")
                .isEmpty();
    }

    /**
     * The ext_proc server's configs ({@code examples/extproc/}) are the gateway format without
     * listeners plus a {@code server} block of their own: everything but that block is held to the
     * same schema, with listeners optional.
     */
    static List<Path> extProcExamples() throws IOException {
        try (Stream<Path> files = Files.list(EXAMPLES.resolve("extproc"))) {
            return files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }

    @ParameterizedTest
    @MethodSource("extProcExamples")
    void everyExtProcExampleValidatesBesideItsServerBlock(Path example) throws IOException {
        ObjectNode config = (ObjectNode) YamlAsJson.parse(Files.readString(example));
        assertThat(config.remove("server")).as(example + " has its server block").isNotNull();
        ObjectNode schema = SCHEMA.deepCopy();
        schema.remove("required");
        Schema gatewayPart = VALIDATORS.getSchema(SchemaLocation.of("urn:jpraxis:extproc"), schema);
        assertThat(gatewayPart.validate(config).stream().map(Error::toString).toList())
                .as(example + " (without server) against the config schema").isEmpty();
        ((ObjectNode) config.get("filter_chains").get(0).get("filters").get(0)).put("not_an_option", 1);
        assertThat(gatewayPart.validate(config)).as("the check bites on a filter option typo").isNotEmpty();
    }

    private static List<String> errors(String yaml) {
        return CONFIG.validate(YamlAsJson.parse(yaml)).stream().map(Error::toString).toList();
    }
}
