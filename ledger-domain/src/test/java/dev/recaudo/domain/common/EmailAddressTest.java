package dev.recaudo.domain.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class EmailAddressTest {

    private static final String DOMAIN = "@example.com";

    @ParameterizedTest
    @ValueSource(strings = {
        "ana@example.com",
        "Ana.Perez@Example.COM",
        "ana+billing@mail.example.co",
        "o'brien@example.ie",
        "a@b.co",
        "ana@my-company.example.com"
    })
    void givenWellShapedAddress_whenValidating_thenValid(String text) {
        assertThat(EmailAddress.isValid(text)).isTrue();
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {
        "ana.example.com",
        "ana@",
        "@example.com",
        "ana@@example.com",
        "ana@example@example.com",
        "ana @example.com",
        "ana@exa mple.com",
        " ana@example.com",
        "ana@example.com ",
        "ana@example",
        "ana@-example.com",
        "ana@example-.com",
        "ana@example..com",
        "ana@.example.com",
        "ana@example.com."
    })
    void givenMalformedAddress_whenValidating_thenInvalid(String text) {
        assertThat(EmailAddress.isValid(text)).isFalse();
    }

    @Test
    void givenAddressOfExactlyTwoHundredCharacters_whenValidating_thenValid() {
        String address = "a".repeat(EmailAddress.LENGTH_MAX - DOMAIN.length()) + DOMAIN;

        assertThat(address).hasSize(200);
        assertThat(EmailAddress.isValid(address)).isTrue();
    }

    @Test
    void givenWellShapedAddressOfTwoHundredAndOneCharacters_whenValidating_thenInvalid() {
        String address = "a".repeat(EmailAddress.LENGTH_MAX + 1 - DOMAIN.length()) + DOMAIN;

        assertThat(address).hasSize(201);
        assertThat(EmailAddress.isValid(address)).isFalse();
    }
}
