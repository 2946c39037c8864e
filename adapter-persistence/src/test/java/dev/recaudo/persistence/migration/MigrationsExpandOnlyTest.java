package dev.recaudo.persistence.migration;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 25: upgrades with no downtime. While instances roll, the release before keeps running on
 * the new schema, so every migration after the last release ({@code deploy/releases}) is expand-only
 * ({@link ExpandOnlyLint}); what removes or tightens is a contract step, named as such
 * ({@code V<n>__contract_<what>.sql}) and shipped once no running release needs what it removes.
 */
class MigrationsExpandOnlyTest {

    private static final Path MIGRATIONS = Path.of("src", "main", "resources", "db", "migration");
    private static final Path RELEASES = Path.of("..", "deploy", "releases");
    private static final Pattern VERSION = Pattern.compile("^V(\\d+)__(.+)\\.sql$");
    private static final Pattern RELEASE = Pattern.compile("^(\\S+) ([0-9a-f]{40}) V(\\d+)$");

    @Test
    void givenTheMigrationsAfterTheLastRelease_thenEachIsExpandOnlyOrNamedAContractStep() throws IOException {
        int released = lastReleasedMigration();
        assertThat(released).as("the last release's last migration").isPositive();
        try (Stream<Path> files = Files.list(MIGRATIONS)) {
            List<Path> migrations = files.sorted().toList();
            assertThat(migrations).as("the release's last migration is among them")
                    .anyMatch(file -> version(file) == released);
            for (Path file : migrations) {
                Matcher name = VERSION.matcher(file.getFileName().toString());
                assertThat(name.matches()).as("migration file name %s", file.getFileName()).isTrue();
                if (Integer.parseInt(name.group(1)) > released && !name.group(2).startsWith("contract_")) {
                    assertThat(ExpandOnlyLint.contractStatements(Files.readString(file)))
                            .as("%s comes after release %d: only expand statements, or name it V..__contract_..", file.getFileName(),
                                    released).isEmpty();
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "CREATE TABLE refunds (id uuid PRIMARY KEY, amount bigint NOT NULL, UNIQUE (id, amount))",
            "ALTER TABLE payments ADD COLUMN note text",
            "ALTER TABLE payments ADD COLUMN attempts int NOT NULL DEFAULT 0",
            "alter table payments add column if not exists kind text default 'x' not null",
            "CREATE INDEX CONCURRENTLY payments_by_note ON payments (note)",
            "ALTER TABLE payments DROP CONSTRAINT payments_amount_check",
            "ALTER TABLE payments ALTER COLUMN note DROP NOT NULL",
            "ALTER TABLE payments ALTER COLUMN note DROP DEFAULT",
            "CREATE OR REPLACE FUNCTION f() RETURNS void AS $$ BEGIN DROP TABLE t; END $$ LANGUAGE plpgsql",
            "-- DROP TABLE payments\nUPDATE payments SET note = 'DROP COLUMN x'",
            "CREATE TABLE t (id int); ALTER TABLE t ADD CONSTRAINT t_unique UNIQUE (id); ALTER TABLE t ALTER COLUMN id SET NOT NULL",
            "CREATE FUNCTION pg_temp.helper() RETURNS int AS $f$ SELECT 1 $f$ LANGUAGE sql; DROP FUNCTION pg_temp.helper()",
            "ALTER TABLE payments DROP CONSTRAINT payments_sign;\n-- expand: looser than the check it replaces\n"
                    + "ALTER TABLE payments ADD CONSTRAINT payments_sign CHECK (amount <> 0)",
            "CREATE TABLE t (id int); CREATE TRIGGER t_guard BEFORE INSERT ON t FOR EACH ROW EXECUTE FUNCTION guard()",
            "ALTER TABLE payments ADD COLUMN fee numeric(12,2) NOT NULL DEFAULT 0, ADD COLUMN note text"})
    void givenAnExpandStatement_thenNothingIsFound(String sql) {
        assertThat(ExpandOnlyLint.contractStatements(sql)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "DROP TABLE payments",
            "DROP INDEX IF EXISTS payments_by_note",
            "DROP FUNCTION recaudo_claim_idempotency(uuid)",
            "ALTER TABLE payments DROP COLUMN note",
            "ALTER TABLE payments DROP note",
            "ALTER TABLE payments RENAME COLUMN note TO remark",
            "ALTER TABLE payments RENAME TO settlements",
            "ALTER TABLE payments ALTER COLUMN amount TYPE numeric",
            "ALTER TABLE payments ALTER COLUMN note SET NOT NULL",
            "ALTER TABLE payments ADD COLUMN kind text NOT NULL",
            "ALTER TABLE payments ADD CONSTRAINT payments_note UNIQUE (note)",
            "ALTER TABLE payments ADD CHECK (amount > 0)",
            "CREATE UNIQUE INDEX payments_note ON payments (note)",
            "TRUNCATE payments",
            "ALTER TABLE payments ADD COLUMN fee numeric(12,2) NOT NULL",
            "ALTER TABLE payments ADD COLUMN note text, ADD COLUMN fee numeric(12, 2) NOT NULL",
            "COMMENT ON COLUMN payments.note IS 'a -- b'; DROP TABLE payments",
            "DO $$ BEGIN EXECUTE 'DROP TABLE payments'; END $$",
            "CREATE TRIGGER payments_guard BEFORE INSERT ON payments FOR EACH ROW EXECUTE FUNCTION guard()",
            "ALTER TABLE payments DROP CONSTRAINT c; -- expand: not a review of the next line\nDROP TABLE payments"})
    void givenAContractStatement_thenItIsFound(String sql) {
        assertThat(ExpandOnlyLint.contractStatements(sql)).hasSize(1);
    }

    private static int lastReleasedMigration() throws IOException {
        List<String> releases = Files.readAllLines(RELEASES).stream().filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
        assertThat(releases).as("releases listed in %s", RELEASES).isNotEmpty();
        Matcher last = RELEASE.matcher(releases.get(releases.size() - 1));
        assertThat(last.matches()).as("release line '%s': tag, commit, last migration", releases.get(releases.size() - 1)).isTrue();
        return Integer.parseInt(last.group(3));
    }

    private static int version(Path file) {
        Matcher name = VERSION.matcher(file.getFileName().toString());
        return name.matches() ? Integer.parseInt(name.group(1)) : -1;
    }
}
