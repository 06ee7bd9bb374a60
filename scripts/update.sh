#!/usr/bin/env bash
# Updates the portal without a lost request (docs/operations.md §9, decision 038):
#
#   scripts/update.sh [<git-ref>]   builds <ref> (default: main) into a new release folder,
#                                   switches <base>/current to it, restarts one replica at a time
#   scripts/update.sh rollback      switches back to the release before the current one and
#                                   restarts the same way
#
# Settings (environment):
#   BASE             the deployment's folder, default /opt/kundenportal (releases/, current)
#   REPOSITORY       what `git clone` fetches, default the origin of the current release
#   REPLICAS         the instances of kundenportal@.service, each its port: default "8081 8082"
#   RESTART_COMMAND  restarts one instance, default "systemctl restart" (called with kundenportal@<port>)
#   READY_TIMEOUT    seconds a restarted replica has to answer its ready probe, default 120
#   KEEP             release folders kept, default 5
#
# A replica's restart waits for its drain (SIGTERM: the ready probe answers 503, the server keeps
# serving for SHUTDOWN_DELAY_MS, then closes), then for its ready probe, before the next one starts.
# A replica that does not become ready stops the update; the others still run the old release.
set -euo pipefail

BASE=${BASE:-/opt/kundenportal}
REPLICAS=${REPLICAS:-"8081 8082"}
RESTART_COMMAND=${RESTART_COMMAND:-"systemctl restart"}
READY_TIMEOUT=${READY_TIMEOUT:-120}
KEEP=${KEEP:-5}
releases="$BASE/releases"

say() { echo "== $*"; }
fail() {
  echo "Fehler: $*" >&2
  exit 1
}

# waits until the replica on port $1 answers its ready probe with 200
wait_ready() {
  local port=$1 waited=0
  until node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' \
    "http://127.0.0.1:$port/api/health/ready"; do
    waited=$((waited + 1))
    [ "$waited" -lt "$READY_TIMEOUT" ] || return 1
    sleep 1
  done
}

# restarts the replicas one after the other; each must be ready before the next one stops
restart_replicas() {
  local port
  for port in $REPLICAS; do
    say "Replikat kundenportal@$port wird neu gestartet"
    # shellcheck disable=SC2086 # RESTART_COMMAND is a command with its arguments
    $RESTART_COMMAND "kundenportal@$port"
    wait_ready "$port" ||
      fail "kundenportal@$port ist nach $READY_TIMEOUT s nicht bereit; die übrigen Replikate laufen weiter mit dem bisherigen Stand (journalctl -u kundenportal@$port)"
    say "Replikat kundenportal@$port ist bereit"
  done
}

# points <base>/current at release folder $1 in one rename (never a missing link)
switch_to() {
  ln -sfn "releases/$1" "$BASE/current.next"
  mv -T "$BASE/current.next" "$BASE/current"
  say "$BASE/current zeigt auf releases/$1"
}

current_release() {
  [ -L "$BASE/current" ] || return 0
  basename "$(readlink "$BASE/current")"
}

if [ "${1:-}" = rollback ]; then
  current=$(current_release)
  [ -n "$current" ] || fail "$BASE/current ist kein Verweis auf einen Release-Ordner"
  # the newest release folder older than the current one (names begin with their time)
  previous=$(find "$releases" -mindepth 1 -maxdepth 1 -type d ! -name '.*' -printf '%f\n' | sort | awk -v c="$current" '$0 < c' | tail -n 1)
  [ -n "$previous" ] || fail "Vor releases/$current gibt es keinen Release-Ordner"
  say "Zurück von releases/$current auf releases/$previous"
  switch_to "$previous"
  restart_replicas
  say "Zurückgesetzt auf releases/$previous"
  exit 0
fi

ref=${1:-main}
current=$(current_release)
if [ -z "${REPOSITORY:-}" ]; then
  [ -n "$current" ] || fail "REPOSITORY fehlt: noch kein Release, aus dem die Quelle folgt"
  REPOSITORY=$(git -C "$releases/$current" remote get-url origin)
fi
mkdir -p "$releases"
building="$releases/.building-$$"
trap 'rm -rf "$building"' EXIT

say "Stand $ref aus $REPOSITORY wird geholt"
git clone --quiet "$REPOSITORY" "$building"
git -C "$building" checkout --quiet "$ref"
release="$(date +%Y%m%d-%H%M%S)-$(git -C "$building" rev-parse --short HEAD)"

# the build needs the development dependencies: without NODE_ENV=production, in the new folder
# only; the running replicas keep serving the current release meanwhile
say "Abhängigkeiten und Build in releases/$release"
(
  cd "$building"
  env -u NODE_ENV npm ci --no-audit --no-fund
  env -u NODE_ENV npm run build
  env -u NODE_ENV npm prune --omit=dev --no-audit --no-fund
)
mv "$building" "$releases/$release"
trap - EXIT

switch_to "$release"
restart_replicas

# the oldest release folders go, the newest $KEEP stay (the current one among them)
find "$releases" -mindepth 1 -maxdepth 1 -type d ! -name '.*' -printf '%f\n' | sort | head -n "-$KEEP" |
  while read -r old; do
    [ "$old" = "$release" ] || rm -rf "${releases:?}/$old"
  done
say "Aktualisiert auf releases/$release${current:+ (zurück mit: scripts/update.sh rollback, auf releases/$current)}"
