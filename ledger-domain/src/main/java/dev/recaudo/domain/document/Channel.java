package dev.recaudo.domain.document;

/** Which API created a document. Both read and write the same rows. */
public enum Channel {
    PUBLIC_INVOICE,
    INTEGRATION
}
