#!/usr/bin/env bash
# flood.sh BEFORE AFTER: the noisy-neighbour measurement (bench/README.md, "Flood"). Builds each
# commit's jar once (build-jar.sh), then runs ROUNDS rounds of each in alternation: a fresh database,
# the service started on it with its default rate limits, `Bench.java flood` (company B's latency
# alone, then while company A floods GET /v1/invoices with one key at RATE requests per second), the
# service stopped. Prints one line per round and phase; logs stay under $BENCH_WORK/flood/<time>/.
set -euo pipefail
before=${1:?usage: flood.sh BEFORE AFTER}
after=${2:?usage: flood.sh BEFORE AFTER}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(git -C "$here" rev-parse --show-toplevel)
rounds=${ROUNDS:-2}
rate=${RATE:-1500}
phase=${PHASE_SECONDS:-30}
port=${PORT:-18081}
work=${BENCH_WORK:-/tmp/recaudo-bench}
out="$work/flood/$(date -u +%Y%m%dT%H%M%SZ)"
# shellcheck source=common.sh
. "$here/common.sh"

seq=0
for round in $(seq "$rounds"); do
  for variant in before after; do
    seq=$((seq + 1))
    db="recaudo_flood_${seq}_${variant}"
    dropdb --if-exists "$db" 2>/dev/null
    createdb "$db"
    echo "round $round, $variant (${commit[$variant]:0:12}), load $(cut -d' ' -f1 /proc/loadavg)" >&2
    # The default rate limits: the flood must be refused as it would be in production.
    QUARKUS_HTTP_PORT=$port \
    QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://$pg_host:$pg_port/$db" \
    QUARKUS_DATASOURCE_USERNAME=$pg_user \
    RECAUDO_OPERATOR_TOKEN=bench-operator \
    RECAUDO_PUBLIC_BASE_URL="http://127.0.0.1:$port" \
    RECAUDO_ADMIN_PASSWORD_HASH_COST=4 \
      java -jar "${app[$variant]}/quarkus-run.jar" >"$out/$db.service.log" 2>&1 &
    service_pid=$!
    for _ in $(seq 120); do
      curl -sf "http://127.0.0.1:$port/q/health/ready" >/dev/null && break
      sleep 1
    done
    bench flood --base "http://127.0.0.1:$port" --operator-token bench-operator \
      --rate "$rate" --phase-seconds "$phase" | tee "$out/$db.flood.log" | sed "s/^result /$variant ${commit[$variant]:0:7} /"
    stop_service
    dropdb "$db"
  done
done
echo "results: $out" >&2
