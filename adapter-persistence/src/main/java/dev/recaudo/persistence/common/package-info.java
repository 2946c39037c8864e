/**
 * What the repositories share: the native statements on the session's connection ({@code NativeSql})
 * and the pieces they are built from (identity advisory locks, statements assembled from optional
 * filters, keyset paging in change order), the tenant columns of an entity, the transaction adapter
 * with its retry of lock races, and the start-up step that creates the database when it is missing
 * and migrates it.
 */
package dev.recaudo.persistence.common;
