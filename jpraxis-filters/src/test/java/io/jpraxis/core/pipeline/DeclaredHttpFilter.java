package io.jpraxis.core.pipeline;

import io.jpraxis.core.filter.HttpFilter;

/** A test filter that carries its own declaration, for anonymous classes (see {@link Declares}). */
public interface DeclaredHttpFilter extends HttpFilter, Declares {
}
