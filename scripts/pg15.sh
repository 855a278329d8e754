#!/usr/bin/env bash
# A throwaway Debian PostgreSQL 15 cluster on a loopback port, to prove we run on the oldest version we support.
# Usage: pg15.sh start DIR PORT | pg15.sh stop DIR
set -euo pipefail
bin=/usr/lib/postgresql/15/bin
cmd=$1 dir=$2
as_postgres() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "$cmd" in
  start)
    port=$3
    [ -x "$bin/initdb" ] || { echo "pg15: $bin/initdb is missing (apt-get install postgresql-15)" >&2; exit 1; }
    if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then useradd --system --user-group postgres; fi
    rm -rf "$dir" && mkdir -p "$dir"
    [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$dir"
    as_postgres "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log"
    # -k: /var/run/postgresql may not exist; the socket goes into the cluster's own folder.
    as_postgres "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-p $port -c listen_addresses=127.0.0.1 -k $dir" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -d "$dir/data" ] && as_postgres "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
esac
