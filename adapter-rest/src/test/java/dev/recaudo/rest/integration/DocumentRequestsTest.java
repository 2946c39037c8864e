package dev.recaudo.rest.integration;

import static dev.recaudo.rest.integration.RequestFixtures.KEY;
import static dev.recaudo.rest.integration.RequestFixtures.VALIDATION;
import static dev.recaudo.rest.integration.RequestFixtures.invalid;
import static dev.recaudo.rest.integration.RequestFixtures.json;
import static dev.recaudo.rest.integration.RequestFixtures.read;
import static dev.recaudo.rest.integration.RequestFixtures.refusal;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.recaudo.application.integration.CollectionDocumentsUseCase.UpsertDocument;
import dev.recaudo.domain.customer.CustomerProfile.CustomerType;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * A collection-document upsert read into its command: the spec's field names and messages, every
 * problem in one answer, the customer's fields as a customer upsert words them under {@code customer.}.
 */
class DocumentRequestsTest {

    private static final String CUSTOMER = "'customer':{'type':'business','name':'Ana'}";
    private static final String LINES = "'lines':[{'quantity':2,'unitAmountMinor':500,'amountMinor':1000}]";

    private static String body(String customer, String rest) {
        return "{'source':'acme-erp','externalDocumentId':'D-1','customerExternalId':'C-1'," + customer
                + ",'currency':'USD'," + LINES + rest + "}";
    }

    private static UpsertDocument upsert(String body) throws JsonProcessingException {
        JsonNode json = json(body);
        return DocumentRequests.upsert(VALIDATION, KEY, read(json, DocumentRequests.UpsertRequest.class), json.get("metadata"), 10,
                Instant.EPOCH);
    }

    @Test
    void givenPaddedOptionalTexts_whenRead_thenKeptTrimmedAndBlankOnesAbsent() throws JsonProcessingException {
        UpsertDocument command = upsert(body("'customer':{'type':'individual','name':'Ana','email':' ana@example.com ',"
                + "'phone':'  ','taxId':' V-1 '}", ",'invoiceNumber':' F-1 ','description':'   ','metadata':{'a':1.50}"));
        assertThat(command.customer().type()).contains(CustomerType.INDIVIDUAL);
        assertThat(command.customer().email()).contains("ana@example.com");
        assertThat(command.customer().phone()).isEmpty();
        assertThat(command.customer().taxId()).contains("V-1");
        assertThat(command.details().name()).isEqualTo("F-1");
        assertThat(command.details().invoiceNumber()).contains("F-1");
        assertThat(command.details().description()).isEmpty();
        assertThat(command.metadataJson()).contains("{\"a\":1.50}");
        assertThat(upsert(body(CUSTOMER, "")).details().name()).isEqualTo("D-1");
    }

    @Test
    void givenEveryCustomerFieldInvalid_whenRead_thenEachNamedUnderCustomerInBodyOrder() {
        String email = "a".repeat(195) + "@example.com";
        assertThat(refusal(() -> upsert(body("'customer':{'type':'person','name':'  ','email':'" + email + "','phone':'"
                + "1".repeat(33) + "','taxId':'" + "t".repeat(256) + "','customerCode':'" + "c".repeat(101) + "'}", ""))))
                .isEqualTo(invalid(
                        "customer.type must be individual or business",
                        "customer.name is required, at most 200 characters",
                        "customer.email must have at most 200 characters", "customer.email must be a valid e-mail address",
                        "customer.phone must have at most 32 characters",
                        "customer.taxId must have at most 255 characters",
                        "customer.customerCode must have at most 100 characters"));
    }

    @Test
    void givenALongNameAndAnAddressOfAnotherShape_whenRead_thenOneMessageEach() {
        assertThat(refusal(() -> upsert(body("'customer':{'name':'" + "n".repeat(201) + "','email':' ana@ '}", ""))))
                .isEqualTo(invalid(
                        "customer.name is required, at most 200 characters",
                        "customer.email must be a valid e-mail address"));
    }

