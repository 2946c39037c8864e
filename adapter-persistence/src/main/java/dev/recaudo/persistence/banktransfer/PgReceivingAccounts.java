package dev.recaudo.persistence.banktransfer;

import dev.recaudo.domain.banktransfer.CsvMapping;
import dev.recaudo.domain.banktransfer.ReceivingAccount;
import dev.recaudo.domain.banktransfer.ReceivingAccounts;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.Rows;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/** The {@code receiving_accounts} table: its columns, statements and row mapper in one place. */
@ApplicationScoped
@StoreFailures
public class PgReceivingAccounts implements ReceivingAccounts {

    private static final String COLUMNS = "id, company_id, bank, account_number, phone, holder, currency, active, created_at";

    @Inject
    NativeSql nativeSql;

    @Inject
    Clock clock;

    @Override
    public void insert(ReceivingAccount account) {
        nativeSql.update("INSERT INTO receiving_accounts (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", account.id(),
                account.companyId().value(), account.bank(), account.accountNumber().orElse(null),
                account.phone().orElse(null), account.holder(), account.currency().name(), account.active(),
                account.createdAt());
    }

    @Override
    public List<ReceivingAccount> list(CompanyId companyId) {
        return nativeSql.query("SELECT " + COLUMNS + " FROM receiving_accounts WHERE company_id = ? ORDER BY created_at, id",
                PgReceivingAccounts::account, companyId.value());
    }

    @Override
    public Optional<ReceivingAccount> find(CompanyId companyId, UUID accountId) {
        return nativeSql.queryOne("SELECT " + COLUMNS + " FROM receiving_accounts WHERE company_id = ? AND id = ?",
                PgReceivingAccounts::account, companyId.value(), accountId);
    }

    @Override
    public List<ReceivingAccount> active(CompanyId companyId, CurrencyCode currency) {
        return nativeSql.query("SELECT " + COLUMNS + " FROM receiving_accounts WHERE company_id = ? AND currency = ?"
                + " AND active ORDER BY created_at, id", PgReceivingAccounts::account, companyId.value(), currency.name());
    }

    @Override
    public int countActive(CompanyId companyId) {
        return nativeSql.queryOne("SELECT count(*) FROM receiving_accounts WHERE company_id = ? AND active",
                row -> row.getInt(1), companyId.value()).orElse(0);
    }

    @Override
    public boolean deactivate(CompanyId companyId, UUID accountId) {
        return nativeSql.update("UPDATE receiving_accounts SET active = false, deactivated_at = ? WHERE company_id = ?"
                + " AND id = ? AND active", clock.instant(), companyId.value(), accountId) == 1;
    }

    private static final String MAPPING_COLUMNS = String.join(", ",
            CsvMapping.FIELDS.stream().map(field -> field + "_column").toList()) + ", decimal_separator, date_format, reversal_column";

    @Override
    public Optional<CsvMapping> csvMapping(CompanyId companyId, UUID accountId) {
        return nativeSql.queryOne("SELECT " + MAPPING_COLUMNS + " FROM receiving_account_csv_mappings WHERE company_id = ?"
                + " AND account_id = ?", PgReceivingAccounts::mapping, companyId.value(), accountId);
    }

    @Override
    public boolean saveCsvMapping(CompanyId companyId, UUID accountId, CsvMapping mapping, Instant now) {
        List<Object> parameters = new ArrayList<>(CsvMapping.FIELDS.stream().<Object>map(mapping::header).toList());
        parameters.add(String.valueOf(mapping.decimalSeparator()));
        parameters.add(mapping.dateFormat());
        parameters.add(mapping.reversalColumn().orElse(null));
        parameters.add(now);
        parameters.add(companyId.value());
        parameters.add(accountId);
        String updates = String.join(", ", java.util.Arrays.stream(MAPPING_COLUMNS.split(", "))
                .map(column -> column + " = EXCLUDED." + column).toList());
        // One statement: the row is written only for an account of this company, and a second PUT replaces the first.
        return nativeSql.update("INSERT INTO receiving_account_csv_mappings (" + MAPPING_COLUMNS + ", updated_at, company_id,"
                + " account_id) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, company_id, id FROM receiving_accounts"
                + " WHERE company_id = ? AND id = ? ON CONFLICT (account_id) DO UPDATE SET " + updates
                + ", updated_at = EXCLUDED.updated_at", parameters.toArray()) == 1;
    }

    private static CsvMapping mapping(ResultSet row) throws SQLException {
        Map<String, String> columns = new LinkedHashMap<>();
        for (String field : CsvMapping.FIELDS) {
            columns.put(field, row.getString(field + "_column"));
        }
        return new CsvMapping(columns, row.getString("decimal_separator").charAt(0), row.getString("date_format"),
                Optional.ofNullable(row.getString("reversal_column")));
    }

    private static ReceivingAccount account(ResultSet row) throws SQLException {
        return new ReceivingAccount(Rows.uuid(row, "id"), new CompanyId(Rows.uuid(row, "company_id")), row.getString("bank"),
                Optional.ofNullable(row.getString("account_number")), Optional.ofNullable(row.getString("phone")),
                row.getString("holder"), CurrencyCode.valueOf(row.getString("currency")), row.getBoolean("active"),
                Rows.instant(row, "created_at"));
    }
}
