#!/usr/bin/env bash
# Runs Recaudo: builds it when the runnable jar is missing or older than the sources, then starts
# it on port 8080 (QUARKUS_HTTP_PORT). The database named by QUARKUS_DATASOURCE_JDBC_URL (default
# jdbc:postgresql://localhost:5432/recaudo) is created when missing and migrated at start.
set -euo pipefail
cd "$(dirname "$0")"
jar=bootstrap-quarkus/target/quarkus-app/quarkus-run.jar
if [ ! -f "$jar" ] || [ -n "$(find . -path ./.git -prune -o \( -name '*.java' -o -name '*.sql' -o -name '*.properties' -o -name '*.html' -o -name pom.xml \) -newer "$jar" -print -quit)" ]; then
  echo "Building Recaudo..." >&2
  ./mvnw -B -q package -DskipTests
fi
exec java ${JAVA_OPTS:-} -jar "$jar" "$@"
