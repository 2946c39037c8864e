#!/usr/bin/env bash
# run.sh BEFORE AFTER: compares two commits of Recaudo on invoice create and verified payments
# (bench/README.md). Builds each commit's jar once (build-jar.sh), then runs ROUNDS rounds of each
# in alternation (before, after, before, ...). A round: a fresh database, the service started on
# it, Bench.java's load, the service stopped, then pgbench running the same statements
# (pgbench/*.sql) for as long and as many clients; the score of an operation is the service's
# requests per second over pgbench's transactions per second. Writes rounds.tsv, summary.md and
# every log under $BENCH_WORK/runs/<time>/ and prints the summary.
set -euo pipefail
before=${1:?usage: run.sh BEFORE AFTER}
after=${2:?usage: run.sh BEFORE AFTER}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)

rounds=${ROUNDS:-5}
workers=${WORKERS:-8}
invoices=${INVOICES:-1500}
payments=${PAYMENTS:-800}
warmup=${WARMUP:-300}
port=${PORT:-18080}
pgbench=${PGBENCH:-$(command -v pgbench || echo /usr/lib/postgresql/15/bin/pgbench)}
work=${BENCH_WORK:-/tmp/recaudo-bench}
out="$work/runs/$(date -u +%Y%m%dT%H%M%SZ)"
# shellcheck source=common.sh
. "$here/common.sh"

# Each variant's pgbench scripts are its own commit's, so that pgbench runs the statements that
# variant's requests send (a schema change, such as a new column of the idempotency claim, changes them).
for variant in before after; do
  mkdir -p "$out/scripts/$variant"
  git -C "$repo" archive "${commit[$variant]}" bench/pgbench | tar -x -C "$out/scripts/$variant" --strip-components=2
done

# pgbench_tps VARIANT SCRIPT SECONDS DB VARS...: runs one of the variant's pgbench scripts and prints
# its transactions per second.
pgbench_tps() {
  local variant=$1 script=$2 seconds=$3 db=$4 log
  shift 4
  log="$out/$(basename "$db")-$(basename "$script" .sql).pgbench.log"
  "$pgbench" -n -M prepared -c "$workers" -j 2 -T "$seconds" "$@" -f "$out/scripts/$variant/$script" "$db" >"$log" 2>&1 \
    || { echo "pgbench $script failed; see $log" >&2; exit 1; }
  sed -n 's/^tps = \([0-9.]*\) (without initial connection time)$/\1/p' "$log"
}

# field LINE NAME: the value of NAME=value in a result line of Bench.java.
field() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<<"$1"; }

printf 'seq\tvariant\tcommit\top\trequests\tworkers\tseconds\trps\tp50_ms\tp99_ms\tpgbench_seconds\tpgbench_tps\tscore\tload1\n' >"$out/rounds.tsv"
seq=0
for round in $(seq "$rounds"); do
  for variant in before after; do
    seq=$((seq + 1))
    db="recaudo_bench_${seq}_${variant}"
    dropdb --if-exists "$db" 2>/dev/null
    # Created empty beforehand, as a deployed service finds its database: started on a missing
    # one, Hibernate boots before the service creates it and logs a warning with a stack trace.
    createdb "$db"
    load1=$(cut -d' ' -f1 /proc/loadavg)
    echo "round $round, $variant (${commit[$variant]:0:12}), load $load1" >&2
    start_service "$variant" "$db" "$out/$db.service.log"
    bench load --base "http://127.0.0.1:$port" --operator-token bench-operator --workers "$workers" \
      --invoices "$invoices" --payments "$payments" --warmup "$warmup" | tee "$out/$db.bench.log" >&2
    stop_service

    company=$(psql -d "$db" -Atc "SELECT id FROM companies")
    read -r public_id public_hash < <(psql -d "$db" -At -F ' ' -c \
      "SELECT id, key_hash FROM api_keys WHERE 'public_invoices:write' = ANY (permissions)")
    read -r partner_id partner_hash < <(psql -d "$db" -At -F ' ' -c \
      "SELECT id, key_hash FROM api_keys WHERE 'verified_payments:write' = ANY (permissions)")
    common=(-D "company=$company" -D partner=source:bench-erp -D source=bench-erp)

    for op in invoice_create verified_payment document_upsert; do
      line=$(grep "^result op=$op " "$out/$db.bench.log")
      seconds=$(field "$line" seconds)
      duration=$(awk -v s="$seconds" 'BEGIN { d = int(s + 0.5); print (d < 5 ? 5 : d) }')
      case $op in
        invoice_create)
          tps=$(pgbench_tps "$variant" invoice_create.sql "$duration" "$db" "${common[@]}" -D "key_id=$public_id" \
            -D "key_hash=$public_hash" -D "bucket=public:$public_id:POST:/v1/invoices") ;;
        verified_payment)
          # Enough documents for pgbench at 1,000 transactions per second, several times what this machine does.
          psql -d "$db" -q -v ON_ERROR_STOP=1 -v "company=$company" -v "size=$((duration * 1000))" -f "$out/scripts/$variant/pool.sql"
          tps=$(pgbench_tps "$variant" verified_payment.sql "$duration" "$db" "${common[@]}" -D "key_id=$partner_id" \
            -D "key_hash=$partner_hash" -D "bucket=integrations:$partner_id" -D "payments_bucket=verified-payments:$partner_id") ;;
        *) tps=- duration=- ;;
      esac
      rps=$(field "$line" rps)
      score=$([ "$tps" = - ] && echo - || awk -v r="$rps" -v t="$tps" 'BEGIN { printf "%.5f", r / t }')
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$seq" "$variant" "${commit[$variant]}" "$op" \
        "$(field "$line" requests)" "$workers" "$seconds" "$rps" "$(field "$line" p50_ms)" "$(field "$line" p99_ms)" \
        "$duration" "$tps" "$score" "$load1" >>"$out/rounds.tsv"
    done
    dropdb "$db"
  done
done

bench summary --rounds "$out/rounds.tsv" --ops invoice_create,verified_payment | tee "$out/summary.md"
echo "results: $out" >&2
