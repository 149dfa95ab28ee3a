/** The protocol-neutral sub-request client SPI (iterative request router steps, outbound chains). */
package io.jpraxis.core.subrequest;
