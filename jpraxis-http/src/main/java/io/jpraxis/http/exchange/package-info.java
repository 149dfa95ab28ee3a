/**
 * One request/response exchange: ingress checks, the pipeline's phases, local responses, and the
 * streaming relay to an origin with backpressure both ways.
 */
package io.jpraxis.http.exchange;
