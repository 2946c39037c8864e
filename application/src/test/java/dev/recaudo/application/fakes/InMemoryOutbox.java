package dev.recaudo.application.fakes;

import dev.recaudo.application.invoice.PublicInvoice;
import dev.recaudo.domain.webhook.Outbox;
import dev.recaudo.domain.webhook.OutboxEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * The events appended, in order, rolled back with the change that announced them. It can be told
 * to fail, as a database that went away would, so a test sees a whole use case roll back.
 */
public final class InMemoryOutbox implements Outbox, TransactionalFake {

    private List<OutboxEvent> events = new ArrayList<>();
    private boolean failing;

    @Override
    public void append(OutboxEvent event) {
        if (failing) {
            throw new IllegalStateException("the outbox is unavailable");
        }
        events.add(event);
    }

    /** Every later append throws until {@link #recover()}. */
    public void fail() {
        failing = true;
    }

    public void recover() {
        failing = false;
    }

    @Override
    public Runnable captureRollback() {
        List<OutboxEvent> saved = new ArrayList<>(events);
        return () -> events = saved;
    }

    public List<OutboxEvent> events() {
        return List.copyOf(events);
    }

    public List<OutboxEvent> ofType(String type) {
        return events.stream().filter(event -> event.type().equals(type)).toList();
    }

    /** The {@code invoice} object of the only event of the type; fails when there is not exactly one. */
    public PublicInvoice onlyInvoice(String type) {
        List<OutboxEvent> matching = ofType(type);
        if (matching.size() != 1) {
            throw new AssertionError("expected exactly one " + type + " event, found " + matching.size());
        }
        return (PublicInvoice) matching.get(0).body().get("invoice");
    }
}
