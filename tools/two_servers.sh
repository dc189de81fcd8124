#!/usr/bin/env bash
# Two app servers behind one proxy, with PostgreSQL and Redis: the README's "Several machines"
# recipe on one machine, without containers.
#
#   tools/two_servers.sh                      # serve until Ctrl-C (URLs printed)
#   tools/two_servers.sh COMMAND [ARGS...]    # run COMMAND against it, then stop everything
#
# A throwaway PostgreSQL cluster (tools/with_postgres.sh), a throwaway Redis (redis-server, no
# persistence, 127.0.0.1, free port), `migrate` and `collectstatic` once, two gunicorns (A and B)
# with the same environment (DATABASE_URL, REDIS_URL, DJANGO_PROXY_COUNT=1, DEBUG off over plain
# HTTP), and nginx in front of both with the README's configuration (round robin). COMMAND runs
# with TENBO_URL (the proxy), TENBO_SERVER_A and TENBO_SERVER_B (each server directly) and
# DATABASE_URL/REDIS_URL in its environment. Everything is stopped and removed on exit, on an
# error and on Ctrl-C (trap). Ports: free ones, or TENBO_PROXY_PORT, TENBO_PORT_A, TENBO_PORT_B.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if [ -z "${DATABASE_URL:-}" ] || [ "${TENBO_TWO_SERVERS_INNER:-}" != "1" ]; then
  TENBO_TWO_SERVERS_INNER=1 exec "$here/tools/with_postgres.sh" "$0" "$@"
fi
cd "$here"
py=${PYTHON:-$here/.venv/bin/python}
gunicorn=$(dirname "$py")/gunicorn
nginx=$(command -v nginx || echo /usr/sbin/nginx)
free_port() { "$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/tenbo-two.XXXXXX")
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

redis_port=$(free_port)
redis-server --port "$redis_port" --bind 127.0.0.1 --save "" --appendonly no --dir "$tmp" \
  >"$tmp/redis.log" 2>&1 &
pids+=($!)
export REDIS_URL="redis://127.0.0.1:$redis_port/0"
export DJANGO_DEBUG=0 DJANGO_HTTPS=0 DJANGO_PROXY_COUNT=1
export DJANGO_SECRET_KEY=${DJANGO_SECRET_KEY:-$("$py" -c 'import secrets; print(secrets.token_urlsafe(50))')}
export DJANGO_ALLOWED_HOSTS=${DJANGO_ALLOWED_HOSTS:-127.0.0.1,localhost}
export DJANGO_STATIC_ROOT="$tmp/static"
export DJANGO_LOGIN_HASH_LOCK_DIR="$tmp"
"$py" manage.py migrate --noinput -v0
"$py" manage.py collectstatic --noinput -v0 --ignore admin

port_a=${TENBO_PORT_A:-$(free_port)}
port_b=${TENBO_PORT_B:-$(free_port)}
for server in a b; do
  port=$port_a; [ "$server" = b ] && port=$port_b
  GUNICORN_BIND="127.0.0.1:$port" "$gunicorn" -c config/gunicorn.conf.py config.wsgi \
    >"$tmp/$server.log" 2>&1 &
  pids+=($!)
done

proxy_port=${TENBO_PROXY_PORT:-$(free_port)}
mkdir -p "$tmp/nginx"
"$py" - "$tmp/nginx" "$proxy_port" "127.0.0.1:$port_a" "127.0.0.1:$port_b" <<'PY'
import sys
from pathlib import Path

sys.path.insert(0, ".")
from tests.production.proxy import nginx_conf

folder, port, *upstreams = sys.argv[1:]
Path(folder, "nginx.conf").write_text(nginx_conf(Path(folder), int(port), upstreams), "utf-8")
PY
"$nginx" -c "$tmp/nginx/nginx.conf" -p "$tmp/nginx" -e "$tmp/nginx/error.log" >"$tmp/nginx.log" 2>&1 &
pids+=($!)

export TENBO_URL="http://127.0.0.1:$proxy_port"
export TENBO_SERVER_A="http://127.0.0.1:$port_a" TENBO_SERVER_B="http://127.0.0.1:$port_b"
"$py" - "$TENBO_SERVER_A" "$TENBO_SERVER_B" "$TENBO_URL" <<'PY'
import sys, time, urllib.error, urllib.request

for url in sys.argv[1:]:
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url + "/api/score?hand=234m234m456p55s68p&win=7p", timeout=2)
            break
        except urllib.error.HTTPError:
            break  # it answers
        except OSError:
            if time.monotonic() > deadline:
                sys.exit(f"{url} did not answer")
            time.sleep(0.2)
PY
echo "Tenbo on $TENBO_URL (nginx) in front of $TENBO_SERVER_A and $TENBO_SERVER_B; $REDIS_URL; $DATABASE_URL"
if [ "$#" -eq 0 ]; then
  echo "Ctrl-C stops everything."
  wait
else
  status=0
  "$@" || status=$?
  if [ "$status" != 0 ]; then tail -n 40 "$tmp"/a.log "$tmp"/b.log "$tmp"/nginx/error.log >&2 || true; fi
  exit "$status"
fi
