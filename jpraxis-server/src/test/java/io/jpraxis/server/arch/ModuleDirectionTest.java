package io.jpraxis.server.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps dependency directions honest at the source level: the pipeline core and the config model
 * stay protocol-neutral, so the HTTP and ext_proc edges can share them. A forbidden edge counts
 * wherever a name is written, in an import or fully qualified in code; and no module's packages
 * may depend on each other in a circle.
 */
class ModuleDirectionTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void configAndCoreImportNoTransport() {
        assertThat(offenders("jpraxis-config", List.of("io.netty", "io.grpc", "io.jpraxis.core", "io.jpraxis.http",
                "io.jpraxis.filters", "io.jpraxis.ai", "io.jpraxis.extproc", "io.jpraxis.server"))).isEmpty();
        assertThat(offenders("jpraxis-core", List.of("io.netty", "io.grpc", "io.jpraxis.http", "io.jpraxis.filters",
                "io.jpraxis.ai", "io.jpraxis.extproc", "io.jpraxis.server")))
                .as("the pipeline core never imports Netty, gRPC or the edges").isEmpty();
    }

    @Test
    void filtersDoNotReachIntoTheEdges() {
        assertThat(offenders("jpraxis-filters", List.of("io.netty", "io.grpc", "io.jpraxis.http", "io.jpraxis.server",
                "io.jpraxis.ai", "io.jpraxis.extproc"))).isEmpty();
        assertThat(offenders("jpraxis-ai", List.of("io.netty", "io.grpc", "io.jpraxis.http", "io.jpraxis.server")))
                .as("AI routing filters run in the protocol-neutral pipeline, for the HTTP and ext_proc edges alike")
                .isEmpty();
    }

    @Test
    void extProcEdgeStaysBesideTheHttpEdge() {
        assertThat(offenders("jpraxis-extproc", List.of("io.netty", "io.jpraxis.http", "io.jpraxis.server",
                "io.jpraxis.ai")))
                .as("the ext_proc adapter only converts messages: no HTTP edge, no CLI, no AI filters (the wiring "
                        + "registers them), gRPC's shaded Netty only")
                .isEmpty();
        assertThat(offenders("jpraxis-http", List.of("io.grpc", "io.jpraxis.extproc")))
                .as("the HTTP edge never sees gRPC").isEmpty();
        assertThat(offenders("jpraxis-ai", List.of("io.jpraxis.extproc"))).isEmpty();
    }

    @Test
    void pipelineCompilerAndExecutorStayApart() {
        assertThat(offenders("jpraxis-core", "io.jpraxis.core.pipeline.execute",
                List.of("io.jpraxis.core.pipeline.compile")))
                .as("the executor walks a compiled pipeline and never needs a compiler").isEmpty();
        assertThat(offenders("jpraxis-core", "io.jpraxis.core.pipeline.compile",
                List.of("io.jpraxis.core.pipeline.execute")))
                .as("the compilers build the model and never run it").isEmpty();
        assertThat(offenders("jpraxis-core", "io.jpraxis.core.pipeline.check",
                List.of("io.jpraxis.core.pipeline.compile", "io.jpraxis.core.pipeline.execute")))
                .as("the control-flow checks read the compiled model only").isEmpty();
    }

    @Test
    void noModuleHasAPackageCycle() {
        List<String> cycles = new ArrayList<>();
        for (String module : modules()) {
            for (PackageCycles.Cycle cycle : new PackageCycles(JavaSource.mainSources(ROOT, module)).cycles()) {
                cycles.add(module + ": " + cycle.describe(ROOT));
            }
        }
        assertThat(cycles).as("package cycles inside a module").isEmpty();
    }

    @Test
    void theScanSeesQualifiedNamesInCodeButNotInProse() {
        String code = """
                package a;
                import io.jpraxis.ai.X;
                // io.jpraxis.ai.InComment
                class B { Object o = new io.jpraxis.ai.Y(); String s = "io.jpraxis.ai.InString"; char c = '"';
                    io.grpc.netty.shaded.io.netty.Z shaded; }
                """;
        assertThat(JavaSource.blankNonCode(code)).contains("io.jpraxis.ai.X", "io.jpraxis.ai.Y")
                .doesNotContain("InComment", "InString").contains("io.grpc.netty.shaded.io.netty.Z");
        assertThat(code.lines().count()).isEqualTo(JavaSource.blankNonCode(code).lines().count());
    }

    /** Every reactor module with main code. */
    private static List<String> modules() {
        try (Stream<Path> dirs = Files.list(ROOT)) {
            return dirs.filter(d -> Files.isDirectory(d.resolve("src/main/java")))
                    .map(d -> d.getFileName().toString()).filter(n -> n.startsWith("jpraxis")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every name in {@code module}'s main code, imported or written out, that lies in a forbidden prefix. */
    private static List<String> offenders(String module, List<String> forbidden) {
        return offenders(module, "", forbidden);
    }

    /** The same, for the main code of {@code module} in package {@code pkg} and the packages below it. */
    private static List<String> offenders(String module, String pkg, List<String> forbidden) {
        List<String> found = new ArrayList<>();
        int checked = 0;
        for (JavaSource source : JavaSource.mainSources(ROOT, module)) {
            if (!pkg.isEmpty() && !source.pkg().equals(pkg) && !source.pkg().startsWith(pkg + ".")) {
                continue;
            }
            checked++;
            for (JavaSource.QualifiedName q : source.names()) {
                if (forbidden.stream().anyMatch(q::within)) {
                    found.add(ROOT.relativize(source.path()) + ":" + q.line() + ": " + q.name()
                            + (q.imported() ? " (import)" : " (qualified name in code)"));
                }
            }
        }
        // A renamed package would otherwise leave its rule checking nothing.
        assertThat(checked).as("sources of %s in %s to check", pkg.isEmpty() ? "any package" : pkg, module)
                .isPositive();
        return found;
    }
}