    @Test
    void givenNoCustomer_whenRead_thenTheCustomerIsRequired() {
        assertThat(refusal(() -> upsert(body("'customer':null", ""))))
                .isEqualTo(invalid("customer is required: the customer is synchronized with the document"));
    }

    @Test
    void givenLongTexts_whenRead_thenEachNamedWithItsLimit() {
        assertThat(refusal(() -> upsert(body(CUSTOMER, ",'invoiceNumber':'" + "i".repeat(101) + "','description':'"
                + "d".repeat(2001) + "'"))))
                .isEqualTo(invalid(
                        "invoiceNumber must have at most 100 characters",
                        "description must have at most 2000 characters"));
    }

    @Test
    void givenHandWrittenRulesBroken_whenRead_thenNamedAfterTheShapeRules() {
        String lines = "'lines':[{'quantity':2,'unitAmountMinor':500,'amountMinor':999,'description':'" + "x".repeat(501)
                + "'},{'quantity':1,'unitAmountMinor':1,'amountMinor':1,'description':'" + "x".repeat(501) + "'}]";
        assertThat(refusal(() -> upsert("{'source':'acme-erp','externalDocumentId':'x-idempotency:1','customerExternalId':'C-1',"
                + CUSTOMER + ",'currency':'XXX'," + lines + ",'issueDate':'2026-01-01','metadata':[1]}")))
                .isEqualTo(invalid(
                        "externalDocumentId must not start with x-idempotency: (reserved for public"
                                + " invoices identified by their idempotency key)",
                        "currency is required and must be one of [USD, VES, COP, MXN, CRC]",
                        "lines[0].amountMinor must equal quantity x unitAmountMinor (1000)",
                        "lines[1].description must have at most 500 characters",
                        "issueDate must be an ISO 8601 date-time with offset, e.g. 2026-11-22T10:00:00Z, "
                                + "from 1900-01-01T00:00:00Z to 9999-12-31T23:59:59.999999Z",
                        "metadata must be a JSON object"));
    }

    @Test
    void givenShapeAndHandWrittenRulesBroken_whenRead_thenTheShapeRulesInBodyOrderThenTheOthers() {
        assertThat(refusal(() -> upsert("{'externalDocumentId':'D-1','customerExternalId':'C-1','customer':{'name':''},"
                + "'currency':'XXX'," + LINES + ",'invoiceNumber':'" + "i".repeat(101) + "'}")))
                .isEqualTo(invalid(
                        "customer.name is required, at most 200 characters",
                        "invoiceNumber must have at most 100 characters",
                        "source is required",
                        "currency is required and must be one of [USD, VES, COP, MXN, CRC]"));
    }

    @Test
    void givenTotalOtherThanTheLinesSum_whenRead_thenTotalNamedWithTheSum() {
        assertThat(refusal(() -> upsert(body(CUSTOMER, ",'totalMinor':999"))))
                .isEqualTo(invalid("totalMinor must equal the sum of the lines' amountMinor (1000)"));
    }

    @Test
    void givenALongInvoiceNumberAndATotalOtherThanTheSum_whenRead_thenBothAreNamed() {
        assertThat(refusal(() -> upsert(body(CUSTOMER, ",'totalMinor':999,'invoiceNumber':'" + "i".repeat(101) + "'"))))
                .as("the sum does not depend on the invoice number, so it is still checked")
                .isEqualTo(invalid(
                        "invoiceNumber must have at most 100 characters",
                        "totalMinor must equal the sum of the lines' amountMinor (1000)"));
    }

    @Test
    void givenANumberSentAsAString_whenRead_thenRefusedByTheStrictReader() {
        assertThatThrownBy(() -> upsert(body("'customer':{'name':7}", ""))).isInstanceOf(JsonProcessingException.class);
        assertThatThrownBy(() -> upsert(body(CUSTOMER, ",'totalMinor':'1000'"))).isInstanceOf(JsonProcessingException.class);
    }

    @Test
    void givenUnknownProperty_whenRead_thenRefusedByTheStrictReader() {
        assertThatThrownBy(() -> upsert(body("'customer':{'name':'Ana','nickname':'A'}", "")))
                .isInstanceOf(JsonProcessingException.class);
    }
}
