/** The {@code compression} filter's configuration (praxis-edge.md 6.4, decision 25). */
package io.jpraxis.filters.transform.compression;
