package dev.recaudo.application.invoice;

import dev.recaudo.application.common.LeasedBatches;
import dev.recaudo.application.common.Transactions;
import dev.recaudo.application.job.LeasedJobRunner;
import dev.recaudo.domain.document.CollectionDocument;
import dev.recaudo.domain.document.CollectionDocumentRepository;
import dev.recaudo.domain.document.DocumentLifecycle;
import dev.recaudo.domain.job.Job;
import dev.recaudo.domain.job.JobRepository;
import dev.recaudo.domain.common.TenantScope;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * Annuls a partner's pending documents in batches, one transaction per batch, under the job's
 * lease ({@link LeasedJobRunner}). Documents are locked with SKIP LOCKED, and each is checked
 * against the lifecycle under its lock, so paid, conciliated or partially paid documents are
 * skipped and two instances never annul the same document.
 */
public final class BulkAnnulmentService implements BulkAnnulmentUseCase {

    private final JobRepository jobs;
    private final CollectionDocumentRepository documents;
    private final DocumentBook book;
    private final Transactions transactions;
    private final Clock clock;
    private final LeasedJobRunner runner;
    private final int batchSize;

    /** @param batches documents annulled per transaction, and how long a claim or renewal keeps the job */
    public BulkAnnulmentService(JobRepository jobs, CollectionDocumentRepository documents, DocumentBook book,
            Transactions transactions, Clock clock, LeasedBatches batches) {
        this.jobs = jobs;
        this.documents = documents;
        this.book = book;
        this.transactions = transactions;
        this.clock = clock;
        this.runner = new LeasedJobRunner(jobs, transactions, clock, batches.lease());
        this.batchSize = batches.batchSize();
    }

    @Override
    public UUID enqueue(TenantScope scope, String source) {
        Job job = new Job(UUID.randomUUID(), scope, Job.JobKind.ANNUL_PENDING_DOCUMENTS, source, clock.instant());
        transactions.inTransaction(() -> {
            jobs.enqueue(job);
            return job;
        });
        return job.id();
    }

    @Override
    public int runNext() {
        return runner.runNext(this::annulBatch).processed();
    }

    private int annulBatch(Job job) {
        List<CollectionDocument> batch = documents.lockPendingBatch(job.scope(), job.source(), batchSize);
        Instant now = clock.instant();
        int annulled = 0;
        for (CollectionDocument document : batch) {
            if (DocumentLifecycle.annul(document) instanceof DocumentLifecycle.AnnulVerdict.Annul) {
                book.annul(document, now);
                annulled++;
            }
        }
        return annulled;
    }
}
