package dev.recaudo.rest.auth;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A money operation: it creates or changes what a document owes, moves money in the ledger, or
 * changes the financial status of a document (paid, failed, conciliated).
 * It needs the company's financial configuration (its reference currency); without one, the
 * family's filter answers {@code 503} ({@code 10103} / {@code service_unavailable}) before the
 * method runs. Reads are never marked: they keep working while the configuration is missing. On a
 * resource class it marks every operation of the class, for a resource that only moves money.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface MovesMoney {}
