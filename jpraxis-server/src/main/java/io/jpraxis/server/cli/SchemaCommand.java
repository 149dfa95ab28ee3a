package io.jpraxis.server.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.server.boot.ConfigSchema;
import io.jpraxis.server.boot.GatewayFilters;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code jpraxis schema}: print the JSON Schema of the config, for editors to validate and complete YAML. */
@Command(name = "schema", mixinStandardHelpOptions = true,
        description = "Print the JSON Schema (draft 2020-12) of the config file.")
final class SchemaCommand implements Callable<Integer> {

    @Override
    public Integer call() throws JsonProcessingException {
        FilterRegistry registry = FilterRegistry.withBuiltIns(GatewayFilters.all());
        System.out.println(new ObjectMapper().writerWithDefaultPrettyPrinter()
                .writeValueAsString(ConfigSchema.of(registry)));
        return 0;
    }
}
