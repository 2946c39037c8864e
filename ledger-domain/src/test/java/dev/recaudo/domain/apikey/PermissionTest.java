package dev.recaudo.domain.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class PermissionTest {

    @ParameterizedTest
    @EnumSource(Permission.class)
    void givenWireNameOfPermission_whenParsing_thenAnswersThatPermission(Permission permission) {
        assertThat(Permission.fromWireName(permission.wireName())).contains(permission);
    }

    @Test
    void givenPublishedWireNames_whenParsing_thenTheyStillMapToTheSamePermissions() {
        // The wire names are part of the operating contract; this pins a few so a rename is noticed.
        assertThat(Permission.fromWireName("payments:create")).contains(Permission.PAYMENTS_CREATE);
        assertThat(Permission.fromWireName("payments:read")).contains(Permission.PAYMENTS_READ);
        assertThat(Permission.fromWireName("public_invoices:write")).contains(Permission.PUBLIC_INVOICES_WRITE);
        assertThat(Permission.fromWireName("checkout:write")).contains(Permission.CHECKOUT_WRITE);
        assertThat(Permission.fromWireName("bank_statements:write")).contains(Permission.BANK_STATEMENTS_WRITE);
    }

    @Test
    void givenAllPermissions_whenListingWireNames_thenNoTwoShareOne() {
        assertThat(Arrays.stream(Permission.values()).map(Permission::wireName)).doesNotHaveDuplicates();
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"payments", "payments:delete", "PAYMENTS:READ", "PAYMENTS_READ", " payments:read"})
    void givenUnknownWireName_whenParsing_thenEmpty(String text) {
        assertThat(Permission.fromWireName(text)).isEmpty();
    }

    @Test
    void whenAskingForDefaults_thenPaymentsCreateAndRead() {
        assertThat(Permission.DEFAULTS).containsExactlyInAnyOrder(Permission.PAYMENTS_CREATE, Permission.PAYMENTS_READ);
    }
}
