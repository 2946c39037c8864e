/**
 * JDBC plumbing shared by the repositories: statement helpers, the transaction adapter with its
 * retry of lock races, and the start-up step that creates the database when it is missing and
 * migrates it. Repositories stay plain SQL, one statement per port method where possible.
 */
package dev.recaudo.persistence.common;
