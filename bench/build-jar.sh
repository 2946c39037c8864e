#!/usr/bin/env bash
# build-jar.sh COMMIT: builds the runnable service of COMMIT once and prints the directory that
# holds its quarkus-run.jar. The build runs in a temporary detached worktree, so the working copy
# it is called from is never touched; the result is kept under $BENCH_WORK/jars/<full hash> and
# reused by later runs (a commit's jar never changes).
set -euo pipefail
commit=${1:?usage: build-jar.sh COMMIT}
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
hash=$(git -C "$repo" rev-parse --verify "$commit^{commit}")
work=${BENCH_WORK:-/tmp/recaudo-bench}
app="$work/jars/$hash/quarkus-app"

if [ -f "$app/quarkus-run.jar" ]; then
  echo "$app"
  exit 0
fi

tree=$(mktemp -d "$work/build-XXXXXX" 2>/dev/null || { mkdir -p "$work"; mktemp -d "$work/build-XXXXXX"; })
rmdir "$tree"
cleanup() { git -C "$repo" worktree remove --force "$tree" >/dev/null 2>&1 || rm -rf "$tree"; }
trap cleanup EXIT
git -C "$repo" worktree add --detach "$tree" "$hash" >/dev/null 2>&1
echo "building ${hash:0:12} in $tree ..." >&2
(cd "$tree" && ./mvnw -B -o -q package -DskipTests -DskipITs -Dnative.sources.skip -pl bootstrap-quarkus -am >&2)
mkdir -p "$(dirname "$app")"
cp -r "$tree/bootstrap-quarkus/target/quarkus-app" "$app.partial"
mv "$app.partial" "$app"
echo "$app"
