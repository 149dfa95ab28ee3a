/**
 * What an endpoint-picker edge and the filter that picks tell each other through a request's
 * {@link io.jpraxis.core.context.Extensions}: the subset of clusters the edge allows, and the
 * sign that no candidate could take the request. They live in the core so that the ext_proc edge
 * and the AI routing filters share them without depending on each other.
 */
package io.jpraxis.core.picker;
