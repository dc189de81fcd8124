"""Load and fault benchmark: gunicorn on loopback, 32 connections, SQLite and PostgreSQL.

For each database (a fresh SQLite file; PostgreSQL through a throwaway cluster that
tools/with_postgres.sh starts and removes) and each gunicorn shape (2 sync workers; 4 workers x 2
threads), this starts the app as production runs it (config/gunicorn.conf.py, DEBUG off, static
collected), then drives each endpoint with ``--connections`` keep-alive clients for ``--seconds``
and prints req/s, p50/p95/p99 latency, errors, the app's CPU time per request (gunicorn's
processes only: the number that a busy, shared machine changes least), the load generator's own
CPU time per request and the machine's load average after the row:

- fragment: the picker's htmx fragment (a tile added to a hand)
- api: GET /api/score
- walkthrough: one step of /tutor/explain
- question: a quiz question (GET /tutor/quiz/table/?seed=N)
- answer: a quiz answer (POST, CSRF token, session cookie, a fresh answer_key each), as the
  question page's form posts it without JavaScript: the whole answer page comes back
- answer-htmx (only when named in --endpoints): the same POST as the form sends it with htmx
  running (HX-Request ...): the #quiz fragment comes back

Then the fault check (``--kill``, on by default): answers under load while one gunicorn worker is
killed with SIGKILL every few seconds; every request that failed is retried with its answer_key
until acknowledged, and the database must hold exactly one answer per acknowledged key: none
lost, none stored twice, none stored without an acknowledgement in the end.

Only 127.0.0.1 is ever contacted; every loop is bounded in time and the servers are stopped at
the end (and on Ctrl-C). Targets: 0 errors; answer p99 <= 500 ms at 4x2 on both databases.

    .venv/bin/python bench/load.py [--seconds 30] [--connections 32] [--db sqlite,postgres]
                                   [--shapes 2x1,4x2] [--port 8430] [--no-kill]
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

REPO = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
HAND = "234m234m456p55s68p"
FRAGMENT_HANDS = ["234m234m456p5s68p", "123m456p789s11z", "11223344m556p", "19m19p19s1234567z"]


@dataclass
class Result:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    error_kinds: dict[str, int] = field(default_factory=dict)

    def error(self, kind: str) -> None:
        self.errors += 1
        self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1


class Client:
    """One keep-alive HTTP/1.1 connection with its cookies (reconnects when the server closes)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.conn = http.client.HTTPConnection(HOST, port, timeout=30)

    def request(
        self, method: str, path: str, body: str | None = None, headers: dict[str, str] | None = None
    ) -> tuple[int, str]:
        sent = {"Host": f"{HOST}:{self.port}", "Accept-Encoding": "identity", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body is not None:
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.conn.request(method, path, body=body, headers=sent)
            response = self.conn.getresponse()
            data = response.read().decode("utf-8", "replace")
        except (OSError, http.client.HTTPException):
            self.conn.close()
            raise
        for value in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        if response.getheader("Connection", "").lower() == "close":
            self.conn.close()
        return response.status, data

    def close(self) -> None:
        self.conn.close()


# ---------------------------------------------------------------------- endpoints
_FORM_STATE: dict[str, dict[str, str]] = {}


def fragment(client: Client, rng: random.Random) -> tuple[int, str]:
    """A palette click as the browser sends it: the form's fields with its ``_shown`` and
    ``_sit`` (read once from the full page), so only the regions that change come back."""
    hand = rng.choice(FRAGMENT_HANDS)
    state = _FORM_STATE.get(hand)
    if state is None:
        _, page = client.request("GET", "/?" + urlencode({"hand": hand}))
        state = {
            name: found.group(1)
            for name in ("_shown", "_sit")
            if (found := re.search(rf'name="{name}" value="([^"]*)"', page))
        }
        _FORM_STATE[hand] = state
    query = urlencode({"hand": hand, **state, "add": rng.choice(["5p", "1z", "9s", "7m"])})
    return client.request("GET", "/?" + query, headers={"HX-Request": "true"})


def api(client: Client, rng: random.Random) -> tuple[int, str]:
    query = urlencode({"hand": HAND, "win": "7p", "tsumo": "1", "riichi": "1", "dora": "9s"})
    return client.request("GET", "/api/score?" + query)


def walkthrough(client: Client, rng: random.Random) -> tuple[int, str]:
    query = urlencode({"hand": HAND, "win": "7p", "tsumo": "1", "step": rng.randint(1, 6)})
    return client.request("GET", "/tutor/explain?" + query)


def question(client: Client, rng: random.Random) -> tuple[int, str]:
    return client.request("GET", f"/tutor/quiz/table/?seed={rng.randint(1, 10**6)}")


def prepare_answers(client: Client) -> None:
    """A question page first: the CSRF cookie (and the token the form needs)."""
    client.request("GET", "/tutor/quiz/table/?seed=1")


def answer_body(client: Client, seed: int, key: str) -> str:
    return urlencode(
        {
            "csrfmiddlewaretoken": client.cookies.get("csrftoken", ""),
            "seed": str(seed),
            "answer_key": key,
            "a_ron": "2000",
            "a_tsumo": "700",
            "a_dealer": "700",
            "a_others": "400",
        }
    )


def answer(client: Client, rng: random.Random, key: str | None = None) -> tuple[int, str]:
    key = key or uuid.uuid4().hex
    return client.request(
        "POST",
        "/tutor/quiz/table/answer/",
        body=answer_body(client, rng.randint(1, 10**6), key),
        headers={"Referer": f"http://{HOST}:{client.port}/tutor/quiz/table/"},
    )


def answer_htmx(client: Client, rng: random.Random) -> tuple[int, str]:
    """The same answer as the question page's form sends it with htmx running (its headers):
    the #quiz fragment comes back instead of the whole page. Not in the default run."""
    return client.request(
        "POST",
        "/tutor/quiz/table/answer/",
        body=answer_body(client, rng.randint(1, 10**6), uuid.uuid4().hex),
        headers={
            "Referer": f"http://{HOST}:{client.port}/tutor/quiz/table/",
            "HX-Request": "true",
            "HX-Target": "quiz",
            "HX-Current-URL": f"http://{HOST}:{client.port}/tutor/quiz/table/",
        },
    )


ENDPOINTS: dict[str, Callable[[Client, random.Random], tuple[int, str]]] = {
    "fragment": fragment,
    "api": api,
    "walkthrough": walkthrough,
    "question": question,
    "answer": answer,
    "answer-htmx": answer_htmx,
}
#: What a run drives unless --endpoints says otherwise.
DEFAULT_ENDPOINTS = ("fragment", "api", "walkthrough", "question", "answer")


def drive(port: int, name: str, connections: int, seconds: float) -> tuple[Result, float]:
    """``connections`` threads, each one keep-alive client, for ``seconds``."""
    result = Result()
    lock = threading.Lock()
    deadline = time.monotonic() + seconds
    call = ENDPOINTS[name]

    def worker(index: int) -> None:
        rng = random.Random(index)
        client = Client(port)
        if name.startswith("answer"):
            try:
                prepare_answers(client)
            except (OSError, http.client.HTTPException):
                with lock:
                    result.error("connect")
                return
        mine: list[float] = []
        while time.monotonic() < deadline:
            start = time.perf_counter()
            try:
                status, _ = call(client, rng)
            except (OSError, http.client.HTTPException) as exc:
                with lock:
                    result.error(type(exc).__name__)
                continue
            elapsed = time.perf_counter() - start
            if status >= 400:
                with lock:
                    result.error(str(status))
            else:
                mine.append(elapsed)
        client.close()
        with lock:
            result.latencies.extend(mine)

    started = time.monotonic()
    threads = [threading.Thread(target=worker, args=(i,)) for i in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(seconds + 60)
    return result, time.monotonic() - started


def percentile(values: list[float], pct: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(pct / 100 * len(ordered)) - 1))]


