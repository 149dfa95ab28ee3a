package io.jpraxis.server.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cycle search ModuleDirectionTest relies on finds a cycle when there is one, and only then. */
class PackageCyclesTest {
    @TempDir
    Path dir;

    @Test
    void findsTwoPackagesThatNameEachOther() throws IOException {
        List<JavaSource> sources = List.of(
                source("A.java", "package io.jpraxis.demo.a;\nimport io.jpraxis.demo.b.B;\nclass A { B b; }\n"),
                source("B.java", "package io.jpraxis.demo.b;\nclass B { io.jpraxis.demo.a.A a; }\n"),
                source("C.java", "package io.jpraxis.demo.c;\nimport io.jpraxis.demo.a.A;\nclass C { A a; }\n"));
        List<PackageCycles.Cycle> cycles = new PackageCycles(sources).cycles();
        assertThat(cycles).as("a <-> b, one through an import, one through a qualified name").hasSize(1);
        assertThat(cycles.getFirst().packages()).containsExactly("io.jpraxis.demo.a", "io.jpraxis.demo.b");
    }

    @Test
    void findsNoneWhenEdgesPointOneWay() throws IOException {
        List<JavaSource> sources = List.of(
                source("A.java", "package io.jpraxis.demo.a;\nimport io.jpraxis.demo.b.B;\nclass A { B b; }\n"),
                source("B.java", "package io.jpraxis.demo.b;\n// io.jpraxis.demo.a.A in a comment is no edge\nclass B {}\n"));
        assertThat(new PackageCycles(sources).cycles()).isEmpty();
    }

    private JavaSource source(String name, String code) throws IOException {
        Path file = Files.createDirectories(dir.resolve(name.replace(".java", ""))).resolve(name);
        return JavaSource.read(Files.writeString(file, code));
    }
}
