package dev.recaudo.persistence.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class AdvisoryLocksTest {

    private static final CompanyId COMPANY = new CompanyId(UUID.fromString("5b0f0d8e-6d1c-4f43-9a57-8d2c0f7e1a10"));

    @Test
    void givenAnIdentity_whenNamed_thenTheKindAndTheTenantComeFirst() {
        TenantScope live = new TenantScope(COMPANY, KeyEnvironment.LIVE);

        assertThat(AdvisoryLocks.name("payment", live, "acme-erp", "P-1"))
                .isEqualTo("payment:" + COMPANY + ":false:acme-erp:P-1");
        assertThat(AdvisoryLocks.name("customer", live, "RUC-1")).isEqualTo("customer:" + COMPANY + ":false:RUC-1");
    }

    @Test
    void givenOneIdentityInTwoEnvironmentsOrKinds_whenNamed_thenTheNamesDiffer() {
        TenantScope live = new TenantScope(COMPANY, KeyEnvironment.LIVE);
        TenantScope test = new TenantScope(COMPANY, KeyEnvironment.TEST);

        assertThat(AdvisoryLocks.name("document", live, "acme-erp", "D-1"))
                .isNotEqualTo(AdvisoryLocks.name("document", test, "acme-erp", "D-1"))
                .isNotEqualTo(AdvisoryLocks.name("payment", live, "acme-erp", "D-1"));
    }
}
