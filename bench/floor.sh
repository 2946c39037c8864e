#!/usr/bin/env bash
# floor.sh [COMMIT]: the service against its floor (bench/README.md, "The floor"). Builds COMMIT's
# jar once (default HEAD), then ROUNDS rounds, each: a fresh database, the service started on it,
# Scenarios.java's setup and scenarios (WORKERS workers, WARMUP_SECONDS unmeasured then
# MEASURE_SECONDS measured each), the service's resident memory after each scenario, the service
# stopped; then per scenario pgbench running the floor's script (floor/*.sql) with as many clients
# for as long, for the writes also the floor with the rate-limit counters apart (floor/*_counter_apart.sql),
# then the statements the service sends (pgbench/invoice_create.sql, verified_payment_zipf.sql).
# With OPEN_SECONDS (default 20), each scenario is followed by an open loop at half the rate it
# reached, for the service and then its floor. Service and pgbench thus alternate within every
# round. Writes rounds.tsv, timeline.tsv, summary.md and floor.png under $BENCH_WORK/floor/<time>/
# and prints the summary (medians of the rounds).
set -euo pipefail
service=${1:-HEAD}
variants=service
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)

rounds=${ROUNDS:-3}
workers=${WORKERS:-16}
measure=${MEASURE_SECONDS:-30}
warmup=${WARMUP_SECONDS:-10}
prewarm=${PREWARM_SECONDS:-0}
# SAME=yes adds the side of the statements the service sent (bench/pgbench/*.sql): they describe the
# service before issue 24 cut its round trips, so they are off by default (bench/README.md).
same_side=$([ "${SAME:-no}" = yes ] && echo same || true)
open=${OPEN_SECONDS:-20}
scenarios=${SCENARIOS:-invoice_create,invoice_get,document_get,documents_page_1,documents_page_1000,payments_zipf_1.001,payments_zipf_2.0}
port=${PORT:-18083}
pgbench=${PGBENCH:-$(command -v pgbench || echo /usr/lib/postgresql/15/bin/pgbench)}
work=${BENCH_WORK:-/tmp/recaudo-bench}
out="$work/floor/$(date -u +%Y%m%dT%H%M%SZ)"
# shellcheck source=common.sh
. "$here/common.sh"

pin_cpus

# percentiles FILE: p50, p99 and p99.9 in milliseconds of the latencies in microseconds in FILE, one a line.
percentiles() {
  sort -n "$1" | awk '{ v[NR] = $1 } END {
    split("0.50 0.99 0.999", q, " ")
    for (i = 1; i <= 3; i++) { k = int(q[i] * NR); if (k < q[i] * NR) k++; if (k < 1) k = 1; printf "%s%.2f", (i > 1 ? " " : ""), v[k] / 1000 }
  }'
}

# run_pgbench SIDE SCRIPT VARS...: pgbench for pgbench_seconds with a per-transaction log, checking
# that each transaction added one row to the table named by written; appends its line to rounds.tsv
# and its first seconds to timeline.tsv. Under --rate (-R), pgbench counts each latency from the
# transaction's scheduled start, so an open loop's latencies are comparable.
run_pgbench() {
  local side=$1 script=$2 log prefix tps requests before after
  shift 2
  prefix="$out/logs/$db-$scenario-$side"
  log="$prefix.pgbench.log"
  before=$(count_written)
  $client_taskset "$pgbench" -n -M prepared -c "$workers" -j 2 -T "$pgbench_seconds" -l --log-prefix="$prefix.tx" "$@" -f "$script" "$db" >"$log" 2>&1 \
    || { echo "pgbench $script failed; see $log" >&2; exit 1; }
  tps=$(sed -n 's/^tps = \([0-9.]*\) (without initial connection time)$/\1/p' "$log")
  cat "$prefix".tx.* | awk '{ print $3 }' >"$prefix.latencies"
  requests=$(wc -l <"$prefix.latencies")
  # As Bench.java checks every answer, every transaction must have done the request's work: a
  # statement that matched no document would write nothing and look fast.
  after=$(count_written)
  if [ -n "$written" ] && [ $((after - before)) -ne "$requests" ]; then
    echo "$script: $requests transactions but $((after - before)) new rows in $written; see $log" >&2
    exit 1
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t-\t%s\n' "$round" "$scenario" "$side" "$requests" "$pgbench_seconds" "$tps" \
    "$(percentiles "$prefix.latencies" | tr ' ' '\t')" "$load1" >>"$out/rounds.tsv"
  cat "$prefix".tx.* | awk -v round="$round" -v scenario="$scenario" -v side="$side" '
    { at[NR] = $5; if (first == "" || $5 < first) first = $5 }
    END { for (i = 1; i <= NR; i++) n[at[i] - first]++; for (s = 0; s < 60; s++) printf "%s\t%s\t%s\t%d\t%d\n", round, scenario, side, s, n[s] + 0 }
  ' >>"$out/timeline.tsv"
  rm -f "$prefix".tx.*
}

