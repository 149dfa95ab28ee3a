package io.jpraxis.core.filter;

/** How much of a body a filter needs to see, declared up front so body modes are computed once. */
public enum BodyAccess { NONE, READ_ONLY, READ_WRITE }
