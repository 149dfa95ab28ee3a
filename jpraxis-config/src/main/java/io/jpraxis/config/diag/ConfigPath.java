package io.jpraxis.config.diag;

/**
 * A YAML path such as {@code filter_chains[0].filters[2].cluster_source}, built one step at a time.
 */
public final class ConfigPath {
    private static final ConfigPath ROOT = new ConfigPath(null, "");

    private final ConfigPath parent;
    private final String rendered;

    private ConfigPath(ConfigPath parent, String rendered) {
        this.parent = parent;
        this.rendered = rendered;
    }

    public static ConfigPath root() {
        return ROOT;
    }

    public ConfigPath key(String key) {
        return new ConfigPath(this, rendered.isEmpty() ? key : rendered + "." + key);
    }

    public ConfigPath index(int index) {
        return new ConfigPath(this, rendered + "[" + index + "]");
    }

    public ConfigPath parent() {
        return parent == null ? this : parent;
    }

    public boolean isRoot() {
        return rendered.isEmpty();
    }

    @Override
    public String toString() {
        return rendered.isEmpty() ? "<root>" : rendered;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ConfigPath other && other.rendered.equals(rendered);
    }

    @Override
    public int hashCode() {
        return rendered.hashCode();
    }
}