# count_written: the rows of the table each transaction of the scenario adds one to (none for reads).
count_written() {
  if [ -n "$written" ]; then psql -d "$db" -Atc "SELECT count(*) FROM $written"; else echo 0; fi
}

# sides_of SCENARIO: the pgbench sides of a scenario (the pages are compared with each other, page
# 1,000 ÷ page 1, not with a floor).
sides_of() {
  case $1 in
    invoice_create|payments_zipf_*) echo floor floor_apart "${same_side}" ;;
    invoice_get|document_get) echo floor ;;
    *) echo ;;
  esac
}

# pgbench_side SIDE: one side of the current scenario.
pgbench_side() {
  local zipf=(-D "s=${scenario#payments_zipf_}")
  case $scenario:$1 in
    invoice_create:floor)
      run_pgbench floor "$here/floor/invoice_create.sql" -D partner=source:bench-erp -D "key_hash=$public_hash" ;;
    invoice_create:floor_apart)
      run_pgbench floor_apart "$here/floor/invoice_create_counter_apart.sql" -D partner=source:bench-erp \
        -D "key_hash=$public_hash" ;;
    invoice_create:same)
      run_pgbench same "$here/pgbench/invoice_create.sql" -D partner=source:bench-erp -D "company=$company" \
        -D "key_id=$public_id" -D "key_hash=$public_hash" -D "bucket=public:$public_id:POST:/v1/invoices" ;;
    payments_zipf_*:floor)
      run_pgbench floor "$here/floor/verified_payment.sql" -D partner=source:bench-erp "${zipf[@]}" ;;
    payments_zipf_*:floor_apart)
      run_pgbench floor_apart "$here/floor/verified_payment_counter_apart.sql" -D partner=source:bench-erp "${zipf[@]}" ;;
    payments_zipf_*:same)
      run_pgbench same "$here/pgbench/verified_payment_zipf.sql" -D partner=source:bench-erp -D source=bench-erp "${zipf[@]}" ;;
    invoice_get:floor)
      run_pgbench floor "$here/floor/invoice_get.sql" -D partner=source:bench-erp -D "key_hash=$public_hash" \
        -D "invoices=$(psql -d "$db" -Atc "SELECT count(*) FROM bench_invoices")" ;;
    document_get:floor)
      run_pgbench floor "$here/floor/document_get.sql" -D partner=source:bench-erp ;;
  esac
}

# field LINE NAME: the value of NAME=value in a result line of Bench.java.
field() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<<"$1"; }

