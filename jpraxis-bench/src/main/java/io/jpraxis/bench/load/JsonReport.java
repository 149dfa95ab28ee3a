package io.jpraxis.bench.load;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.nio.file.Path;

/** Writes a result record ({@link SuiteResult}, the soak's) as pretty-printed JSON. */
public final class JsonReport {
    /** NaN marks a figure a run did not produce; JSON has no NaN, so it is written as the string "NaN". */
    private static final ObjectMapper JSON = JsonMapper.builder().enable(JsonWriteFeature.WRITE_NAN_AS_STRINGS).build();

    private JsonReport() {
    }

    /** Writes {@code result} to {@code file}. */
    public static void write(Object result, Path file) throws IOException {
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), result);
    }
}
