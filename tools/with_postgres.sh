#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster, then stop and delete the cluster.
#
#   tools/with_postgres.sh .venv/bin/pytest --db-only
#
# The cluster lives in a fresh temp directory, is owned by an unprivileged user (PostgreSQL
# refuses to run as root: under root the server runs as PG_OS_USER, default `nobody`), listens on
# 127.0.0.1 only (and a Unix socket inside the temp directory) on a free port (or PG_PORT), and
# trusts local connections: nothing else can reach it and it holds only test data. The command
# runs with DATABASE_URL pointing at it. The cluster is stopped and removed on exit, on an error
# and on Ctrl-C alike (trap). Without PG_DURABLE=1 fsync is off: a crash loses a test cluster,
# never real data, and the suite runs faster.
set -euo pipefail

bindir=${PG_BINDIR:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)}
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "error: PostgreSQL's server programs are missing; run: sudo apt-get install -y postgresql" >&2
  exit 1
fi
port=${PG_PORT:-$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tenbo-pg.XXXXXX")
chmod 700 "$tmp"

if [ "$(id -u)" = "0" ]; then
  owner=${PG_OS_USER:-nobody}
  chown "$owner" "$tmp"
  as_owner() { (cd "$tmp" && runuser -u "$owner" -- "$@"); }
else
  as_owner() { (cd "$tmp" && "$@"); }
fi

cleanup() {
  as_owner "$bindir/pg_ctl" -D "$tmp/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

as_owner "$bindir/initdb" -D "$tmp/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
  --no-sync >"$tmp/initdb.log" 2>&1 || { cat "$tmp/initdb.log" >&2; exit 1; }
options="-c listen_addresses=127.0.0.1 -p $port -k $tmp -c max_connections=200"
if [ "${PG_DURABLE:-0}" != "1" ]; then
  options="$options -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
fi
as_owner "$bindir/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w -t 60 -o "$options" start \
  >/dev/null || { cat "$tmp/server.log" >&2; exit 1; }

as_owner "$bindir/createdb" -h "$tmp" -p "$port" -U postgres tenbo
export DATABASE_URL="postgres://postgres@127.0.0.1:$port/tenbo"
echo "PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (throwaway cluster in $tmp)"
status=0
"$@" || status=$?
exit "$status"