mkdir -p "$out/logs"
printf 'round\tscenario\tside\trequests\tseconds\trps\tp50_ms\tp99_ms\tp999_ms\trss_kb\tload1\n' >"$out/rounds.tsv"
printf 'round\tscenario\tside\tsecond\tcompletions\n' >"$out/timeline.tsv"
for round in $(seq "$rounds"); do
  db="recaudo_floor_$round"
  dropdb --if-exists "$db" 2>/dev/null
  createdb "$db"
  load1=$(cut -d' ' -f1 /proc/loadavg)
  echo "round $round (${commit[service]:0:12}), load $load1" >&2
  start_service service "$db" "$out/logs/$db.service.log"
  # Each result line is followed at once by the service's resident memory at that moment.
  bench scenarios --base "http://127.0.0.1:$port" --operator-token bench-operator --workers "$workers" \
      --seconds "$measure" --warmup-seconds "$warmup" --prewarm-seconds "$prewarm" --open-seconds "$open" --scenarios "$scenarios" \
      --analyze "psql -d $db -qc ANALYZE" \
    | while IFS= read -r line; do
        echo "$line"
        case $line in "result "*) echo "rss op=$(field "$line" op) kb=$(awk '/^VmRSS:/ { print $2 }' "/proc/$service_pid/status")" ;; esac
      done | tee "$out/logs/$db.bench.log" >&2
  stop_service

  for scenario in ${scenarios//,/ }; do
    line=$(grep "^result op=$scenario " "$out/logs/$db.bench.log")
    printf '%s\t%s\tservice\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$scenario" "$(field "$line" requests)" \
      "$(field "$line" seconds)" "$(field "$line" rps)" "$(field "$line" p50_ms)" "$(field "$line" p99_ms)" \
      "$(field "$line" p999_ms)" "$(sed -n "s/^rss op=$scenario kb=//p" "$out/logs/$db.bench.log")" "$load1" >>"$out/rounds.tsv"
    sed -n "s/^timeline op=$scenario per_second=//p" "$out/logs/$db.bench.log" | tr ',' '\n' \
      | awk -v round="$round" -v scenario="$scenario" '{ printf "%s\t%s\tservice\t%d\t%s\n", round, scenario, NR - 1, $1 }' >>"$out/timeline.tsv"
    line=$(grep "^result op=$scenario:open " "$out/logs/$db.bench.log" || true)
    if [ -n "$line" ]; then
      printf '%s\t%s\topen\t%s\t%s\t%s\t%s\t%s\t%s\t-\t%s\n' "$round" "$scenario" "$(field "$line" requests)" \
        "$(field "$line" seconds)" "$(field "$line" rate)" "$(field "$line" p50_ms)" "$(field "$line" p99_ms)" \
        "$(field "$line" p999_ms)" "$load1" >>"$out/rounds.tsv"
    fi
  done

  companies=$(grep '^company ' "$out/logs/$db.bench.log" | awk '{ printf "%s(%d, %s)", (NR > 1 ? ", " : ""), $2, "'"'"'" $3 "'"'"'" }')
  psql -d "$db" -q -v ON_ERROR_STOP=1 -v "companies=$companies" -f "$here/floor/floor_setup.sql"
  read -r company public_id public_hash < <(psql -d "$db" -At -F ' ' -c \
    "SELECT company_id, id, key_hash FROM api_keys WHERE 'public_invoices:write' = ANY (permissions)")
  for scenario in ${scenarios//,/ }; do
    load1=$(cut -d' ' -f1 /proc/loadavg)
    pgbench_seconds=$measure
    case $scenario in
      invoice_create) written=collection_documents ;;
      payments_*) written=payment_applications ;;
      *) written= ;;
    esac
    # The sides of a scenario run in an order that turns by one each round, so that none is always
    # the first after the service stopped (or the last, on the most rows).
    read -ra sides <<<"$(sides_of "$scenario")"
    for ((i = 0; i < ${#sides[@]}; i++)); do
      pgbench_side "${sides[$(((i + round - 1) % ${#sides[@]}))]}"
    done
    # The floor at the open loop's rate, the service's own half maximum: latency at the same load.
    rate=$(awk -F '\t' -v r="$round" -v s="$scenario" '$1 == r && $2 == s && $3 == "open" { print $6 }' "$out/rounds.tsv")
    if [ -n "$rate" ] && [ "$open" -gt 0 ]; then
      pgbench_seconds=$open
      case $scenario in
        invoice_get|document_get|documents_page_*) ;;
        invoice_create) run_pgbench floor_open "$here/floor/invoice_create.sql" -R "$rate" -D partner=source:bench-erp \
          -D "key_hash=$public_hash" ;;
        payments_zipf_*) run_pgbench floor_open "$here/floor/verified_payment.sql" -R "$rate" -D partner=source:bench-erp \
          -D "s=${scenario#payments_zipf_}" ;;
      esac
    fi
  done
  dropdb "$db"
done

bench floor-summary --rounds "$out/rounds.tsv" --timeline "$out/timeline.tsv" --chart "$out/floor.png" | tee "$out/summary.md"
echo "results: $out" >&2
