package dev.recaudo.domain.document;

import java.util.Optional;

/**
 * What a page of the public document list asks for: the partner's documents (its source), an
 * optional status, the order of creation and the page.
 */
public record DocumentListQuery(
        Optional<String> source, Optional<DocumentStatus> status, boolean newestFirst, int page, int pageSize) {

    public static final int PAGE_SIZE_MAX = 100;
    public static final int PAGE_SIZE_DEFAULT = 15;

    public DocumentListQuery {
        if (page < 1 || pageSize < 1 || pageSize > PAGE_SIZE_MAX) {
            throw new IllegalArgumentException("page starts at 1 and its size is 1 to " + PAGE_SIZE_MAX);
        }
    }
}
