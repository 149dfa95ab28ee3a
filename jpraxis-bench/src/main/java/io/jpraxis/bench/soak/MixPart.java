package io.jpraxis.bench.soak;

/**
 * The parts of the soak's mixed workload, each a share of the total rate, each driven by its own
 * h2load at a fixed rate per connection ({@code --rps}), so the load does not slow down with the
 * server the way a closed loop would.
 */
public enum MixPart {
    GET_H1("get-h1", "GET /small (1 KiB) over HTTP/1.1 keep-alive", 0.50, 16),
    GET_H2C("get-h2c", "GET /small over h2c (prior knowledge), up to 8 streams per connection", 0.35, 4),
    POST_64K("post-64k", "POST 64 KiB to /echo (echoed back) over HTTP/1.1 keep-alive", 0.05, 4),
    /** Its share is of connections per second, each carrying one GET; capped at {@link #MAX_NEW_CONNECTIONS}. */
    NEW_CONNECTIONS("new-conns", "a new HTTP/1.1 connection for each GET /small", 0.10, 0);

    /**
     * New connections per second at most: each leaves a socket in TIME_WAIT for a minute on the
     * client side, and the ephemeral port range must outlast the hour.
     */
    public static final int MAX_NEW_CONNECTIONS = 50;

    private final String cliName;
    private final String description;
    private final double share;
    private final int connections;

    MixPart(String cliName, String description, double share, int connections) {
        this.cliName = cliName;
        this.description = description;
        this.share = share;
        this.connections = connections;
    }

    public String cliName() {
        return cliName;
    }

    public String description() {
        return description;
    }

    /** Its share of the total rate. */
    public double share() {
        return share;
    }

    /** The connections it keeps open (0: one per request). */
    public int connections() {
        return connections;
    }

    /** Its rate, in requests per second, at a total of {@code totalRate}. */
    public double rate(double totalRate) {
        if (this == NEW_CONNECTIONS) {
            return 1000.0 / newConnectionPeriodMillis(totalRate);
        }
        return share * totalRate;
    }

    /** Milliseconds between two new connections: whole milliseconds, as h2load's {@code --rate-period} takes them. */
    public static long newConnectionPeriodMillis(double totalRate) {
        double perSecond = Math.min(NEW_CONNECTIONS.share * totalRate, MAX_NEW_CONNECTIONS);
        return Math.max(Math.round(1000 / Math.max(perSecond, 0.1)), 1000 / MAX_NEW_CONNECTIONS);
    }
}
