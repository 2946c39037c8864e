#!/usr/bin/env bash
# profile.sh [COMMIT]: where the service spends its CPU and allocates under load (bench/README.md,
# "Profiling"). Builds COMMIT's jar once (default HEAD), starts it on a fresh database, runs
# Scenarios.java's SCENARIOS (default the two writes) with WORKERS workers, WARMUP_SECONDS unmeasured
# and MEASURE_SECONDS measured each, and records each scenario's measured part with JFR ("profile"
# settings, started and stopped through jcmd, so that the setup and the warm-up are left out). Per
# scenario it prints the CPU each side used (service, PostgreSQL, load generator, in cores) and the
# recording's summary (ProfileSummary.java). The recordings stay under $BENCH_WORK/profile/<time>/
# for `jfr print` or JDK Mission Control.
set -euo pipefail
service=${1:-HEAD}
variants=service
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
workers=${WORKERS:-16}
measure=${MEASURE_SECONDS:-30}
warmup=${WARMUP_SECONDS:-10}
prewarm=${PREWARM_SECONDS:-0}
scenarios=${SCENARIOS:-invoice_create,payments_zipf_1.001}
# PROFILER: jfr (a flight recording), async (async-profiler's CPU samples, with ASPROF naming its
# bin/asprof, beside lib/libasyncProfiler.so; bench/README.md, "Profiling"), or none (the CPU split
# only: what profiling itself costs).
profiler=${PROFILER:-jfr}
port=${PORT:-18083}
work=${BENCH_WORK:-/tmp/recaudo-bench}
out="$work/profile/$(date -u +%Y%m%dT%H%M%SZ)"
# shellcheck source=common.sh
. "$here/common.sh"

# ticks PIDS...: the CPU time the processes used so far, in clock ticks (user and system).
ticks() { for pid in "$@"; do awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || true; done | awk '{ s += $1 } END { print s + 0 }'; }
postgres_pids() { pgrep -u postgres -x postgres || true; }
bench_pid() { pgrep -f 'Bench scenarios' | head -1; }

current=
# begin SCENARIO: lets the paused load generator go on to SCENARIO, waits out its warm-up, then
# starts a recording and takes the CPU counters.
begin() {
  current=$1
  echo >&"${load[1]}"
  sleep "$warmup"
  case $profiler in
    jfr) jcmd "$service_pid" JFR.start name="$current" settings=profile >/dev/null ;;
    async) "$ASPROF" start -e cpu -i 1ms "$service_pid" >/dev/null \
      || "$ASPROF" start -e itimer -i 1ms "$service_pid" >/dev/null ;;
  esac
  if [ "$statements" = yes ]; then psql -d "$db" -qAtc "SELECT pg_stat_statements_reset()" >/dev/null; fi
  psql -d "$db" -qAtc "SELECT pg_stat_reset()" >/dev/null
  started=$(date +%s.%N)
  read -r service_ticks postgres_ticks bench_ticks < <(echo "$(ticks "$service_pid") $(ticks $(postgres_pids)) $(ticks "$(bench_pid)")")
}
# end: the CPU each side used since begin, and the scenario's recording written and summarised.
end() {
  local seconds hz
  seconds=$(echo "$(date +%s.%N) - $started" | bc)
  hz=$(getconf CLK_TCK)
  case $profiler in
    jfr) jcmd "$service_pid" JFR.stop name="$current" filename="$out/$current.jfr" >/dev/null ;;
    async) "$ASPROF" stop -o collapsed -f "$out/$current.collapsed" "$service_pid" >/dev/null ;;
  esac
  awk -v s="$seconds" -v hz="$hz" -v sv="$(($(ticks "$service_pid") - service_ticks))" \
    -v pg="$(($(ticks $(postgres_pids)) - postgres_ticks))" -v b="$(($(ticks "$(bench_pid)") - bench_ticks))" -v op="$current" \
    'BEGIN { printf "cpu op=%s seconds=%.1f service_cores=%.2f postgres_cores=%.2f bench_cores=%.2f\n", op, s, sv / hz / s, pg / hz / s, b / hz / s }' \
    | tee -a "$out/summary.txt"
  if [ "$statements" = yes ]; then
    psql -d "$db" -c "SELECT calls, round(total_exec_time::numeric, 1) AS total_ms, round(mean_exec_time::numeric, 3) AS mean_ms,
        rows, left(regexp_replace(query, '\s+', ' ', 'g'), 160) AS query
      FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time DESC LIMIT 25" >"$out/$current.statements.txt"
  fi
  # Sequential scans of the tables, with how many rows they read: a hot statement without its index.
  psql -d "$db" -c "SELECT relname, seq_scan, seq_tup_read, idx_scan, n_live_tup FROM pg_stat_user_tables
    WHERE seq_scan > 0 ORDER BY seq_tup_read DESC LIMIT 15" >>"$out/$current.statements.txt"
  case $profiler in
    jfr) bench profile-summary --recording "$out/$current.jfr" --top "${TOP:-40}" >"$out/$current.txt" ;;
    async) bench profile-summary --recording "$out/$current.collapsed" --top "${TOP:-40}" >"$out/$current.txt" ;;
  esac
  current=
}

pin_cpus
db=recaudo_profile
dropdb --if-exists "$db" 2>/dev/null
createdb "$db"
# With pg_stat_statements loaded (shared_preload_libraries), each scenario's statements by time too.
statements=no
if [ "$(psql -d "$db" -Atc "SHOW shared_preload_libraries")" = pg_stat_statements ]; then
  psql -d "$db" -qc "CREATE EXTENSION pg_stat_statements"
  statements=yes
fi
start_service service "$db" "$out/service.log"
coproc load { bench scenarios --base "http://127.0.0.1:$port" --operator-token bench-operator --workers "$workers" \
  --seconds "$measure" --warmup-seconds "$warmup" --prewarm-seconds "$prewarm" --open-seconds 0 --scenarios "$scenarios" --pause yes \
  --analyze "psql -d $db -qc ANALYZE"; }
while IFS= read -r line <&"${load[0]}"; do
  echo "$line" >>"$out/bench.log"
  case $line in
    "result "*) echo "$line" >&2 ;;
    "pause "*)
      if [ -n "$current" ]; then end; fi
      if [ "${line#pause }" != end ]; then begin "${line#pause }"; else echo >&"${load[1]}"; fi ;;
  esac
done
stop_service
dropdb "$db"
for scenario in ${scenarios//,/ }; do
  echo "== $scenario"
  if [ "$profiler" != none ]; then cat "$out/$scenario.txt"; fi
  if [ "$statements" = yes ]; then cat "$out/$scenario.statements.txt"; fi
done
cat "$out/summary.txt"
echo "results: $out" >&2
