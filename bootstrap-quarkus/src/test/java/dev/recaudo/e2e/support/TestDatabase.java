package dev.recaudo.e2e.support;

import io.quarkus.test.common.QuarkusTestResource;

/** Declares the fresh-database resource once for every {@code @QuarkusTest} of the run. */
@QuarkusTestResource(PostgresTestDatabase.class)
public final class TestDatabase {

    private TestDatabase() {}
}
