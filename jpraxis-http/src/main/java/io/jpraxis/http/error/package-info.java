/** The edge's own error statuses and their JSON bodies (decision 5). */
package io.jpraxis.http.error;