def _own_cpu() -> float:
    """CPU time (user + system) of this process, the load generator, so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# ---------------------------------------------------------------------- servers
def free_port(preferred: int) -> int:
    with socket.socket() as sock:
        try:
            sock.bind((HOST, preferred))
            return preferred
        except OSError:
            sock.bind((HOST, 0))
            return int(sock.getsockname()[1])


def base_env(database_url: str, static_root: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_DEBUG="0",
        DJANGO_HTTPS="0",
        DJANGO_SECRET_KEY="bench-" + "k" * 60,
        DJANGO_ALLOWED_HOSTS=HOST,
        DJANGO_STATIC_ROOT=static_root,
        DATABASE_URL=database_url,
        # The bench's own clients all come from 127.0.0.1: no lockout is involved here.
        DJANGO_LOG_LEVEL="WARNING",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    return env


class Server:
    def __init__(self, env: dict[str, str], port: int, workers: int, threads: int) -> None:
        self.port = port
        env = {
            **env,
            "GUNICORN_BIND": f"{HOST}:{port}",
            "WEB_CONCURRENCY": str(workers),
            "GUNICORN_THREADS": str(threads),
        }
        self.log = tempfile.NamedTemporaryFile(  # noqa: SIM115 - kept open for gunicorn's life
            prefix="tenbo-load-", suffix=".log", delete=False
        )
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.conf.py", "config.wsgi"],
            cwd=REPO,
            env={**env, "GUNICORN_CMD_ARGS": "--access-logfile /dev/null"},
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                status, _ = Client(port).request("GET", "/api/score?hand=1m")
                if status:
                    return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise SystemExit(f"gunicorn did not start on {port}; log: {self.log.name}")

    def workers(self) -> list[int]:
        out = subprocess.run(
            ["ps", "-o", "pid=", "--ppid", str(self.proc.pid)], capture_output=True, text=True
        )
        return [int(p) for p in out.stdout.split()]

    def cpu_seconds(self) -> float:
        """CPU time (user + system) of the master and its live workers so far: on a shared
        machine, CPU per request says more than latency (a killed worker's time is lost)."""
        total = 0
        for pid in [self.proc.pid, *self.workers()]:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime (stat fields 14, 15)
        return total / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


# ---------------------------------------------------------------------- fault check
def kill_check(env: dict[str, str], port: int, connections: int, seconds: float) -> str:
    """Answers under load while workers are SIGKILLed; failed ones are retried by key."""
    server = Server(env, port, 4, 2)
    run = uuid.uuid4().hex[:8]
    acked: set[str] = set()
    failed: set[str] = set()
    lock = threading.Lock()
    deadline = time.monotonic() + seconds
    kills = 0

    def worker(index: int) -> None:
        rng = random.Random(index)
        client = Client(port)
        try:
            prepare_answers(client)
        except (OSError, http.client.HTTPException):
            return
        while time.monotonic() < deadline:
            key = run + uuid.uuid4().hex[8:]
            try:
                status, body = answer(client, rng, key)
                ok = status == 200 and "quiz-feedback" in body
            except (OSError, http.client.HTTPException):
                ok = False
            with lock:
                (acked if ok else failed).add(key)
        client.close()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(connections)]
    try:
        for thread in threads:
            thread.start()
        while time.monotonic() < deadline - 1:
            time.sleep(min(3.0, max(0.0, deadline - time.monotonic() - 1)))
            pids = server.workers()
            if pids and time.monotonic() < deadline - 1:
                os.kill(random.choice(pids), signal.SIGKILL)
                kills += 1
        for thread in threads:
            thread.join(seconds + 60)
        # Every failed request is resubmitted with its key until it is acknowledged.
        client = Client(port)
        prepare_answers(client)
        rng = random.Random(0)
        stored_before_retry = set(_stored_keys(env, run))
        unacked_stored = len(stored_before_retry & failed)
        still_failing = 0
        for key in sorted(failed):
            for _attempt in range(5):
                try:
                    status, body = answer(client, rng, key)
                except (OSError, http.client.HTTPException):
                    time.sleep(0.2)
                    continue
                if status == 200 and "quiz-feedback" in body:
                    acked.add(key)
                    break
            else:
                still_failing += 1
        client.close()
    finally:
        server.stop()
    stored = _stored_keys(env, run)
    lost = len(acked - set(stored))
    doubled = len(stored) - len(set(stored))
    orphans = len(set(stored) - acked)
    verdict = "OK" if lost == doubled == orphans == still_failing == 0 else "FAILED"
    return (
        f"{kills} workers killed; {len(acked)} answers acknowledged ({len(failed)} failed first "
        f"and were resent, {unacked_stored} of them already stored); stored {len(stored)}: "
        f"{lost} acknowledged lost, {doubled} stored twice, {orphans} stored unacknowledged, "
        f"{still_failing} never acknowledged -> {verdict}"
    )


