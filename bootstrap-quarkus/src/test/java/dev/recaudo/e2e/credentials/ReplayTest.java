package dev.recaudo.e2e.credentials;

import io.quarkus.test.junit.QuarkusTest;

/** {@link ReplayChecks} against the in-process instance; the battery runs them on two instances ({@code HostileInputIT}). */
@QuarkusTest
class ReplayTest extends ReplayChecks {}
