package dev.recaudo.e2e.credentials;

import io.quarkus.test.junit.QuarkusTest;

/** {@link SignatureHeadersChecks} against the in-process instance; the battery runs them on two instances ({@code Hostile*IT}). */
@QuarkusTest
class SignatureHeadersTest extends SignatureHeadersChecks {}
