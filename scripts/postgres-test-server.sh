#!/usr/bin/env bash
# Start a throwaway local PostgreSQL server for the tests of the PostgreSQL event store, and
# print its URL (the last line on stdout; everything else goes to stderr):
#
#   export POKERENGINE_POSTGRES_URL="$(scripts/postgres-test-server.sh)"
#   pytest tests/tournament/test_stores_postgres.py
#
# Installs Debian's postgresql package when no initdb is found (root only), makes a cluster
# in $POKERENGINE_PG_DIR (default: ${TMPDIR:-/tmp}/pokerengine-postgres-$PORT), starts it on
# 127.0.0.1:$POKERENGINE_PG_PORT (default 54329) and on a unix socket in that folder, with
# trust authentication for local connections only, and creates the database pokerengine_test.
# Idempotent and fast when the server already runs.  PostgreSQL refuses to run as root: as
# root the server runs as the user postgres (created by the package; else pokerengine-pg).
# Stop it with: pg_ctl -D "$POKERENGINE_PG_DIR" stop (as that user), or remove the folder.
set -euo pipefail

port="${POKERENGINE_PG_PORT:-54329}"
dir="${POKERENGINE_PG_DIR:-${TMPDIR:-/tmp}/pokerengine-postgres-$port}"
db=pokerengine_test
log() { echo "postgres-test-server: $*" >&2; }

find_bin() {
    local found
    found="$(command -v initdb 2>/dev/null || true)"
    if [ -z "$found" ]; then
        found="$(ls -1d /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1 || true)"
    fi
    [ -n "$found" ] && dirname "$(readlink -f "$found")"
}

bin="$(find_bin || true)"
if [ -z "$bin" ]; then
    if [ "$(id -u)" -ne 0 ]; then
        log "initdb not found: install PostgreSQL (Debian: apt-get install postgresql) or run this as root"
        exit 1
    fi
    log "installing Debian's postgresql package"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q postgresql >&2 || { apt-get update -q >&2 && apt-get install -y -q postgresql >&2; }
    bin="$(find_bin)"
fi

# As root, run the server's programs as an unprivileged user.
run=()
if [ "$(id -u)" -eq 0 ]; then
    user=postgres
    if ! id -u "$user" >/dev/null 2>&1; then
        user=pokerengine-pg
        id -u "$user" >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin "$user"
    fi
    run=(runuser -u "$user" --)
fi

if [ ! -s "$dir/PG_VERSION" ]; then
    log "creating a cluster in $dir"
    rm -rf "$dir"
    mkdir -p "$dir"
    chmod 700 "$dir"
    [ "${#run[@]}" -eq 0 ] || chown "$user" "$dir"
    "${run[@]}" "$bin/initdb" -D "$dir" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >/dev/null 2>&1 ||
        "${run[@]}" "$bin/initdb" -D "$dir" -U postgres -A trust -E UTF8 --locale=C --no-sync >&2
fi

if ! "${run[@]}" "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
    log "starting the server on 127.0.0.1:$port"
    "${run[@]}" "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c max_connections=50" start >&2 || {
        tail -20 "$dir/server.log" >&2 || true
        exit 1
    }
fi

psql=("${run[@]}" "$bin/psql" -h "$dir" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -qtA)
if [ "$("${psql[@]}" -c "SELECT 1 FROM pg_database WHERE datname = '$db'")" != 1 ]; then
    "${psql[@]}" -c "CREATE DATABASE $db" >&2
fi
echo "postgresql://postgres@127.0.0.1:$port/$db"
