/**
 * The shared-state SPI (see docs/behaviour/shared-state.md): one Valkey/Redis client per process,
 * reached by the filters that keep their state there ({@code rate_limit} today), every call
 * asynchronous and bounded in time. The implementation lives outside the core (jpraxis-store).
 */
package io.jpraxis.core.store;
