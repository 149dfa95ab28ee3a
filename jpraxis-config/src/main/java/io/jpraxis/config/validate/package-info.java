/**
 * Config rules that are not one reader's business: the character rules for names, identifiers and
 * header names and the numeric limits every reader applies, and the checks across objects (branch
 * and chain names unique across the config, chain references that exist and never lead back to a
 * chain being expanded). They collect every problem and never stop at the first.
 */
package io.jpraxis.config.validate;
