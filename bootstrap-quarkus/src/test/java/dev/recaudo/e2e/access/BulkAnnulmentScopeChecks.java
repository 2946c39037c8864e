package dev.recaudo.e2e.access;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Sql;
import dev.recaudo.e2e.support.Tenants;
import io.restassured.http.ContentType;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code DELETE /v1/invoices} names no object, so the matrix has no case for it; what it reaches is
 * the point here: only the calling partner's pending documents of the key's environment, never
 * another partner's, another environment's or another company's (whose partner has the same name).
 */
public abstract class BulkAnnulmentScopeChecks {

    @Test
    public void givenDocumentsOfOtherPartnersCompaniesAndEnvironments_whenAPartnerDeletesAll_thenOnlyItsOwnAreAnnulled() throws Exception {
        Tenants.Company company = Tenants.company();
        Tenants.Company other = Tenants.company();
        Tenants.Key own = company.createKey(Map.of("name", "x", "permissions", Invoices.READ_WRITE, "source", "erp-x"));
        Tenants.Key ownTest = company.createKey(Map.of("name", "x test", "permissions", Invoices.READ_WRITE, "source", "erp-x",
                "environment", "test"));
        Tenants.Key fellow = company.createKey(Map.of("name", "y", "permissions", Invoices.READ_WRITE, "source", "erp-y"));
        Tenants.Key namesake = other.createKey(Map.of("name", "x", "permissions", Invoices.READ_WRITE, "source", "erp-x"));
        String mine = Invoices.create(own, AccessWorld.invoiceBody("erp-x", null)).getString("id");
        String mineInTest = Invoices.create(ownTest, AccessWorld.invoiceBody("erp-x", null)).getString("id");
        String fellows = Invoices.create(fellow, AccessWorld.invoiceBody("erp-y", null)).getString("id");
        String namesakes = Invoices.create(namesake, AccessWorld.invoiceBody("erp-x", null)).getString("id");
        Map<String, String> fellowRows = VictimRows.of(company.id(), "erp-y");
        Map<String, String> otherCompanyRows = VictimRows.of(other.id(), null);

        given().auth().oauth2(own.secret()).contentType(ContentType.JSON).body(Map.of("reason", "DELETE_FROM_PROVIDER"))
                .delete("/v1/invoices").then().statusCode(202);
        long deadline = System.currentTimeMillis() + 20_000;
        while (Sql.count("SELECT count(*) FROM jobs WHERE company_id = ? AND status = 'DONE'", company.id()) == 0) {
            assertThat(System.currentTimeMillis()).as("the job finished").isLessThan(deadline);
            Thread.sleep(100);
        }

        assertThat(Invoices.get(own, mine).jsonPath().getString("status")).isEqualTo("DELETE_FROM_PROVIDER");
        assertThat(Invoices.get(ownTest, mineInTest).jsonPath().getString("status")).isEqualTo("CREATED");
        assertThat(Invoices.get(fellow, fellows).jsonPath().getString("status")).isEqualTo("CREATED");
        assertThat(Invoices.get(namesake, namesakes).jsonPath().getString("status")).isEqualTo("CREATED");
        assertThat(VictimRows.of(company.id(), "erp-y")).isEqualTo(fellowRows);
        assertThat(VictimRows.of(other.id(), null)).isEqualTo(otherCompanyRows);
    }
}
