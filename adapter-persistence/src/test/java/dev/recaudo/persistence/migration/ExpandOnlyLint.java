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
 * today fail (a new NOT NULL without a default, a new constraint, unique index or trigger on a table
 * it writes). Tightening a table the migration itself creates is expand: no release writes it yet.
 * Relaxing (dropping a constraint or a NOT NULL), adding, and data updates are expand. A {@code DO}
 * block runs code the lint does not read, so it needs a reviewer: function bodies, string literals
 * and comments are not read, but for one: a line {@code -- expand: <why>} before a statement says a
 * reviewer found it safe for the release before (a constraint dropped and added back looser, say).
 */
final class ExpandOnlyLint {

    /**
     * What the lint does not read, in the order it appears: dollar-quoted bodies, string literals,
     * comments; a line that begins with {@code -- expand:} marks the next statement as reviewed.
     */
    private static final Pattern UNREAD = Pattern.compile(
            "(?<dollar>\\$([A-Za-z_]*)\\$.*?\\$\\2\\$)|'(?:[^']|'')*'|(?m:^[ \\t]*--[ \\t]*expand:[^\\n]*)(?<reviewed>)|--[^\\n]*|/\\*.*?\\*/",
            Pattern.DOTALL);
    private static final String REVIEWED_MARK = "EXPAND_REVIEWED ";
    private static final Pattern CREATED_TABLE = Pattern.compile("^CREATE (?:UNLOGGED )?TABLE (?:IF NOT EXISTS )?([\\w.\"]+)");
    private static final Pattern ALTERED_TABLE = Pattern.compile("^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?([\\w.\"]+)");
    private static final Pattern INDEXED_TABLE = Pattern.compile(
            "^CREATE (?:UNIQUE INDEX|(?:OR REPLACE )?(?:CONSTRAINT )?TRIGGER) .*? ON (?:ONLY )?([\\w.\"]+)");

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
            new Rule(Pattern.compile("^CREATE (OR REPLACE )?(CONSTRAINT )?TRIGGER\\b"),
                    "adds a trigger that may refuse or change the release before's writes", true),
            new Rule(Pattern.compile("^DO\\b"), "runs code the lint does not read: review it, and mark it -- expand: <why>", false),
            new Rule(Pattern.compile("^TRUNCATE\\b"), "empties a table the release before uses", false));

    /** An action of ALTER TABLE that adds a column (not a constraint). */
    private static final Pattern ADDS_COLUMN = Pattern.compile(
            "^ADD (?:COLUMN )?(?:IF NOT EXISTS )?(?!CONSTRAINT\\b|UNIQUE\\b|CHECK\\b|FOREIGN\\b|PRIMARY\\b|EXCLUDE\\b)[\\w\"]+ ");

    private ExpandOnlyLint() {
    }

    /** The contract statements of one migration, each with why; empty for an expand-only one. */
    static List<String> contractStatements(String sql) {
        StringBuilder text = new StringBuilder();
        Matcher unread = UNREAD.matcher(sql);
        while (unread.find()) {
            String kept = unread.group("dollar") != null ? "$BODY$"
                    : unread.group().startsWith("'") ? "''"
                    : unread.group("reviewed") != null ? REVIEWED_MARK : " ";
            unread.appendReplacement(text, Matcher.quoteReplacement(kept));
        }
        unread.appendTail(text);
        List<String> statements = new ArrayList<>();
        for (String statement : text.toString().split(";")) {
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
        if (!statement.startsWith("ALTER TABLE ")) {
            return Optional.empty();
        }
        for (String action : topLevelActions(statement.substring(statement.indexOf(' ', "ALTER TABLE ".length()) + 1))) {
            if (ADDS_COLUMN.matcher(action).find() && action.contains("NOT NULL") && !action.contains("DEFAULT")
                    && !action.contains("GENERATED")) {
                return Optional.of("adds a NOT NULL column without a default, which the release before's inserts leave out: "
                        + statement);
            }
        }
        return Optional.empty();
    }

    /** The actions of an ALTER TABLE, split at the commas outside parentheses ({@code numeric(12,2)} stays whole). */
    private static List<String> topLevelActions(String actions) {
        List<String> split = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < actions.length(); i++) {
            char c = actions.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (c == ',' && depth == 0) {
                split.add(actions.substring(start, i).strip());
                start = i + 1;
            }
        }
        split.add(actions.substring(start).strip());
        return split;
    }

    private static Optional<String> table(Pattern pattern, String statement) {
        Matcher matcher = pattern.matcher(statement);
        return matcher.find() ? Optional.of(matcher.group(1).replace("\"", "")) : Optional.empty();
    }
}
