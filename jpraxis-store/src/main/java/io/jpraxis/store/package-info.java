/** The Lettuce client behind {@link io.jpraxis.core.store.SharedStores} (see docs/behaviour/shared-state.md). */
package io.jpraxis.store;
