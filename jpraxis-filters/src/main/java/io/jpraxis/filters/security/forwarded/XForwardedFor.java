package io.jpraxis.filters.security.forwarded;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Reads the hops of {@code X-Forwarded-For}: comma-separated addresses, earliest first, over one or
 * more field lines taken in order (RFC 9110 5.3). Read from the right and only as far as
 * {@link #MAX_HOPS}, so a client cannot make the gateway split a megabyte of commas.
 */
final class XForwardedFor {
    /** More hops than any real chain of proxies; the walk never looks further left. */
    static final int MAX_HOPS = 32;

    private XForwardedFor() {
    }

    /**
     * The rightmost hops (at most {@link #MAX_HOPS}), left to right; null for an element that is not
     * an address. Empty list elements ({@code a, , b}) are skipped, as RFC 9110 5.6.1 asks.
     */
    static List<InetAddress> hops(List<String> lines) {
        List<InetAddress> rightToLeft = new ArrayList<>();
        for (int l = lines.size() - 1; l >= 0 && rightToLeft.size() < MAX_HOPS; l--) {
            String line = lines.get(l);
            int end = line.length();
            while (end >= 0 && rightToLeft.size() < MAX_HOPS) {
                int comma = line.lastIndexOf(',', end - 1);
                String element = line.substring(comma + 1, end);
                if (!element.isBlank()) {
                    rightToLeft.add(HopAddress.parse(element, false).orElse(null));
                }
                end = comma; // -1 after the first element ends the line
            }
        }
        Collections.reverse(rightToLeft);
        return rightToLeft;
    }
}
