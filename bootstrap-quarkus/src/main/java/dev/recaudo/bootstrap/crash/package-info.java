/**
 * Test-only crash points: with {@code recaudo.crash-test.point} set, the process halts at once, as
 * {@code kill -9} would stop it, at a named step of the background work, so that the reliability
 * battery can kill an instance at a precise point instead of guessing with timing. Unset (the
 * default, and always so in production), every hook is a single check that passes.
 */
package dev.recaudo.bootstrap.crash;
