package io.jpraxis.server.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps dependency directions honest at the source level: the pipeline core and the config model
 * stay protocol-neutral, so the HTTP and ext_proc edges can share them.
 */
class ModuleDirectionTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void configAndCoreImportNoTransport() throws IOException {
        assertThat(offenders("jpraxis-config", List.of("io.netty", "io.grpc", "io.jpraxis.core", "io.jpraxis.http")))
                .isEmpty();
        assertThat(offenders("jpraxis-core", List.of("io.netty", "io.grpc", "io.jpraxis.http", "io.jpraxis.filters",
                "io.jpraxis.server"))).as("the pipeline core never imports Netty, gRPC or the edges").isEmpty();
    }

    @Test
    void filtersDoNotReachIntoTheEdges() throws IOException {
        assertThat(offenders("jpraxis-filters", List.of("io.netty", "io.grpc", "io.jpraxis.http", "io.jpraxis.server",
                "io.jpraxis.ai"))).isEmpty();
        assertThat(offenders("jpraxis-ai", List.of("io.netty", "io.grpc", "io.jpraxis.http", "io.jpraxis.server")))
                .as("AI routing filters run in the protocol-neutral pipeline, for the HTTP and ext_proc edges alike")
                .isEmpty();
    }

    @Test
    void extProcEdgeStaysBesideTheHttpEdge() throws IOException {
        assertThat(offenders("jpraxis-extproc", List.of("io.netty", "io.jpraxis.http", "io.jpraxis.server")))
                .as("the ext_proc adapter only converts messages: no HTTP edge, no CLI, gRPC's shaded Netty only")
                .isEmpty();
        assertThat(offenders("jpraxis-http", List.of("io.grpc", "io.jpraxis.extproc")))
                .as("the HTTP edge never sees gRPC").isEmpty();
        assertThat(offenders("jpraxis-ai", List.of("io.jpraxis.extproc"))).isEmpty();
    }

    private static List<String> offenders(String module, List<String> forbidden) throws IOException {
        Path src = ROOT.resolve(module).resolve("src/main/java");
        assertThat(src).as("module sources exist: " + src).isDirectory();
        try (Stream<Path> files = Files.walk(src)) {
            return files.filter(p -> p.toString().endsWith(".java")).flatMap(p -> {
                try {
                    return Files.readAllLines(p).stream()
                            .filter(line -> line.startsWith("import "))
                            .filter(line -> forbidden.stream().anyMatch(f -> line.contains(" " + f + ".")
                                    || line.contains("static " + f + ".")))
                            .map(line -> ROOT.relativize(p) + ": " + line);
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        }
    }
}
