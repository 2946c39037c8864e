/**
 * Request rate limits. Each limit is a fixed window per bucket (for example key, method and route),
 * counted in a store that every instance shares, so the limit holds however many instances serve
 * the traffic. The decision carries the numbers for the rate-limit response headers.
 */
package dev.recaudo.domain.ratelimit;
