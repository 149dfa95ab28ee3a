/**
 * Test fixtures for every module: {@link io.jpraxis.testkit.TestOrigin} (a real HTTP/1.1 origin on
 * an ephemeral port), {@link io.jpraxis.testkit.RawHttpConnection} (a byte-exact blocking client),
 * {@link io.jpraxis.testkit.EchoResponse} and deterministic {@link io.jpraxis.testkit.TestData}.
 */
package io.jpraxis.testkit;
