/** Measuring sticks: what the platform jpraxis is built on costs before any gateway work. */
package io.jpraxis.bench.floor;
