package dev.recaudo.e2e.access;

import io.quarkus.test.junit.QuarkusTest;

/** {@link ObjectAccessMatrixChecks} against the in-process instance; the battery runs them on two instances ({@code Hostile*IT}). */
@QuarkusTest
class ObjectAccessMatrixTest extends ObjectAccessMatrixChecks {}
