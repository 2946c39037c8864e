package dev.recaudo.persistence.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DynamicSqlTest {

    @Test
    void givenPresentAndAbsentFilters_whenAppended_thenOnlyThePresentOnesAddTextAndValuesInOrder() {
        DynamicSql sql = new DynamicSql("SELECT * FROM t WHERE a = ?", 1)
                .when(Optional.of("x"), " AND b = ?")
                .when(Optional.empty(), " AND c = ?")
                .whenAny(List.of(), " AND d = ANY (?)")
                .whenAny(List.of("P", "Q"), " AND e = ANY (?)")
                .append(" LIMIT ?", 11);

        assertThat(sql.text()).isEqualTo("SELECT * FROM t WHERE a = ? AND b = ? AND e = ANY (?) LIMIT ?");
        assertThat(sql.parameters()).containsExactly(1, "x", new NativeSql.TextArray(List.of("P", "Q")), 11);
    }

    @Test
    void givenAConditionTwoStatementsShare_whenAppendedToEach_thenEachGetsItsTextAndValues() {
        DynamicSql where = new DynamicSql(" WHERE a = ?", 1).when(Optional.of(2), " AND b = ?");

        DynamicSql count = new DynamicSql("SELECT count(*) FROM t").append(where);
        DynamicSql page = new DynamicSql("SELECT * FROM t").append(where).append(" LIMIT ? OFFSET ?", 10, 20L);

        assertThat(count.text()).isEqualTo("SELECT count(*) FROM t WHERE a = ? AND b = ?");
        assertThat(count.parameters()).containsExactly(1, 2);
        assertThat(page.text()).isEqualTo("SELECT * FROM t WHERE a = ? AND b = ? LIMIT ? OFFSET ?");
        assertThat(page.parameters()).containsExactly(1, 2, 10, 20L);
        assertThat(where.parameters()).as("the shared part is left as it was").containsExactly(1, 2);
    }

    @Test
    void givenTextWithWildcardsAndBackslashes_whenMadeAContainsPattern_thenTheyAreEscaped() {
        assertThat(DynamicSql.containing("50%_a\\b")).isEqualTo("%50\\%\\_a\\\\b%");
        assertThat(DynamicSql.containing("plain")).isEqualTo("%plain%");
    }
}
