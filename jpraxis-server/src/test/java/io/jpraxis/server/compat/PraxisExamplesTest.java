package io.jpraxis.server.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jpraxis.config.diag.Diagnostic;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.ConfigSource;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.testkit.TestPki;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compatibility set: Praxis's own example configs, kept beside the repository in
 * {@code ../shared/praxis-examples}, each rendered as that folder's README says (the insecure flags
 * a test bed needs, every certificate, key and CA path pointed at a generated test PKI, nothing
 * else changed; the originals are never touched) and checked as {@code jpraxis validate} checks
 * it. Files that need a later piece of work are listed with the refusal they get today, so the
 * list can only shrink when that work lands.
 */
class PraxisExamplesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** Beside the repository root; a git worktree one level deeper finds it one level up. */
    private static final Path EXAMPLES = Stream.of(ROOT.resolve("../shared/praxis-examples"),
                    ROOT.resolve("../../shared/praxis-examples"))
            .map(Path::normalize).filter(Files::isDirectory).findFirst()
            .orElse(ROOT.resolve("../shared/praxis-examples").normalize());
    private static final Pattern PATH_KEY = Pattern.compile("^(\\s*(?:- )?)(cert_path|key_path|ca_path):\\s*(\\S+)\\s*$");
    private static final List<String> FLAGS = List.of("allow_private_endpoints", "allow_private_health_checks",
            "allow_tls_no_verify", "allow_tls_without_sni");

    /**
     * Files newest Praxis refuses too (an older key; both ACL lists): they must keep failing with this
     * diagnostic (ip_acl with both lists: decision 20, the operator must choose allow or deny).
     */
    private static final Map<String, String> EXCLUDED = Map.of(
            "protocols/tcp-timeouts.yaml", "listeners[0].tcp_idle_timeout_ms: unknown key",
            "security/ip-acl.yaml", "choose allow or deny");

    private static final String TCP = "\"tcp\" is not implemented in jpraxis";

    /** Files that need a later issue: the issue and a fragment of today's refusal. */
    private static final Map<String, Pending> PENDING = new LinkedHashMap<>();

    static {
        pending(29, TCP, "observability/tcp-access-log.yaml", "protocols/mixed-protocol.yaml",
                "protocols/tcp-consistent-hash.yaml", "protocols/tcp-least-connections.yaml", "protocols/tcp-proxy.yaml",
                "protocols/tcp-round-robin.yaml", "protocols/tcp-tls-mtls.yaml", "protocols/tcp-tls-termination.yaml",
                "protocols/tls-sni-routing.yaml");
    }

    private static void pending(int issue, String refusal, String... files) {
        for (String file : files) {
            PENDING.put(file, new Pending(issue, refusal));
        }
    }

    record Pending(int issue, String refusal) {
    }

    @TempDir
    Path dir;

    @Test
    void everyExampleValidatesOnceRenderedOrIsListedWithTheRefusalItGetsToday() throws IOException {
        assumeTrue(Files.isDirectory(EXAMPLES), "the compatibility set is not checked out beside the repository ("
                + EXAMPLES + "); clones without ../shared skip this test");
        TestPki pki = TestPki.create(dir.resolve("pki"));
        TestPki.Authority ca = pki.rootCa("ca", TestPki.KeyType.EC);
        GatewayBuilder builder = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system());
        Map<String, List<String>> outcomes = new TreeMap<>();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(EXAMPLES)) {
            files = walk.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        for (Path file : files) {
            String name = EXAMPLES.relativize(file).toString().replace('\\', '/');
            Path rendered = dir.resolve(name.replace('/', '_'));
            Files.writeString(rendered, render(Files.readString(file), pki, ca, name));
            CompileResult result = builder.check(ConfigSource.resolve(rendered, Map.of(), dir));
            outcomes.put(name, result.diagnostics().errors().stream().map(Diagnostic::render).toList());
        }

        List<String> wrong = new ArrayList<>();
        outcomes.forEach((name, errors) -> {
            String expected = EXCLUDED.containsKey(name) ? EXCLUDED.get(name)
                    : PENDING.containsKey(name) ? PENDING.get(name).refusal() : null;
            if (expected == null && !errors.isEmpty()) {
                wrong.add(name + " must validate: " + errors);
            } else if (expected != null && errors.stream().noneMatch(e -> e.contains(expected))) {
                wrong.add(name + " no longer fails with \"" + expected + "\" (" + (errors.isEmpty() ? "it validates: "
                        + "take it off the list" : errors) + ")");
            }
        });
        assertThat(wrong).as("examples off their expected outcome").isEmpty();
        assertThat(outcomes.keySet()).as("every listed file exists").containsAll(PENDING.keySet())
                .containsAll(EXCLUDED.keySet());
    }

    /** The file with its TLS paths replaced and the insecure flags a test bed needs; nothing else changes. */
    static String render(String yaml, TestPki pki, TestPki.Authority ca, String name) {
        StringBuilder out = new StringBuilder();
        TestPki.Issued current = null;
        int issued = 0;
        boolean flagsWritten = false;
        for (String line : yaml.split("\n", -1)) {
            Matcher m = PATH_KEY.matcher(line);
            if (m.matches()) {
                String value = switch (m.group(2)) {
                    case "cert_path" -> {
                        current = ca.server(name.replaceAll("[^A-Za-z0-9]", "_") + "_" + issued++).dns("localhost")
                                .issue();
                        yield current.certPath().toString();
                    }
                    case "key_path" -> {
                        if (current == null) {
                            current = ca.server(name.replaceAll("[^A-Za-z0-9]", "_") + "_" + issued++).issue();
                        }
                        yield current.keyPath().toString();
                    }
                    default -> ca.certPath().toString();
                };
                out.append(m.group(1)).append(m.group(2)).append(": \"").append(value).append("\"\n");
                continue;
            }
            out.append(line).append('\n');
            if (line.startsWith("insecure_options:")) {
                FLAGS.stream().filter(flag -> !yaml.contains(flag + ":"))
                        .forEach(flag -> out.append("  ").append(flag).append(": true\n"));
                flagsWritten = true;
            }
        }
        if (!flagsWritten) {
            out.append("\ninsecure_options:\n");
            FLAGS.forEach(flag -> out.append("  ").append(flag).append(": true\n"));
        }
        return out.toString();
    }
}
