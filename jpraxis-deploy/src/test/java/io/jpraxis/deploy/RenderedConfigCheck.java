package io.jpraxis.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the runnable jar's own check on the config file the chart rendered, as the pod would read
 * it: the pod's /etc/jpraxis tree is laid out under a temporary directory (the config, the overlay
 * files, a placeholder file for each secret a key names) and the config's /etc/jpraxis/ paths point
 * there. serve mode: {@code jpraxis validate -c FILE}; extproc mode: {@code jpraxis extproc -c FILE -t}.
 */
final class RenderedConfigCheck {
    private static final Path JAR = Path.of(System.getProperty("jpraxis.jar",
            "../jpraxis-server/target/jpraxis-all.jar")).toAbsolutePath();
    private static final String POD_ROOT = "/etc/jpraxis/";

    private RenderedConfigCheck() {
    }

    /** The jar's output; fails the test unless the jar exited 0. */
    static String validate(RenderedChart chart, Path dir, Map<String, String> env)
            throws IOException, InterruptedException {
        assertThat(JAR).as("the runnable jar, built by jpraxis-server's package phase").isRegularFile();
        String root = dir.toAbsolutePath() + "/";
        String config = chart.configFile();
        for (String path : secretFilesNamed(config)) {
            Path local = Path.of(root + path.substring(POD_ROOT.length()));
            Files.createDirectories(local.getParent());
            Files.writeString(local, "placeholder-token\n");
        }
        if (chart.objects().stream().anyMatch(o -> o.path("metadata").path("name").asText().endsWith("-overlays"))) {
            Path overlays = Files.createDirectories(dir.resolve("overlays"));
            for (Map.Entry<String, String> file : chart.overlayFiles().entrySet()) {
                Files.writeString(overlays.resolve(file.getKey()), file.getValue());
            }
        }
        Path configFile = Files.createDirectories(dir.resolve("config")).resolve("jpraxis.yaml");
        Files.writeString(configFile, config.replace(POD_ROOT, root));
        String mode = chart.container().at("/args/0").asText();
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-jar", JAR.toString()));
        command.addAll("extproc".equals(mode) ? List.of("extproc", "-c", configFile.toString(), "-t")
                : List.of("validate", "-c", configFile.toString()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        builder.environment().putAll(env);
        Process p = builder.start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(90, TimeUnit.SECONDS)).as("the jar's check finished").isTrue();
        assertThat(p.exitValue()).as("%s on the rendered config:%n%s%n%s", mode, config, out).isZero();
        return out;
    }

    /** The values of every {@code file:} key under /etc/jpraxis/secrets/ in the config. */
    private static List<String> secretFilesNamed(String config) throws IOException {
        List<String> files = new ArrayList<>();
        collect(RenderedChart.YAML.readTree(config), files);
        return files;
    }

    private static void collect(JsonNode node, List<String> files) {
        if (node.isObject()) {
            node.fields().forEachRemaining(e -> {
                if (e.getKey().equals("file") && e.getValue().asText().startsWith(POD_ROOT + "secrets/")) {
                    files.add(e.getValue().asText());
                }
                collect(e.getValue(), files);
            });
        } else if (node.isArray()) {
            node.forEach(child -> collect(child, files));
        }
    }
}
