package io.jpraxis.config.keys;

/**
 * Implemented by what reads a filter type's own keys (its factory) to describe them; the schema
 * and the reference page test take the keys from here, and the reader reads through the same
 * descriptor.
 */
public interface DescribedOptions {

    /** The keys a filter entry of this type takes beside the keys every entry takes. */
    ObjectDescriptor options();
}
