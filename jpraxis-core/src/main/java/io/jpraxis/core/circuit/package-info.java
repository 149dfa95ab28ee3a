/** Circuit breakers shared by the {@code circuit_breaker} filter and the sub-request client. */
package io.jpraxis.core.circuit;
