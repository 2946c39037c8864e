/**
 * The order of a partner's signed upserts in PostgreSQL: one row per partner record with the newest
 * signing time applied to it, advanced by one conditional upsert whose row lock orders the writers.
 */
package dev.recaudo.persistence.upsert;
