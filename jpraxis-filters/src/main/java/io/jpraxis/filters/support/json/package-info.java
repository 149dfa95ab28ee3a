/**
 * Streaming readers of a JSON object body's top-level members, shared by the filters that look
 * into request bodies ({@code json_body_field}, {@code model_to_header}, {@code model_rewrite}):
 * one parser and one set of limits, no document tree built.
 */
package io.jpraxis.filters.support.json;
