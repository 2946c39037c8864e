/**
 * The operator's metrics, exported to Prometheus at {@code /q/metrics}: every name, label and meaning
 * is declared here (README's metrics table lists them), counted through the core's
 * {@code OperationalMetrics} port and read from the delivery backlog on a schedule. Label values
 * come from closed sets, so the number of series is bounded.
 */
package dev.recaudo.bootstrap.metrics;
