package dev.recaudo.domain.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

import dev.recaudo.domain.company.CompanyId;
import java.time.Instant;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AdminUserTest {

    @ParameterizedTest
    @ValueSource(strings = {"ana@example.com", "ANA@EXAMPLE.COM", "  Ana@Example.com", "ana@example.COM \t\n"})
    void givenAddressInAnyCaseWithSurroundingWhitespace_whenNormalizing_thenTrimmedLowerCase(String email) {
        assertThat(AdminUser.normalizeEmail(email)).isEqualTo("ana@example.com");
    }

    @Test
    void givenTurkishDefaultLocale_whenNormalizing_thenCapitalIBecomesPlainLowerCaseI() {
        // Under tr-TR, "I".toLowerCase() is the dotless ı; login names must not depend on the server locale.
        Locale original = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("tr-TR"));

            assertThat(AdminUser.normalizeEmail("IVAN@INFO.IO")).isEqualTo("ivan@info.io");
        } finally {
            Locale.setDefault(original);
        }
    }

    @Test
    void givenNoAddress_whenNormalizing_thenRefused() {
        assertThatNullPointerException().isThrownBy(() -> AdminUser.normalizeEmail(null));
    }

    @Test
    void givenMixedCaseAddress_whenBuildingUser_thenStoredNormalized() {
        AdminUser user = new AdminUser(
                AdminUserId.random(), CompanyId.random(), " Ana@Example.COM ", "hash", UserRole.VIEWER, Instant.parse("2025-03-01T10:00:00Z"));

        assertThat(user.email()).isEqualTo("ana@example.com");
    }

    @Test
    void givenPasswordsOfEveryLength_whenChecked_thenFromEightCharactersUpToSeventyTwoBytes() {
        assertThat(AdminUser.acceptablePassword("1234567")).isFalse();
        assertThat(AdminUser.acceptablePassword("12345678")).isTrue();
        assertThat(AdminUser.acceptablePassword("x".repeat(72))).isTrue();
        assertThat(AdminUser.acceptablePassword("x".repeat(73))).isFalse();
        assertThat(AdminUser.acceptablePassword("ñ".repeat(37))).as("74 bytes in UTF-8").isFalse();
        assertThat(AdminUser.acceptablePassword(null)).isFalse();
    }

    @Test
    void givenTheRoles_whenCompared_thenEachAllowsWhatTheOnesBeforeItAllow() {
        assertThat(UserRole.ADMIN.allows(UserRole.CLERK)).isTrue();
        assertThat(UserRole.CLERK.allows(UserRole.VIEWER)).isTrue();
        assertThat(UserRole.CLERK.allows(UserRole.ADMIN)).isFalse();
        assertThat(UserRole.VIEWER.allows(UserRole.CLERK)).isFalse();
        assertThat(UserRole.VIEWER.allows(UserRole.VIEWER)).isTrue();
    }
}
