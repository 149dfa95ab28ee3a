package io.jpraxis.ai.overlay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The overlay contract vectors (see docs/behaviour/overlay.md#contract-fixtures), loaded as they
 * are with their {@code manifest.json}: the shared copy beside the repository when there is one,
 * else the copy kept in test resources for clean clones.
 */
class OverlayContractFixturesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path BUNDLED = Path.of("src/test/resources/overlay-contract/v1");

    /** {@code ../shared/fixtures/overlay-contract/v1} relative to the repository root, if present. */
    private static Path shared() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.exists(dir.resolve("mvnw"))) {
            dir = dir.getParent();
        }
        return dir == null ? null : dir.resolveSibling("shared").resolve("fixtures/overlay-contract/v1");
    }

    private static Path fixtures() {
        Path shared = shared();
        return shared != null && Files.isDirectory(shared) ? shared : BUNDLED;
    }

    @TestFactory
    Stream<DynamicTest> everyFixtureGetsTheVerdictTheManifestNames() throws IOException {
        Path dir = fixtures();
        JsonNode manifest = JSON.readTree(dir.resolve("manifest.json").toFile());
        assertThat(manifest.path("contract_version").asText()).isEqualTo("1.0.0");
        List<DynamicTest> tests = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : manifest.get("fixtures").properties()) {
            tests.add(DynamicTest.dynamicTest(entry.getKey(), () -> check(dir.resolve(entry.getKey()), entry.getValue())));
        }
        assertThat(tests).hasSize(15);
        return tests.stream();
    }

    private static void check(Path file, JsonNode expected) throws IOException {
        OverlayVerdict verdict = OverlayParser.parse(Files.readAllBytes(file), null, ClusterRule.ANY);
        String name = file.getFileName().toString();
        switch (expected.get("expected").asText()) {
            case "accept" -> {
                assertThat(verdict).as(name + ": " + verdict).isInstanceOf(OverlayVerdict.Accepted.class);
                OverlayVerdict.Accepted accepted = (OverlayVerdict.Accepted) verdict;
                assertThat(accepted.revision()).isEqualTo(expected.get("revision").asText());
                assertThat(accepted.snapshot().revision()).contains(expected.get("revision").asText());
                if (expected.has("content_digest")) {
                    assertThat(accepted.revision()).isEqualTo(expected.get("content_digest").asText());
                }
            }
            case "accept_legacy" -> {
                assertThat(verdict).as(name + ": " + verdict).isInstanceOf(OverlayVerdict.AcceptedLegacy.class);
                assertThat(((OverlayVerdict.AcceptedLegacy) verdict).snapshot().revision()).isEmpty();
            }
            case "reject" -> {
                assertThat(verdict).as(name).isInstanceOf(OverlayVerdict.Rejected.class);
                assertThat(((OverlayVerdict.Rejected) verdict).reason().code())
                        .as(name + ": " + verdict).isEqualTo(expected.get("reason").asText());
            }
            default -> throw new AssertionError(name + ": unknown expectation " + expected);
        }
    }

    @Test
    void theManifestCoversEveryFixtureFile() throws IOException {
        Path dir = fixtures();
        JsonNode manifest = JSON.readTree(dir.resolve("manifest.json").toFile());
        TreeSet<String> listed = new TreeSet<>();
        manifest.get("fixtures").fieldNames().forEachRemaining(listed::add);
        TreeSet<String> files = new TreeSet<>();
        try (Stream<Path> entries = Files.list(dir)) {
            entries.map(p -> p.getFileName().toString()).filter(n -> !n.equals("manifest.json")).forEach(files::add);
        }
        assertThat(files).isEqualTo(listed);
    }

    @Test
    void legacyIsRefusedOnceAScopeIsExpected() throws IOException {
        byte[] legacy = Files.readAllBytes(fixtures().resolve("legacy-payload.json"));
        OverlayVerdict verdict = OverlayParser.parse(legacy, new ExpectedOverlayScope(null, null, null, null), ClusterRule.ANY);
        assertThat(verdict).isInstanceOfSatisfying(OverlayVerdict.Rejected.class,
                r -> assertThat(r.reason()).isEqualTo(OverlayRejection.LEGACY_NOT_ALLOWED));
    }

    @Test
    void theBundledCopyIsByteIdenticalToTheSharedFixtures() throws IOException {
        Path shared = shared();
        Assumptions.assumeTrue(shared != null && Files.isDirectory(shared), "no shared fixtures beside this checkout");
        TreeSet<String> sharedNames = new TreeSet<>();
        try (Stream<Path> entries = Files.list(shared)) {
            entries.forEach(p -> sharedNames.add(p.getFileName().toString()));
        }
        TreeSet<String> bundledNames = new TreeSet<>();
        try (Stream<Path> entries = Files.list(BUNDLED)) {
            entries.forEach(p -> bundledNames.add(p.getFileName().toString()));
        }
        assertThat(bundledNames).isEqualTo(sharedNames);
        for (String name : sharedNames) {
            assertThat(Files.readAllBytes(BUNDLED.resolve(name))).as(name).isEqualTo(Files.readAllBytes(shared.resolve(name)));
        }
    }
}
