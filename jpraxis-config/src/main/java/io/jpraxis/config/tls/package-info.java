/**
 * Reading and checking the PEM files a TLS block names: certificate chains, private keys, CA
 * bundles and CRLs. {@code validate} runs these checks so a bad file fails the load, and the server
 * loads its TLS material through the same code (see docs/behaviour/listener-tls.md).
 */
package io.jpraxis.config.tls;
