/**
 * API keys in PostgreSQL, found by the SHA-256 of their text through a unique index. A key is
 * read together with its company's enabled flag and financial configuration, so a request needs
 * one query to learn everything its filter checks.
 */
package dev.recaudo.persistence.apikey;
