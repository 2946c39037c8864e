package dev.recaudo.domain.company;

import dev.recaudo.domain.common.InsertOutcome;
import java.util.Optional;

/** Port: where companies and their messaging origins are kept. */
public interface CompanyRepository {

    void insert(Company company);

    Optional<Company> find(CompanyId id);

    /** Reads the company and locks it until the transaction ends, serializing writers of its children. */
    Optional<Company> lock(CompanyId id);

    void update(Company company);

    Optional<WhatsAppOrigin> findWhatsAppOrigin(String phoneNumberId);

    /** Inserts unless the phone number id is registered already, by this or another company. */
    InsertOutcome insertWhatsAppOrigin(WhatsAppOrigin origin);
}
