package dev.recaudo.domain.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PageTest {

    private static Page<String> page(long total, int number, int size) {
        return new Page<>(List.of(), total, number, size);
    }

    @ParameterizedTest
    @CsvSource({
        "0,  10, 1",
        "1,  10, 1",
        "10, 10, 1",
        "11, 10, 2",
        "25, 10, 3",
        "30, 10, 3",
        "7,  1,  7"
    })
    void givenTotalAndSize_whenAskingLastNumber_thenPagesNeededAndAtLeastOne(long total, int size, int lastNumber) {
        assertThat(page(total, 1, size).lastNumber()).isEqualTo(lastNumber);
    }

    @ParameterizedTest
    @CsvSource({
        "1, 10, 0",
        "2, 10, 10",
        "3, 20, 40",
        "5, 1,  4"
    })
    void givenNumberAndSize_whenAskingOffset_thenItemsOnEarlierPages(int number, int size, long offset) {
        assertThat(page(100, number, size).offset()).isEqualTo(offset);
    }

    @Test
    void givenPageNumbersBeyondIntRange_whenAskingOffset_thenComputedWithoutOverflow() {
        Page<String> page = page(0, Integer.MAX_VALUE, Integer.MAX_VALUE);

        assertThat(page.offset()).isEqualTo((long) (Integer.MAX_VALUE - 1) * Integer.MAX_VALUE);
    }

    @Test
    void givenNumberPastTheEnd_whenBuilding_thenValidEmptyPage() {
        Page<String> page = page(5, 9, 10);

        assertThat(page.items()).isEmpty();
        assertThat(page.lastNumber()).isEqualTo(1);
    }

    @ParameterizedTest
    @CsvSource({"0, 10", "-1, 10", "1, 0", "1, -5"})
    void givenNumberOrSizeBelowOne_whenBuilding_thenRefused(int number, int size) {
        assertThatIllegalArgumentException().isThrownBy(() -> page(0, number, size));
    }

    @Test
    void givenMutableItems_whenChangedAfterBuilding_thenPageKeepsItsOwnUnmodifiableCopy() {
        List<String> items = new ArrayList<>(List.of("a", "b"));
        Page<String> page = new Page<>(items, 2, 1, 10);

        items.add("c");

        assertThat(page.items()).containsExactly("a", "b");
        assertThatExceptionOfType(UnsupportedOperationException.class).isThrownBy(() -> page.items().add("d"));
    }
}
