package dev.recaudo.rest.banktransfer;

import dev.recaudo.application.banktransfer.StatementSource;
import dev.recaudo.domain.banktransfer.StatementHeader;
import dev.recaudo.domain.banktransfer.StatementLine;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * An ISO 20022 {@code camt.053} (versions .001.02 and .001.08) read with a namespace-aware StAX
 * reader, entry by entry. DTDs and external entities are off: a document that declares a DTD is
 * refused, so no entity is ever resolved and no file or URL is ever read. One {@code Stmt} per import.
 */
final class CamtStatementSource implements StatementSource {

    static final Set<String> NAMESPACES = Set.of("urn:iso:std:iso:20022:tech:xsd:camt.053.001.02",
            "urn:iso:std:iso:20022:tech:xsd:camt.053.001.08");

    /** Longest text of one element kept; a longer one is cut (remittance lines are 140 characters in the standard). */
    static final int TEXT_MAX = 500;

    private final InputStream body;
    private XMLStreamReader xml;
    private final List<String> path = new ArrayList<>();
    private final StringBuilder text = new StringBuilder();
    private String namespace;
    private int entries;

    CamtStatementSource(InputStream body) {
        this.body = body;
    }

    private void open() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        try {
            this.xml = factory.createXMLStreamReader(body);
        } catch (XMLStreamException bad) {
            throw failure(bad, 1);
        }
    }

    @Override
    public StatementHeader header() {
        open();
        String statementId = null;
        String accountId = null;
        Long opening = null;
        Long closing = null;
        CamtParts.Balance balance = null;
        while (advance()) {
            if (xml.isStartElement()) {
                String name = xml.getLocalName();
                if (path.size() == 1) {
                    namespace = xml.getNamespaceURI();
                    if (!"Document".equals(name) || !NAMESPACES.contains(namespace)) {
                        throw malformed("not a camt.053 document (namespace " + namespace + ")");
                    }
                }
                if (name.equals("Ntry") && inStatement()) {
                    break;
                }
                if (name.equals("Bal") && inStatement()) {
                    balance = new CamtParts.Balance();
                }
                if (name.equals("Stmt") && statementId != null) {
                    throw malformed("one statement (Stmt) per import");
                }
            } else if (xml.isEndElement()) {
                String name = endName();
                String value = text.toString().trim();
                if (ends("Stmt", "Id")) {
                    statementId = value;
                } else if (ends("Stmt", "Acct", "Id", "IBAN") || ends("Stmt", "Acct", "Id", "Othr", "Id")) {
                    accountId = value;
                } else if (balance != null && ends("Bal", "Tp", "CdOrPrtry", "Cd")) {
                    balance.type = value;
                } else if (balance != null && ends("Bal", "Amt")) {
                    balance.amount = value;
                    balance.currency = currencyAttribute;
                } else if (balance != null && ends("Bal", "CdtDbtInd")) {
                    balance.debit = "DBIT".equals(value);
                } else if (balance != null && name.equals("Bal")) {
                    long minor = balance.minor(line());
                    if ("OPBD".equals(balance.type)) {
                        opening = minor;
                    } else if ("CLBD".equals(balance.type)) {
                        closing = minor;
                    }
                    balance = null;
                }
                pop();
            }
        }
        if (statementId == null || statementId.isEmpty()) {
            throw malformed("the statement has no Stmt/Id");
        }
        return new StatementHeader(statementId, Optional.ofNullable(accountId), Optional.ofNullable(opening),
                Optional.ofNullable(closing));
    }

    @Override
    public Optional<StatementLine> next() {
        // Positioned on an Ntry start (from header() or the previous next()), or past the last one.
        while (!(xml.isStartElement() && xml.getLocalName().equals("Ntry") && inStatement())) {
            if (!advance()) {
                return Optional.empty();
            }
            if (xml.isEndElement()) {
                pop();
            }
        }
        long startLine = line();
        CamtParts.Entry entry = new CamtParts.Entry();
        int depth = path.size();
        while (advance()) {
            if (xml.isEndElement()) {
                String value = text.toString().trim();
                if (path.size() == depth) {
                    pop();
                    entries++;
                    advance();
                    return Optional.of(entry.line(entries, startLine));
                }
                if (ends("Ntry", "Amt")) {
                    entry.amount = value;
                    entry.currency = currencyAttribute;
                } else if (ends("Ntry", "CdtDbtInd")) {
                    entry.credit = "CRDT".equals(value);
                    entry.direction = value;
                } else if (ends("Ntry", "RvslInd")) {
                    entry.reversal = "true".equalsIgnoreCase(value);
                } else if (ends("Ntry", "BookgDt", "Dt") || ends("Ntry", "BookgDt", "DtTm")) {
                    entry.booking = StatementAmounts.date(value, line());
                } else if (ends("Ntry", "ValDt", "Dt") || ends("Ntry", "ValDt", "DtTm")) {
                    entry.valueDate = StatementAmounts.date(value, line());
                } else if (ends("Ntry", "AcctSvcrRef")) {
                    entry.bankReference = value;
                } else if (ends("TxDtls", "Refs", "EndToEndId")) {
                    entry.endToEndId = value;
                } else if (ends("TxDtls", "RmtInf", "Ustrd") || ends("RmtInf", "Strd", "CdtrRefInf", "Ref")) {
                    entry.remittance.add(value);
                } else if (ends("RltdPties", "Dbtr", "Nm") || ends("RltdPties", "Dbtr", "Pty", "Nm")) {
                    entry.payerName = value;
                } else if (within("RltdPties", "Dbtr") && endName().equals("Id") && path.get(path.size() - 2).equals("Othr")) {
                    entry.payerId = value;
                }
                pop();
            }
        }
        throw malformed("the document ends inside an entry");
    }

    private String currencyAttribute;

    /** Moves to the next start or end element, keeping the path and the element's text; false at the end. */
    private boolean advance() {
        try {
            while (xml.hasNext()) {
                int event = xml.next();
                if (event == XMLStreamConstants.DTD || event == XMLStreamConstants.ENTITY_REFERENCE) {
                    throw malformed("a DTD or entity is not allowed in a statement");
                }
                if (event == XMLStreamConstants.START_ELEMENT) {
                    path.add(xml.getLocalName());
                    text.setLength(0);
                    if (namespace != null && !namespace.equals(xml.getNamespaceURI())) {
                        throw malformed("element " + xml.getLocalName() + " is outside the document's namespace");
                    }
                    currencyAttribute = xml.getAttributeValue(null, "Ccy");
                    return true;
                }
                if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA) {
                    if (text.length() < TEXT_MAX) {
                        text.append(xml.getText(), 0, Math.min(xml.getTextLength(), TEXT_MAX - text.length()));
                    }
                } else if (event == XMLStreamConstants.END_ELEMENT) {
                    return true;
                }
            }
            return false;
        } catch (XMLStreamException bad) {
            throw failure(bad, line());
        }
    }

    private void pop() {
        path.remove(path.size() - 1);
    }

    private String endName() {
        return path.get(path.size() - 1);
    }

    /** Whether the current path ends with the names given. */
    private boolean ends(String... names) {
        if (path.size() < names.length) {
            return false;
        }
        for (int i = 0; i < names.length; i++) {
            if (!path.get(path.size() - names.length + i).equals(names[i])) {
                return false;
            }
        }
        return true;
    }

    private boolean within(String parent, String child) {
        int at = path.lastIndexOf(child);
        return at > 0 && path.get(at - 1).equals(parent);
    }

    private boolean inStatement() {
        return path.size() >= 2 && path.get(path.size() - 2).equals("Stmt");
    }

    private long line() {
        return xml.getLocation() == null ? 0 : xml.getLocation().getLineNumber();
    }

    private Malformed malformed(String message) {
        return new Malformed(line(), message);
    }

    /** The body failed to be read (its limit passed, the client gone): not the XML's fault, so not a Malformed. */
    private static RuntimeException failure(XMLStreamException bad, long line) {
        for (Throwable cause = bad; cause != null; cause = cause.getCause() != null ? cause.getCause()
                : cause instanceof XMLStreamException x ? x.getNestedException() : null) {
            if (cause instanceof java.io.IOException io) {
                return new java.io.UncheckedIOException(io);
            }
        }
        return new Malformed(line, "not well-formed XML: " + firstLine(bad.getMessage()));
    }

    private static String firstLine(String message) {
        String shown = message == null ? "" : message;
        return StatementAmounts.clip(shown.substring(shown.indexOf('\n') + 1));
    }
}
