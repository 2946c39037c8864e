#!/usr/bin/env bash
# probe.sh [COMMIT] [SCENARIOS]: the rows one request of each floor scenario leaves, from the
# service and from the floor's scripts (bench/README.md, "How the floor was checked"). Starts
# COMMIT's jar (default HEAD) on a fresh database, sets up the scenarios' companies, keys and
# documents, then sends one request of each scenario, copying every table before and after; stops
# the service, runs each floor script once the same way; and writes per scenario and side the rows
# added and the rows changed (old and new versions), table by table, under $BENCH_WORK/probe/<time>/.
# The database logs every statement the service sends (log_min_duration_statement = 0), so the
# server log holds the statements of each request too.
set -euo pipefail
service=${1:-HEAD}
scenarios=${2:-invoice_create,payments_zipf_1.001}
variants=service
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
port=${PORT:-18082}
pgbench=${PGBENCH:-$(command -v pgbench || echo /usr/lib/postgresql/15/bin/pgbench)}
work=${BENCH_WORK:-/tmp/recaudo-bench}
out="$work/probe/$(date -u +%Y%m%dT%H%M%SZ)"
# shellcheck source=common.sh
. "$here/common.sh"

db=recaudo_probe
dropdb --if-exists "$db" 2>/dev/null
createdb "$db"
psql -d "$db" -qc "ALTER DATABASE $db SET log_min_duration_statement = 0"

# snapshot NAME: every table of the database, one sorted text file per table.
snapshot() {
  mkdir -p "$out/tables/$1"
  for table in $(psql -d "$db" -Atc "SELECT tablename FROM pg_tables WHERE schemaname = 'public'
      AND tablename NOT IN ('flyway_schema_history') ORDER BY 1"); do
    psql -d "$db" -qc "\\copy (SELECT * FROM $table) TO STDOUT" | sort >"$out/tables/$1/$table"
  done
}

# rows BEFORE AFTER LABEL: per table, the rows only AFTER has (added, or the new version of a changed
# row) and the rows only BEFORE has (the old version of a changed row), with the table's columns.
rows() {
  local file="$out/rows-$3.txt"
  : >"$file"
  for path in "$out/tables/$2"/*; do
    table=$(basename "$path")
    new=$(comm -13 "$out/tables/$1/$table" "$path" | wc -l)
    old=$(comm -23 "$out/tables/$1/$table" "$path" | wc -l)
    [ "$new" = 0 ] && [ "$old" = 0 ] && continue
    {
      echo "## $table: $((new - old)) added, $old changed"
      echo "columns: $(psql -d "$db" -Atc "SELECT string_agg(column_name, ', ' ORDER BY ordinal_position)
          FROM information_schema.columns WHERE table_schema = 'public' AND table_name = '$table'")"
      comm -23 "$out/tables/$1/$table" "$path" | sed 's/^/- /'
      comm -13 "$out/tables/$1/$table" "$path" | sed 's/^/+ /'
    } >>"$file"
  done
  grep '^## ' "$file" | sed "s/^## /$3: /" >&2
}

start_service service "$db" "$out/service.log"
coproc load { bench scenarios --base "http://127.0.0.1:$port" --operator-token bench-operator --workers 1 \
  --requests 1 --scenarios "$scenarios" --pause yes 2>&1; }
previous=
while IFS= read -r line <&"${load[0]}"; do
  echo "$line" | tee -a "$out/load.log" >&2
  case $line in
    "pause "*)
      name=${line#pause }
      snapshot "service-$name"
      [ -n "$previous" ] && rows "service-$previous" "service-$name" "service-$previous"
      previous=$name
      echo >&"${load[1]}" ;;
  esac
done
stop_service
psql -d "$db" -qc "ALTER DATABASE $db RESET log_min_duration_statement"

# The floor's scripts, one transaction each, on the same database (floor_setup.sql makes what they read).
bench_companies=$(grep '^company ' "$out/load.log" | awk '{ printf "%s(%d, %s)", (NR > 1 ? ", " : ""), $2, "'"'"'" $3 "'"'"'" }')
psql -d "$db" -q -v ON_ERROR_STOP=1 -v "companies=$bench_companies" -f "$here/floor/floor_setup.sql"
public_hash=$(psql -d "$db" -Atc "SELECT key_hash FROM api_keys WHERE 'public_invoices:write' = ANY (permissions)")
previous=floor-start
snapshot "$previous"
for scenario in ${scenarios//,/ }; do
  case $scenario in
    invoice_create) script=invoice_create.sql args=(-D "key_hash=$public_hash") ;;
    payments_zipf_*) script=verified_payment.sql args=(-D "s=${scenario#payments_zipf_}") ;;
    invoice_get) script=invoice_get.sql
      args=(-D "key_hash=$public_hash" -D "invoices=$(psql -d "$db" -Atc "SELECT count(*) FROM bench_invoices")") ;;
    document_get) script=document_get.sql args=() ;;
    *) continue ;;
  esac
  "$pgbench" -n -M prepared -c 1 -t 1 -D partner=source:bench-erp "${args[@]}" -f "$here/floor/$script" "$db" >"$out/floor-$scenario.pgbench.log" 2>&1 \
    || { cat "$out/floor-$scenario.pgbench.log" >&2; exit 1; }
  snapshot "floor-$scenario"
  rows "$previous" "floor-$scenario" "floor-$scenario"
  previous=floor-$scenario
done
echo "rows: $out/rows-*.txt" >&2
