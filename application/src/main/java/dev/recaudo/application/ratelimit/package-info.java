/**
 * The rate limiter: one fixed-window counter per bucket in the shared store. Bucket names are
 * chosen by the edge (key, method, route); the limiter only counts and decides. A key's hits are
 * leased from the store a few at a time and handed out here ({@code WindowLeases}), so most
 * admissions cost no round trip, and the windows seen full are remembered until they end
 * ({@code ExhaustedWindows}), so that refusals cost nothing.
 */
package dev.recaudo.application.ratelimit;
