package io.jpraxis.bench.ws;

import java.net.URI;

/**
 * The WebSocket load client the edge benchmarks run as their load tool (as they run wrk and
 * h2load); it prints one result line in wrk's format (see {@link WsResult}).
 *
 * <pre>
 * WsLoad echo   ws://127.0.0.1:PORT/ws CONNECTIONS SECONDS WARMUP_SECONDS MESSAGE_BYTES
 * WsLoad stream ws://127.0.0.1:PORT/ws TOTAL_BYTES FRAME_BYTES
 * </pre>
 */
public final class WsLoad {
    /** A stream not back whole after this is reported as timed out (the suite kills the tool later). */
    static final long STREAM_LIMIT_SECONDS = 240;

    private WsLoad() {
    }

    public static void main(String[] args) throws InterruptedException {
        WsResult result;
        try {
            result = switch (args.length > 0 ? args[0] : "") {
                case "echo" -> {
                    require(args, 6);
                    yield EchoLoad.run(URI.create(args[1]), Integer.parseInt(args[2]), Integer.parseInt(args[3]),
                            Integer.parseInt(args[4]), Integer.parseInt(args[5]));
                }
                case "stream" -> {
                    require(args, 4);
                    yield StreamLoad.run(URI.create(args[1]), Long.parseLong(args[2]), Integer.parseInt(args[3]),
                            STREAM_LIMIT_SECONDS);
                }
                default -> throw new IllegalArgumentException("expected echo or stream first");
            };
        } catch (IllegalArgumentException e) {
            System.err.println("WsLoad: " + e.getMessage());
            System.err.println("usage: WsLoad echo URL CONNECTIONS SECONDS WARMUP_SECONDS MESSAGE_BYTES\n"
                    + "       WsLoad stream URL TOTAL_BYTES FRAME_BYTES");
            System.exit(2);
            return;
        }
        System.out.println(result.line());
    }

    private static void require(String[] args, int count) {
        if (args.length != count) {
            throw new IllegalArgumentException(args[0] + " takes " + (count - 1) + " arguments, got "
                    + (args.length - 1));
        }
    }
}
