package io.jpraxis.core.balance;

/** Integer helpers for weight vectors. */
final class Weights {
    private Weights() {
    }

    /**
     * Divides every weight by their greatest common divisor, so {@code 2:2} schedules like
     * {@code 1:1} and {@code 300:100} like {@code 3:1}: the cycle (and any table) is as short as possible.
     */
    static int[] reduceByGcd(int[] weights) {
        int gcd = 0;
        for (int w : weights) {
            if (w < 1) {
                throw new IllegalArgumentException("endpoint weight " + w + " (expected: at least 1)");
            }
            gcd = gcd(gcd, w);
        }
        int[] reduced = new int[weights.length];
        for (int i = 0; i < weights.length; i++) {
            reduced[i] = weights[i] / gcd;
        }
        return reduced;
    }

    static long sum(int[] weights) {
        long total = 0;
        for (int w : weights) {
            total += w;
        }
        return total;
    }

    static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    private static int gcd(int a, int b) {
        return (int) gcd((long) a, (long) b);
    }
}
