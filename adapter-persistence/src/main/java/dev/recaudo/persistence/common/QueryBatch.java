package dev.recaudo.persistence.common;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Queries that do not depend on each other's answers, sent in one round trip by
 * {@link NativeSql#queryTogether}: each added query gives an {@link Answer} that holds its rows
 * once the batch has run. Each query keeps its table owner's text and row mapping; only the trip
 * is shared.
 */
public final class QueryBatch {

    /** The rows of one query of the batch, mapped by its own mapper. */
    public static final class Answer<T> {
        private final DynamicSql sql;
        private final NativeSql.RowMapper<T> mapper;
        private List<T> rows;

        private Answer(DynamicSql sql, NativeSql.RowMapper<T> mapper) {
            this.sql = sql;
            this.mapper = mapper;
        }

        public List<T> rows() {
            if (rows == null) {
                throw new IllegalStateException("the batch of " + sql.text() + " has not run");
            }
            return rows;
        }
    }

    private final List<Answer<?>> answers = new ArrayList<>();

    public <T> Answer<T> add(DynamicSql sql, NativeSql.RowMapper<T> mapper) {
        Answer<T> answer = new Answer<>(sql, mapper);
        answers.add(answer);
        return answer;
    }

    List<DeferredWrites.Write> statements() {
        return answers.stream().map(answer -> DeferredWrites.statement(answer.sql.text(), answer.sql.parameters())).toList();
    }

    /** Reads each query's result in turn, {@code statement} standing on the first one's. */
    void read(PreparedStatement statement) throws SQLException {
        for (int i = 0; i < answers.size(); i++) {
            if (i > 0) {
                statement.getMoreResults();
            }
            fill(answers.get(i), statement);
        }
    }

    private static <T> void fill(Answer<T> answer, PreparedStatement statement) throws SQLException {
        answer.rows = NativeSql.rows(statement, answer.mapper);
    }
}
