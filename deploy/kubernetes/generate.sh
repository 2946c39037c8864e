#!/usr/bin/env bash
# Regenerates the Kubernetes manifests from the `kubernetes` profile of bootstrap-quarkus/pom.xml
# and compares them with the committed deploy/kubernetes/kubernetes.yml (deploy/kubernetes/README.md).
#
#   deploy/kubernetes/generate.sh           exits 1, printing the difference, when they differ
#   deploy/kubernetes/generate.sh --write   copies the generated manifests here instead
#
# The commit id Quarkus writes into each annotation is left out of the committed file: it would be
# stale from the next commit on. Quarkus writes labels and ports in an order that changes from one
# build to the next, so the files are compared as data (maps by key, lists as sets; python3-yaml).
# The profile's build moves health to the management interface, so the default jar is packaged
# again afterwards: tests and run.sh expect it in target/quarkus-app.
set -euo pipefail
cd "$(dirname "$0")/../.."

write=false
[ "${1:-}" = --write ] && write=true

./mvnw -B -q package -Pkubernetes -DskipTests -DskipITs -Dnative.sources.skip -pl bootstrap-quarkus -am
generated=$(mktemp)
trap 'rm -f "$generated"' EXIT
grep -v 'app.quarkus.io/commit-id:' bootstrap-quarkus/target/kubernetes/kubernetes.yml > "$generated"
./mvnw -B -q package -DskipTests -DskipITs -Dnative.sources.skip -pl bootstrap-quarkus -am

if $write; then
  cp "$generated" deploy/kubernetes/kubernetes.yml
  echo "deploy/kubernetes/kubernetes.yml written"
elif ! python3 - deploy/kubernetes/kubernetes.yml "$generated" <<'PYTHON'
import difflib, json, sys, yaml

def normal(node):
    if isinstance(node, dict):
        return {key: normal(value) for key, value in node.items()}
    if isinstance(node, list):
        return sorted((normal(item) for item in node), key=lambda item: json.dumps(item, sort_keys=True))
    return node

def lines(path):
    with open(path) as manifests:
        documents = [normal(document) for document in yaml.safe_load_all(manifests) if document]
    return json.dumps(documents, sort_keys=True, indent=1).splitlines()

committed, generated = lines(sys.argv[1]), lines(sys.argv[2])
sys.stdout.writelines(line + "\n" for line in difflib.unified_diff(committed, generated, "committed", "generated", lineterm=""))
sys.exit(committed != generated)
PYTHON
then
  echo "deploy/kubernetes/kubernetes.yml differs from what the profile generates: run $0 --write" >&2
  exit 1
else
  echo "deploy/kubernetes/kubernetes.yml is what the profile generates"
fi
