/**
 * Collection documents in PostgreSQL. Every statement is scoped by company and environment, and
 * the unique partner identity of a document is enforced by a constraint.
 */
package dev.recaudo.persistence.document;
