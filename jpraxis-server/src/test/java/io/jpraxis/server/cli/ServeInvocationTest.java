package io.jpraxis.server.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

/** The picocli-free start of a plain serving invocation agrees with picocli, and defers everything else. */
class ServeInvocationTest {

    static List<List<String>> servingLines() {
        return List.of(
                List.of(),
                List.of("serve"),
                List.of("-c", "gw.yaml"),
                List.of("--config", "gw.yaml"),
                List.of("--config=gw.yaml"),
                List.of("serve", "-c", "gw.yaml"),
                List.of("-c", "gw.yaml", "serve"),
                List.of("--features", "upstream-binding", "serve", "--config", "dir/gw.yaml"),
                List.of("serve", "--features=upstream-binding,iterative-request-router", "--log-level", "debug"),
                List.of("--log-level=warn", "-c", "/etc/jpraxis/gw.yaml"),
                List.of("-c", "gw=1.yaml"));
    }

    /** What picocli makes of the same line: the root's global options, and which command runs. */
    private static GlobalOptions picocli(List<String> args) {
        Main main = new Main();
        CommandLine.ParseResult parsed = new CommandLine(main).parseArgs(args.toArray(String[]::new));
        String command = parsed.hasSubcommand() ? parsed.subcommand().commandSpec().name() : "serve (root)";
        assertThat(command).startsWith("serve");
        assertThat(main.validate || main.dump).isFalse();
        return main.global;
    }

    @ParameterizedTest
    @MethodSource("servingLines")
    void plainServingLinesParseAsPicocliParsesThem(List<String> args) {
        GlobalOptions fast = ServeInvocation.parse(args.toArray(String[]::new));
        GlobalOptions slow = picocli(args);

        assertThat(fast).as("taken without picocli: %s", args).isNotNull();
        assertThat(fast.config()).isEqualTo(slow.config());
        assertThat(fast.features).isEqualTo(slow.features);
        assertThat(fast.logLevel()).isEqualTo(slow.logLevel());
    }

    static List<List<String>> otherLines() {
        return List.of(
                List.of("-h"),
                List.of("--help"),
                List.of("serve", "-h"),
                List.of("-V"),
                List.of("--version"),
                List.of("validate", "-c", "gw.yaml"),
                List.of("-t", "-c", "gw.yaml"),
                List.of("-T"),
                List.of("extproc", "-c", "gw.yaml"),
                List.of("features"),
                List.of("help"),
                List.of("-c"),
                List.of("serve", "--config"),
                List.of("-c", "a.yaml", "-c", "b.yaml"),
                List.of("--log-level", "info", "--log-level=debug"),
                List.of("--features", "a", "--features", "b"),
                List.of("serve", "serve"),
                List.of("-cgw.yaml"),
                List.of("-c=gw.yaml"),
                List.of("--config="),
                List.of("-c", "--features"),
                List.of("-c", "-t"),
                List.of("-c", "validate"),
                List.of("-c", "serve"),
                List.of("--bogus"),
                List.of("gw.yaml"),
                List.of("--", "-c", "gw.yaml"),
                List.of("-c", "bad\0path"));
    }

    @ParameterizedTest
    @MethodSource("otherLines")
    void everyOtherLineIsLeftToPicocli(List<String> args) {
        assertThat(ServeInvocation.parse(args.toArray(String[]::new))).as("%s", args).isNull();
    }

    @Test
    void theCommandNamesItStepsAroundAreTheRootsSubcommands() {
        assertThat(ServeInvocation.SUBCOMMANDS)
                .containsExactlyInAnyOrderElementsOf(new CommandLine(new Main()).getSubcommands().keySet());
    }

    @Test
    void aLineLeftToPicocliThatPicocliRefusesReallyIsRefused() {
        // The deferred lines that are errors stay errors: picocli gives them their message.
        for (List<String> args : List.of(List.of("-c", "a.yaml", "-c", "b.yaml"), List.of("serve", "serve"),
                List.of("-c", "serve"), List.of("--bogus"))) {
            assertThatThrownBy(() -> new CommandLine(new Main()).parseArgs(args.toArray(String[]::new)))
                    .as("%s", args).isInstanceOf(CommandLine.ParameterException.class);
        }
    }

    @Test
    void aServingLineWithABadConfigEndsAsThroughPicocli(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "listeners: [\n");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        int fast;
        int slow;
        String fastErr;
        try {
            fast = Main.run("-c", bad.toString());
            fastErr = err.toString(StandardCharsets.UTF_8);
            err.reset();
            slow = new CommandLine(new Main()).execute("-c", bad.toString());
        } finally {
            System.setErr(saved);
        }

        assertThat(fast).isNotZero().isEqualTo(slow);
        assertThat(fastErr).contains("bad.yaml").isEqualTo(err.toString(StandardCharsets.UTF_8));
    }
}
