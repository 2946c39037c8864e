package dev.recaudo.persistence.job;

import static dev.recaudo.persistence.common.Jdbc.instant;
import static dev.recaudo.persistence.common.Jdbc.uuid;

import dev.recaudo.domain.job.Job;
import dev.recaudo.domain.job.JobRepository;
import dev.recaudo.persistence.common.Jdbc;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class PgJobRepository implements JobRepository {

    private final Jdbc jdbc;

    public PgJobRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    @Override
    public void enqueue(Job job) {
        jdbc.update("INSERT INTO jobs (id, company_id, is_test, kind, source, status, created_at)"
                        + " VALUES (?, ?, ?, ?, ?, 'PENDING', ?)",
                job.id(), job.scope().companyId().value(), job.scope().isTest(), job.kind().name(), job.source(),
                job.createdAt());
    }

    @Override
    public Optional<Job> claimNext(Instant now, Duration lease) {
        return jdbc.queryOne("UPDATE jobs j SET leased_until = ?"
                        + " FROM (SELECT id FROM jobs WHERE status = 'PENDING' AND (leased_until IS NULL OR leased_until < ?)"
                        + "       ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED) next"
                        + " WHERE j.id = next.id RETURNING j.*",
                row -> new Job(uuid(row, "id"), Jdbc.scope(row), Job.JobKind.valueOf(row.getString("kind")),
                        row.getString("source"), instant(row, "created_at")),
                now.plus(lease), now);
    }

    @Override
    public void complete(UUID jobId, int documentsProcessed, Instant now) {
        jdbc.update("UPDATE jobs SET status = 'DONE', documents_processed = ?, completed_at = ?, leased_until = NULL WHERE id = ?",
                documentsProcessed, now, jobId);
    }
}
