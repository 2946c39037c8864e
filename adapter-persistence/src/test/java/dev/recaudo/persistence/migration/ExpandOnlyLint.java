package dev.recaudo.persistence.migration;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What in a migration would break the release before it, which keeps running on the new schema
 * while instances roll: a statement that removes or renames what it may read or write (tables,
 * columns, views, functions, types, indexes), changes a column's type, or makes a write it does
 * today fail (a new NOT NULL without a default, a new constraint or unique index on a table it
 * writes). The same on a table the migration itself creates is expand: no release knows it yet.
 * Relaxing (dropping a constraint or a NOT NULL), adding, and data updates are expand. Function
 * bodies and comments are not read, but for one: {@code -- expand: <why>} before a statement says a
 * reviewer found it safe for the release before (a constraint dropped and added back looser, say).
 */
final class ExpandOnlyLint {

    private static final Pattern DOLLAR_QUOTED = Pattern.compile("\\$([A-Za-z_]*)\\$.*?\\$\\1\\$", Pattern.DOTALL);
    private static final Pattern BLOCK_COMMENT = Pattern.compile("/\\*.*?\\*/", Pattern.DOTALL);
    private static final Pattern LINE_COMMENT = Pattern.compile("--[^\\n]*");
    private static final Pattern REVIEWED = Pattern.compile("--\\s*expand:[^\\n]*");
    private static final String REVIEWED_MARK = "EXPAND_REVIEWED ";
    private static final Pattern STRING = Pattern.compile("'(?:[^']|'')*'");
    private static final Pattern CREATED_TABLE = Pattern.compile("^CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?([\\w.\"]+)");
    private static final Pattern ALTERED_TABLE = Pattern.compile("^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?([\\w.\"]+)");
    private static final Pattern INDEXED_TABLE = Pattern.compile("^CREATE UNIQUE INDEX .*? ON (?:ONLY )?([\\w.\"]+)");

    private record Rule(Pattern pattern, String why, boolean onExistingTablesOnly) {}

    private static final List<Rule> RULES = List.of(
            new Rule(Pattern.compile("^DROP (TABLE|VIEW|MATERIALIZED VIEW|FUNCTION|PROCEDURE|TYPE|SCHEMA|SEQUENCE|INDEX|TRIGGER) (?!IF EXISTS PG_TEMP\\.|PG_TEMP\\.)"),
                    "drops what the release before may use", false),
            new Rule(Pattern.compile("^ALTER TABLE .*\\bDROP (COLUMN )?(?!CONSTRAINT\\b|DEFAULT\\b|NOT NULL\\b|IDENTITY\\b)[\\w\"]+"),
                    "drops a column the release before may read or write", false),
            new Rule(Pattern.compile("\\bRENAME\\b"), "renames what the release before names", false),
            new Rule(Pattern.compile("\\bALTER (COLUMN )?[\\w\"]+ (SET DATA )?TYPE\\b"), "changes a column's type under the release before", false),
            new Rule(Pattern.compile("\\bALTER (COLUMN )?[\\w\"]+ SET NOT NULL\\b"), "makes the release before's writes without the column fail", true),
            new Rule(Pattern.compile("\\bADD (CONSTRAINT [\\w\"]+ )?(UNIQUE|CHECK|FOREIGN KEY|PRIMARY KEY|EXCLUDE)\\b"),
                    "adds a constraint the release before's writes may break", true),
            new Rule(Pattern.compile("^CREATE UNIQUE INDEX\\b"), "adds a unique index the release before's writes may break", true),
            new Rule(Pattern.compile("^TRUNCATE\\b"), "empties a table the release before uses", false));

    /** A column added, and the rest of its clause up to the next comma. */
    private static final Pattern ADDED_COLUMN = Pattern.compile("\\bADD (?:COLUMN )?(?:IF NOT EXISTS )?(?!CONSTRAINT\\b)[\\w\"]+ ([^,]*)");

    private ExpandOnlyLint() {
    }

    /** The contract statements of one migration, each with why; empty for an expand-only one. */
    static List<String> contractStatements(String sql) {
        String text = STRING.matcher(LINE_COMMENT.matcher(REVIEWED.matcher(BLOCK_COMMENT.matcher(
                DOLLAR_QUOTED.matcher(sql).replaceAll("\\$body\\$")).replaceAll(" ")).replaceAll(REVIEWED_MARK)).replaceAll(" "))
                .replaceAll("''");
        List<String> statements = new ArrayList<>();
        for (String statement : text.split(";")) {
            String normalized = statement.strip().replaceAll("\\s+", " ").toUpperCase(Locale.ROOT);
            if (!normalized.isEmpty()) {
                statements.add(normalized);
            }
        }
        Set<String> createdHere = new HashSet<>();
        for (String statement : statements) {
            table(CREATED_TABLE, statement).ifPresent(createdHere::add);
        }
        List<String> found = new ArrayList<>();
        for (String statement : statements) {
            String table = table(ALTERED_TABLE, statement).or(() -> table(INDEXED_TABLE, statement)).orElse("");
            boolean newTable = createdHere.contains(table);
            if (statement.startsWith(REVIEWED_MARK) || statement.startsWith("CREATE TABLE")
                    || statement.startsWith("CREATE UNLOGGED TABLE")) {
                continue;
            }
            RULES.stream().filter(rule -> rule.pattern().matcher(statement).find() && !(rule.onExistingTablesOnly() && newTable))
                    .findFirst().map(rule -> rule.why() + ": " + statement)
                    .or(() -> newTable ? Optional.empty() : requiredColumnAdded(statement))
                    .ifPresent(found::add);
        }
        return found;
    }

    /** A NOT NULL column added without a default: the release before's inserts leave it out and fail. */
    private static Optional<String> requiredColumnAdded(String statement) {
        Matcher added = ADDED_COLUMN.matcher(statement);
        while (added.find()) {
            String clause = added.group(1);
            if (clause.contains("NOT NULL") && !clause.contains("DEFAULT") && !clause.contains("GENERATED")) {
                return Optional.of("adds a NOT NULL column without a default, which the release before's inserts leave out: "
                        + statement);
            }
        }
        return Optional.empty();
    }

    private static Optional<String> table(Pattern pattern, String statement) {
        Matcher matcher = pattern.matcher(statement);
        return matcher.find() ? Optional.of(matcher.group(1).replace("\"", "")) : Optional.empty();
    }
}
