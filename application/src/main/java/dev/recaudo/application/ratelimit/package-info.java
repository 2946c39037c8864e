/**
 * The rate limiter: one fixed-window counter per bucket in the shared store. Bucket names are
 * chosen by the edge (key, method, route); the limiter only counts and decides, and remembers the
 * windows it saw full until they end ({@code ExhaustedWindows}), so that refusals cost nothing.
 */
package dev.recaudo.application.ratelimit;
