package dev.recaudo.domain.document;

import java.util.Optional;

/**
 * What a page of the public document list asks for: the partner's documents (its source), an
 * optional status, the order of creation and the page.
 */
public record DocumentListQuery(
        Optional<String> source, Optional<DocumentStatus> status, boolean newestFirst, int page, int pageSize) {


    public DocumentListQuery {
        if (page < 1 || pageSize < 1) {
            throw new IllegalArgumentException("page starts at 1 and holds at least one item");
        }
    }
}
