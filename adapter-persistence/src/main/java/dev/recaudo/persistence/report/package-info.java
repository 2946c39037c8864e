/**
 * The console's reports in SQL: aggregates read across the tables their owners write
 * (docs/decisions.md, "One owner per table"); nothing here writes, and no row is mapped into a
 * domain object its owner maps.
 */
package dev.recaudo.persistence.report;
