package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code jpraxis validate -c examples/ai-gateway.yaml} as a new user types it, from the
 * repository root with the runnable jar: the key files under examples/secrets/ resolve, the file
 * is valid without a warning, and it keeps the promises of its own header (every address written
 * 127.0.0.1:PORT; one key file per provider, no key shared).
 */
@Timeout(120)
class AiGatewayValidateTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void validatesFromTheRepositoryRootWithoutAWarning() throws Exception {
        Path jar = Path.of(System.getProperty("jpraxis.jar", "../jpraxis-server/target/jpraxis-all.jar"))
                .toAbsolutePath();
        assertThat(jar).as("the runnable jar, built by jpraxis-server's package phase").isRegularFile();
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(java, "-jar", jar.toString(), "validate", "-c",
                "examples/" + AiGatewayExampleTest.EXAMPLE).directory(ROOT.toFile()).redirectErrorStream(true).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        assertThat(out).contains("configuration is valid").doesNotContainIgnoringCase("warning");
    }

    @Test
    void everyAddressIsLoopbackWithAPortAndEachProviderHasItsOwnKeyFile() throws Exception {
        String yaml = Files.readString(Examples.DIRECTORY.resolve(AiGatewayExampleTest.EXAMPLE));
        String config = yaml.lines().filter(l -> !l.stripLeading().startsWith("#")).reduce("", (a, b) -> a + b + "\n");
        Matcher address = Pattern.compile("\"[^\"\\s/]+:\\d{1,5}\"").matcher(config);
        List<String> addresses = address.results().map(m -> m.group()).toList();
        assertThat(addresses).as("listener, admin and the three providers")
                .containsExactly("\"127.0.0.1:8080\"", "\"127.0.0.1:9901\"", "\"127.0.0.1:18001\"",
                        "\"127.0.0.1:18002\"", "\"127.0.0.1:18003\"");
        assertThat(Pattern.compile("file: \"(examples/secrets/[^\"]+)\"").matcher(config).results()
                .map(m -> m.group(1)).toList())
                .as("one key file per provider, each used once")
                .containsExactly("examples/secrets/provider-a.key", "examples/secrets/provider-b.key",
                        "examples/secrets/provider-c.key");
        assertThat(config).as("no key inline").doesNotContain("value:");
    }

    @Test
    void theKeyFilesHoldOneDistinctKeyPerProvider() throws Exception {
        List<String> keys = new java.util.ArrayList<>();
        for (String file : List.of("provider-a.key", "provider-b.key", "provider-c.key")) {
            String key = Files.readString(Examples.DIRECTORY.resolve("secrets").resolve(file));
            assertThat(key).as("%s is the key and nothing else", file).isNotBlank().isEqualTo(key.strip());
            keys.add(key);
        }
        assertThat(keys).as("no two providers share a key").doesNotHaveDuplicates()
                .doesNotContain(AiGatewayExampleTest.CLIENT_KEY);
    }
}
