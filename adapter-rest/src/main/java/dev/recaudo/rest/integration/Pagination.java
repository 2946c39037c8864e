package dev.recaudo.rest.integration;

/** The cursor pagination block of every integrations list. */
public record Pagination(int limit, String nextCursor, boolean hasMore) {}