def _stored_keys(env: dict[str, str], run: str) -> list[str]:
    code = (
        "import django; django.setup(); from tutor.quiz.models import Answer; "
        f"print('\\n'.join(Answer.objects.filter(answer_key__startswith='{run}')"
        ".values_list('answer_key', flat=True)))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, check=True
    )
    return [line for line in out.stdout.split() if line]


# ---------------------------------------------------------------------- main
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument("--db", default="sqlite,postgres")
    parser.add_argument("--shapes", default="2x1,4x2", help="workers x threads, comma-separated")
    parser.add_argument(
        "--endpoints",
        default=",".join(DEFAULT_ENDPOINTS),
        help=f"comma-separated, of {', '.join(ENDPOINTS)}",
    )
    parser.add_argument("--port", type=int, default=8430)
    parser.add_argument("--no-kill", action="store_true", help="skip the SIGKILL fault check")
    args = parser.parse_args()
    databases = [d for d in args.db.split(",") if d]
    if "postgres" in databases and not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        # Run the whole bench again inside a throwaway PostgreSQL cluster (fsync on).
        env = {**os.environ, "PG_DURABLE": "1"}
        return subprocess.call(
            ["tools/with_postgres.sh", sys.executable, *sys.argv], cwd=REPO, env=env
        )
    postgres_url = os.environ.get("DATABASE_URL", "")
    shapes = [tuple(int(n) for n in s.split("x")) for s in args.shapes.split(",") if s]
    endpoints = [e for e in args.endpoints.split(",") if e]
    port = free_port(args.port)

    with tempfile.TemporaryDirectory(prefix="tenbo-load-") as tmp:
        static_root = str(Path(tmp) / "static")
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0", "--ignore", "admin"],
            cwd=REPO,
            env=base_env("sqlite:///" + str(Path(tmp) / "x.sqlite3"), static_root),
            check=True,
        )
        rows: list[Row] = []
        notes: list[str] = []
        kills: list[bool] = []
        print(HEADER, flush=True)
        for database in databases:
            url = postgres_url if database == "postgres" else f"sqlite:///{tmp}/load.sqlite3"
            env = base_env(url, static_root)
            subprocess.run(
                [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
                cwd=REPO,
                env=env,
                check=True,
            )
            for workers, threads in shapes:
                server = Server(env, port, workers, threads)
                try:
                    for name in endpoints:
                        cpu, own = server.cpu_seconds(), _own_cpu()
                        result, elapsed = drive(port, name, args.connections, args.seconds)
                        cpu, own = server.cpu_seconds() - cpu, _own_cpu() - own
                        row = Row(database, f"{workers}x{threads}", name, result, elapsed, cpu, own)
                        rows.append(row)
                        print(row.line(), flush=True)
                finally:
                    server.stop()
            if not args.no_kill:
                note = kill_check(env, port, args.connections, min(args.seconds, 20))
                notes.append(f"kill -9 on {database}: {note}")
                kills.append(note.endswith("OK"))
                print(notes[-1], flush=True)

    print()
    print(
        f"{args.connections} keep-alive connections, {args.seconds:.0f} s per row, loopback, "
        f"gunicorn (shape = workers x threads); {os.cpu_count()} CPUs, the load generator on "
        "the same machine"
    )
    # Numbers from a shared machine mean little without its load (other processes' CPU).
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average at the end: {load} (1, 5, 15 min); 'load' = the 1-min one after each row")
    print(HEADER)
    for row in rows:
        print(row.line())
    for note in notes:
        print(note)
    print(targets(rows, kills))
    return 0


HEADER = (
    "| database | shape | endpoint    |   req/s | p50 ms | p95 ms | p99 ms | CPU ms/req "
    "| client CPU ms/req | load | errors |\n"
    "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---|"
)


@dataclass
class Row:
    """One endpoint driven on one server: what the table prints."""

    database: str
    shape: str
    endpoint: str
    result: Result
    elapsed: float
    cpu: float  #: gunicorn's processes' CPU seconds during the row
    own: float  #: the load generator's CPU seconds during the row
    load: float = field(default_factory=lambda: os.getloadavg()[0])

    def p99(self) -> float:
        return 1000 * percentile(self.result.latencies, 99)

    def line(self) -> str:
        lat = self.result.latencies
        n = max(1, len(lat))
        p50, p95, p99 = (1000 * percentile(lat, p) for p in (50, 95, 99))
        kinds = ",".join(f"{k}:{v}" for k, v in sorted(self.result.error_kinds.items()))
        return (
            f"| {self.database:8} | {self.shape} | {self.endpoint:11} | "
            f"{len(lat) / self.elapsed:7.0f} | {p50:6.0f} | {p95:6.0f} | {p99:6.0f} | "
            f"{1000 * self.cpu / n:6.1f} | {1000 * self.own / n:6.2f} | {self.load:4.1f} | "
            f"{self.result.errors}{' ' + kinds if kinds else ''} |"
        )


def targets(rows: list[Row], kills: list[bool]) -> str:
    """Issue #12's targets, as far as this run measured them."""
    parts = []
    errors = sum(row.result.errors for row in rows)
    parts.append(f"0 errors everywhere: {'OK' if not errors else f'FAILED ({errors})'}")
    answers = [row for row in rows if row.endpoint == "answer" and row.shape == "4x2"]
    if answers:
        each = ", ".join(
            f"{row.database} {row.p99():.0f} {'OK' if row.p99() <= 500 else 'FAILED'}"
            for row in answers
        )
        parts.append(f"answer p99 <= 500 ms at 4x2: {each}")
    if kills:
        parts.append(f"kill -9: {'OK' if all(kills) else 'FAILED'}")
    return "targets: " + "; ".join(parts)


if __name__ == "__main__":
    raise SystemExit(main())
