package io.jpraxis.bench.soak;

import io.jpraxis.bench.load.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The h2load command line of each part of the mix for one segment of the soak. */
public final class SoakMix {
    /** The POST body's size, as the load suite's post-64k workload sends. */
    static final int POST_BYTES = 64 * 1024;

    private final Path body;

    /** Commands whose POST body file goes in {@code dir}. */
    public SoakMix(Path dir) throws IOException {
        byte[] bytes = new byte[POST_BYTES];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) ('a' + i % 26);
        }
        this.body = Files.write(dir.resolve("post-64k.body"), bytes);
    }

    /** One part's command for a segment. */
    public record PartCommand(MixPart part, List<String> argv) {

        public PartCommand {
            argv = List.copyOf(argv);
        }
    }

    /** The commands that load {@code target} at {@code totalRate} requests per second for {@code seconds}. */
    public List<PartCommand> commands(Target target, double totalRate, int seconds) {
        List<PartCommand> commands = new ArrayList<>();
        for (MixPart part : MixPart.values()) {
            List<String> argv = argv(part, target, totalRate, seconds);
            if (!argv.isEmpty()) {
                commands.add(new PartCommand(part, argv));
            }
        }
        return commands;
    }

    private List<String> argv(MixPart part, Target target, double totalRate, int seconds) {
        return switch (part) {
            case GET_H1 -> keepAlive(part, totalRate, seconds, List.of("--h1"), target.url("/small"));
            case GET_H2C -> keepAlive(part, totalRate, seconds, List.of("-m", "8"), target.h2cUrl("/small"));
            case POST_64K -> keepAlive(part, totalRate, seconds, List.of("--h1", "-d", body.toString(),
                    "-H", "content-type: application/octet-stream"), target.url("/echo"));
            case NEW_CONNECTIONS -> {
                // As in the load suite: -r 1 per period opens connections evenly, -c = -n gives each
                // connection one request, and the count sets the length (-r and -D do not combine).
                long period = MixPart.newConnectionPeriodMillis(totalRate);
                long count = seconds * 1000L / period;
                yield count == 0 ? List.of() : List.of("h2load", "--h1", "-t", "1", "-r", "1",
                        "--rate-period", period + "ms", "-c", Long.toString(count), "-n", Long.toString(count),
                        target.url("/small"));
            }
        };
    }

    private static List<String> keepAlive(MixPart part, double totalRate, int seconds, List<String> extra, String url) {
        List<String> argv = new ArrayList<>(List.of("h2load", "-t", "1", "-c", Integer.toString(part.connections()),
                "--rps", String.format(Locale.ROOT, "%.3f", part.rate(totalRate) / part.connections()),
                "-D", Integer.toString(seconds)));
        argv.addAll(extra);
        argv.add(url);
        return argv;
    }
}
