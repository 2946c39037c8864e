package dev.recaudo.e2e.operations;

import io.quarkus.test.junit.QuarkusTest;

/** {@link ResourceLimitsChecks} against the in-process instance; the battery runs them on two instances ({@code Hostile*IT}). */
@QuarkusTest
class ResourceLimitsTest extends ResourceLimitsChecks {}
