package dev.recaudo.domain.common;

/**
 * What a store answers when asked to insert a row guarded by a unique constraint: the database,
 * not a prior read, decides which of two racing writers wins.
 */
public enum InsertOutcome {
    INSERTED,
    ALREADY_EXISTS
}
