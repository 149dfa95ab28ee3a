/** Response content coding at the edge (the {@code compression} filter): negotiation and eligibility. */
package io.jpraxis.http.encoding;
