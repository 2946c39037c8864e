/**
 * What an operator alerts on, as a port: how payments end, how outbound deliveries fare, how often
 * callers are refused for their rate and how often transactions lose lock races. The core counts
 * through {@link dev.recaudo.domain.metrics.OperationalMetrics}; an adapter exports the counts. Every
 * label value comes from a closed set named here or by the caller, never from an id, so the number
 * of series stays bounded whatever the traffic.
 */
package dev.recaudo.domain.metrics;
