package dev.recaudo.persistence.company;

import static dev.recaudo.persistence.common.NativeSql.instant;
import static dev.recaudo.persistence.common.NativeSql.uuid;

import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.company.WhatsAppOrigin;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.persistence.common.NativeSql;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Optional;

@ApplicationScoped
public class PgCompanyRepository implements CompanyRepository {

    private static final String COLUMNS = "id, name, reference_currency, enabled, created_at";

    private final NativeSql nativeSql;
    private final Clock clock;

    public PgCompanyRepository(NativeSql nativeSql, Clock clock) {
        this.nativeSql = nativeSql;
        this.clock = clock;
    }

    @Override
    public void insert(Company company) {
        nativeSql.update(
                "INSERT INTO companies (id, name, reference_currency, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
                company.id().value(),
                company.name(),
                company.referenceCurrency().map(Enum::name).orElse(null),
                company.enabled(),
                company.createdAt(),
                company.createdAt());
    }

    @Override
    public Optional<Company> find(CompanyId id) {
        return nativeSql.queryOne("SELECT " + COLUMNS + " FROM companies WHERE id = ?", PgCompanyRepository::company, id.value());
    }

    @Override
    public Optional<Company> lock(CompanyId id) {
        return nativeSql.queryOne(
                "SELECT " + COLUMNS + " FROM companies WHERE id = ? FOR UPDATE", PgCompanyRepository::company, id.value());
    }

    @Override
    public void update(Company company) {
        nativeSql.update(
                "UPDATE companies SET name = ?, reference_currency = ?, enabled = ?, updated_at = ? WHERE id = ?",
                company.name(),
                company.referenceCurrency().map(Enum::name).orElse(null),
                company.enabled(),
                clock.instant(),
                company.id().value());
    }

    @Override
    public Optional<WhatsAppOrigin> findWhatsAppOrigin(String phoneNumberId) {
        return nativeSql.queryOne(
                "SELECT id, company_id, phone_number_id, display_phone_number, created_at FROM whatsapp_origins"
                        + " WHERE phone_number_id = ?",
                row -> new WhatsAppOrigin(
                        uuid(row, "id"),
                        new CompanyId(uuid(row, "company_id")),
                        row.getString("phone_number_id"),
                        row.getString("display_phone_number"),
                        instant(row, "created_at")),
                phoneNumberId);
    }

    @Override
    public InsertOutcome insertWhatsAppOrigin(WhatsAppOrigin origin) {
        int inserted = nativeSql.update(
                "INSERT INTO whatsapp_origins (id, company_id, phone_number_id, display_phone_number, created_at)"
                        + " VALUES (?, ?, ?, ?, ?) ON CONFLICT (phone_number_id) DO NOTHING",
                origin.id(),
                origin.companyId().value(),
                origin.phoneNumberId(),
                origin.displayPhoneNumber(),
                origin.createdAt());
        return inserted == 1 ? InsertOutcome.INSERTED : InsertOutcome.ALREADY_EXISTS;
    }

    private static Company company(ResultSet row) throws SQLException {
        return new Company(
                new CompanyId(uuid(row, "id")),
                row.getString("name"),
                Optional.ofNullable(row.getString("reference_currency")).map(CurrencyCode::valueOf),
                row.getBoolean("enabled"),
                instant(row, "created_at"));
    }
}
