package dev.recaudo.domain.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ChangeSliceTest {

    private static final ChangePosition START = new ChangePosition(7, UUID.randomUUID());

    private static ChangeSlice.Changed<String> row(String item, long transactionId) {
        return new ChangeSlice.Changed<>(item, new ChangePosition(transactionId, UUID.randomUUID()));
    }

    @Test
    void givenOneRowMoreThanTheLimit_whenSliced_thenMoreFollowAndNextIsTheLastItemShown() {
        List<ChangeSlice.Changed<String>> rows = List.of(row("a", 10), row("b", 11), row("c", 12));

        ChangeSlice<String> slice = ChangeSlice.of(rows, 2, Optional.of(START));

        assertThat(slice.items()).containsExactly("a", "b");
        assertThat(slice.hasMore()).isTrue();
        assertThat(slice.next()).contains(rows.get(1).position());
    }

    @Test
    void givenTheLastRows_whenSliced_thenNoMoreButNextStillPointsAfterThem() {
        List<ChangeSlice.Changed<String>> rows = List.of(row("a", 10));

        ChangeSlice<String> slice = ChangeSlice.of(rows, 2, Optional.empty());

        assertThat(slice.hasMore()).isFalse();
        assertThat(slice.next()).contains(rows.get(0).position());
    }

    @Test
    void givenNoRows_whenSliced_thenNextStaysWhereTheReaderWas() {
        assertThat(ChangeSlice.<String>of(List.of(), 2, Optional.of(START)).next()).contains(START);
        assertThat(ChangeSlice.<String>of(List.of(), 2, Optional.empty()).next()).isEmpty();
        assertThat(ChangeSlice.<String>empty(Optional.of(START)).map(String::length).next()).contains(START);
    }

    @Test
    void givenAPage_whenItsItemsAreViewedAllAtOnce_thenThePlaceStaysAndAViewPerItemIsRequired() {
        ChangeSlice<String> slice = ChangeSlice.of(List.of(row("a", 10), row("bb", 11), row("ccc", 12)), 2, Optional.of(START));

        ChangeSlice<Integer> viewed = slice.mapAll(items -> items.stream().map(String::length).toList());

        assertThat(viewed.items()).containsExactly(1, 2);
        assertThat(viewed.hasMore()).isTrue();
        assertThat(viewed.next()).isEqualTo(slice.next());
        assertThatThrownBy(() -> slice.mapAll(items -> List.of(1))).isInstanceOf(IllegalStateException.class);
    }
}
