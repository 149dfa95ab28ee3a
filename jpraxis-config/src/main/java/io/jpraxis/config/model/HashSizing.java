package io.jpraxis.config.model;

/**
 * Table and ring sizes of the {@code maglev} and {@code ring_hash} strategies (see
 * docs/reference/config/clusters.md#hash-strategies); each strategy reads only its own.
 *
 * @param maglevTableSize entries in the Maglev lookup table, a prime
 * @param ringVirtualNodes virtual nodes of the heaviest endpoint on the hash ring
 */
public record HashSizing(int maglevTableSize, int ringVirtualNodes) {
    /** Default Maglev table size: a prime well above the endpoint limit. */
    public static final int DEFAULT_TABLE_SIZE = 65_537;
    /** Largest accepted table size: bounds the memory one cluster's table takes (20 MB). */
    public static final int MAX_TABLE_SIZE = 5_000_011;
    public static final int DEFAULT_VIRTUAL_NODES = 256;
    /** Largest accepted node count: with the endpoint limit, bounds a ring at 80 MB. */
    public static final int MAX_VIRTUAL_NODES = 1_024;

    public static final HashSizing DEFAULT = new HashSizing(DEFAULT_TABLE_SIZE, DEFAULT_VIRTUAL_NODES);

    public HashSizing {
        if (maglevTableSize < 2 || ringVirtualNodes < 1) {
            throw new IllegalArgumentException("hash sizing: table " + maglevTableSize + ", virtual nodes "
                    + ringVirtualNodes + " (expected: table >= 2, virtual nodes >= 1)");
        }
    }

    /** Whether {@code n} is prime (trial division; n is at most a few million). */
    public static boolean isPrime(long n) {
        if (n < 2) {
            return false;
        }
        for (long d = 2; d * d <= n; d++) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }
}
