package io.jpraxis.config.load;

/**
 * The rule for a listener certificate's {@code server_names} entry (see
 * docs/behaviour/listener-tls.md#certificate-selection): a DNS name a client can send as SNI, or
 * {@code *.} and such a name of at least two labels.
 */
final class SniNames {
    private static final int MAX_LENGTH = 253;
    private static final int MAX_LABEL = 63;

    private SniNames() {
    }

    /** Null when {@code name} is a valid server name, else what is wrong with it. */
    static String problem(String name) {
        if (name.isEmpty()) {
            return "an empty name";
        }
        if (name.length() > MAX_LENGTH) {
            return "longer than " + MAX_LENGTH + " characters";
        }
        if (name.equals("*")) {
            return "a bare '*' (a wildcard needs a suffix, as *.example.com)";
        }
        boolean wildcard = name.startsWith("*.");
        String rest = wildcard ? name.substring(2) : name;
        if (rest.contains("*")) {
            return "'*' only as the whole leftmost label (as *.example.com)";
        }
        if (IpLiterals.ipv4(rest) != null || IpLiterals.looksLikeIpv4(rest) || rest.indexOf(':') >= 0) {
            return "an IP address (clients do not send IP addresses as SNI; use a host name)";
        }
        String[] labels = rest.split("\\.", -1);
        for (String label : labels) {
            String labelProblem = labelProblem(label);
            if (labelProblem != null) {
                return labelProblem;
            }
        }
        if (wildcard && labels.length < 2) {
            return "a wildcard over a top-level domain (a wildcard needs three labels or more, as *.example.com)";
        }
        return null;
    }

    private static String labelProblem(String label) {
        if (label.isEmpty() || label.length() > MAX_LABEL) {
            return "a label of " + label.length() + " characters (each dot-separated label has 1 to " + MAX_LABEL
                    + ", no trailing dot)";
        }
        if (label.startsWith("-") || label.endsWith("-")) {
            return "a label starting or ending with '-'";
        }
        for (int i = 0; i < label.length(); i++) {
            char c = label.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
            if (!ok) {
                return "the character '" + c + "' (labels hold letters, digits and '-' only)";
            }
        }
        return null;
    }
}
