package io.jpraxis.config.model;

/**
 * A config value whose typed form does not map one-to-one onto its YAML keys (a sealed "exactly
 * one of" becomes one of several keys, say). {@code dump} writes {@link #toYaml()} in its place.
 */
public interface YamlShaped {
    /** The value as plain maps (insertion-ordered), lists and scalars, in Praxis's YAML shape. */
    Object toYaml();
}
