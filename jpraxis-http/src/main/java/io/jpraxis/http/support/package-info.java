/** Small transport helpers: header conversion, cheap inactivity timers, Date formatting. */
package io.jpraxis.http.support;
