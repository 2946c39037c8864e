package dev.recaudo.e2e.invoices;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.e2e.support.Invoices;
import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * An invoice id that is not a UUID names no invoice, so it answers exactly like an unknown one:
 * {@code 404} (10004) on GET, PUT and DELETE, with the same body.
 */
@QuarkusTest
class InvoiceIdTest {

    @Test
    void givenIdThatIsNotAUuid_whenReadingReplacingOrDeleting_thenSameAnswerAsAMissingInvoice() {
        Tenants.Key key = Invoices.liveKey(Tenants.company());
        String missing = UUID.randomUUID().toString();
        for (String notAUuid : new String[] {"not-a-uuid", "12345", "DROP%20TABLE"}) {
            assertSameNotFound(Invoices.get(key, notAUuid), Invoices.get(key, missing));
            assertSameNotFound(Invoices.put(key, notAUuid, Invoices.replacement(30)), Invoices.put(key, missing, Invoices.replacement(30)));
            assertSameNotFound(Invoices.delete(key, notAUuid), Invoices.delete(key, missing));
            assertSameNotFound(Invoices.settle(key, notAUuid, "pp-1"), Invoices.settle(key, missing, "pp-1"));
        }
        Invoices.delete(key, "not-a-uuid", Map.of("reason", "PAID_FROM_PROVIDER")).then().statusCode(422);
    }

    private static void assertSameNotFound(Response notAUuid, Response missing) {
        assertThat(missing.statusCode()).isEqualTo(404);
        assertThat(notAUuid.statusCode()).isEqualTo(404);
        assertThat(notAUuid.jsonPath().getInt("code")).isEqualTo(10004);
        assertThat(notAUuid.asString()).isEqualTo(missing.asString());
    }
}
