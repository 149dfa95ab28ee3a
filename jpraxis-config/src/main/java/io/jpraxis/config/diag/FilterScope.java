package io.jpraxis.config.diag;

/**
 * Where in the flattened pipeline a diagnostic arises (see
 * docs/behaviour/config-loading.md#diagnostics): the filter type, the entry name when set, the
 * chain and, inside a branch, the branch. Null parts are left out.
 */
public record FilterScope(String filterType, String entryName, String chain, String branch) {

    public static FilterScope chain(String chain) {
        return new FilterScope(null, null, chain, null);
    }

    public FilterScope withFilter(String type, String name) {
        return new FilterScope(type, name, chain, branch);
    }

    public FilterScope withBranch(String branchName) {
        return new FilterScope(filterType, entryName, chain, branchName);
    }

    public FilterScope withChain(String chainName) {
        return new FilterScope(filterType, entryName, chainName, branch);
    }

    /** Renders as {@code filter load_balancer 'lb', chain main, branch b1}. */
    public String render() {
        StringBuilder sb = new StringBuilder();
        if (filterType != null || entryName != null) {
            sb.append("filter");
            if (filterType != null) {
                sb.append(' ').append(filterType);
            }
            if (entryName != null) {
                sb.append(" '").append(entryName).append('\'');
            }
        }
        if (chain != null) {
            sb.append(sb.isEmpty() ? "" : ", ").append("chain ").append(chain);
        }
        if (branch != null) {
            sb.append(sb.isEmpty() ? "" : ", ").append("branch ").append(branch);
        }
        return sb.toString();
    }
}
