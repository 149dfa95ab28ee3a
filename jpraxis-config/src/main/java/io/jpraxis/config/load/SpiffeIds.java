package io.jpraxis.config.load;

/**
 * The syntax of a leaf SPIFFE ID ({@code spiffe://trust-domain/path}), as {@code trusted_spiffe_ids}
 * lists them: a lower-case scheme and trust domain, a non-empty path of non-empty segments, no
 * query, fragment, port or user info.
 */
final class SpiffeIds {
    private static final String SCHEME = "spiffe://";
    private static final int MAX_LENGTH = 2048;

    private SpiffeIds() {
    }

    /** Null when {@code id} is a leaf SPIFFE ID, else what is wrong with it. */
    static String problem(String id) {
        if (!id.startsWith(SCHEME)) {
            return "not starting with spiffe:// (lower case)";
        }
        if (id.length() > MAX_LENGTH) {
            return "longer than " + MAX_LENGTH + " characters";
        }
        String rest = id.substring(SCHEME.length());
        int slash = rest.indexOf('/');
        String trustDomain = slash < 0 ? rest : rest.substring(0, slash);
        if (trustDomain.isEmpty()) {
            return "an empty trust domain";
        }
        for (int i = 0; i < trustDomain.length(); i++) {
            char c = trustDomain.charAt(i);
            if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == '_')) {
                return "the character '" + c + "' in the trust domain (lower-case letters, digits, '.', '-', '_')";
            }
        }
        if (slash < 0 || slash == rest.length() - 1) {
            return "no path (a leaf ID names a workload, as spiffe://example.org/ns/default/sa/web)";
        }
        for (String segment : rest.substring(slash + 1).split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return "an empty, '.' or '..' path segment";
            }
            for (int i = 0; i < segment.length(); i++) {
                char c = segment.charAt(i);
                if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
                        || c == '-' || c == '_')) {
                    return "the character '" + c + "' in the path (letters, digits, '.', '-', '_')";
                }
            }
        }
        return null;
    }
}
