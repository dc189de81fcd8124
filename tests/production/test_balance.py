"""gunicorn's threaded workers share a burst of keep-alive connections evenly (config/balance.py):
each worker accepts only while no other holds fewer, so 16 clients connecting at once to 4
workers are held 4 by each (gunicorn's own gthread worker gave 7/5/2/2 here: the clients of the
crowded worker wait several times longer). A killed worker's replacement takes its share, and
new connections are still served meanwhile."""

from __future__ import annotations

import http.client
import os
import re
import signal
import threading
import time
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlsplit

import pytest

from config import balance
from tests.production.servers import gunicorn, production_env

pytestmark = [
    pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads /proc (Linux)"),
    pytest.mark.skipif(not balance.SUPPORTED, reason="this gunicorn runs its own gthread worker"),
]

LISTEN, ESTABLISHED, CLOSE_WAIT = "0A", "01", "08"


def _tcp_sockets(port: int) -> list[tuple[str, int]]:
    """(state, inode) of every TCP socket whose local port is ``port``."""
    found = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port:
                found.append((fields[3], int(fields[9])))
    return found


def _socket_inodes(pid: int) -> set[int]:
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if found := re.fullmatch(r"socket:\[(\d+)\]", target):
            inodes.add(int(found.group(1)))
    return inodes


def connections_per_worker(port: int, master: int) -> dict[int, int]:
    """Established connections to ``port`` held by each worker of the gunicorn ``master``."""
    sockets = _tcp_sockets(port)
    established = {inode for state, inode in sockets if state == ESTABLISHED}
    counts = {}
    for pid in _workers(master):
        try:
            counts[pid] = len(_socket_inodes(pid) & established)
        except OSError:
            continue
    return counts


def _workers(master: int) -> list[int]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    return [int(pid) for pid in children]


def _master(port: int) -> int:
    """The gunicorn master: the oldest process holding the listening socket."""
    listening = {inode for state, inode in _tcp_sockets(port) if state == LISTEN}
    holders = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                if _socket_inodes(int(name)) & listening:
                    holders.append(int(name))
            except OSError:
                continue
    return min(holders, key=lambda pid: int(Path(f"/proc/{pid}/stat").read_text().split()[21]))


def _until_closed(port: int) -> None:
    """Wait until the server has closed its side of every connection its clients closed (a
    worker counts a connection until it has)."""
    deadline = time.monotonic() + 10
    while any(state == CLOSE_WAIT for state, _inode in _tcp_sockets(port)):
        assert time.monotonic() < deadline, "connections left half-closed"
        time.sleep(0.05)


def _burst(port: int, n: int) -> list[http.client.HTTPConnection]:
    """``n`` clients connecting at the same moment, each making one request and keeping its
    connection open (keep-alive)."""
    clients = [http.client.HTTPConnection("127.0.0.1", port, timeout=30) for _ in range(n)]
    start = threading.Barrier(n)
    statuses: list[int] = []

    def one(client: http.client.HTTPConnection) -> None:
        start.wait()
        client.request("GET", "/api/score?hand=234m234m456p55s68p&win=7p")
        response = client.getresponse()
        response.read()
        statuses.append(response.status)

    threads = [threading.Thread(target=one, args=(c,)) for c in clients]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert statuses == [200] * n
    return clients


def test_a_burst_of_connections_is_shared_evenly_between_the_workers(tmp_path: Path) -> None:
    with gunicorn(production_env(), tmp_path / "gunicorn.log", workers=4, threads=2) as base:
        port = int(urlsplit(base).port or 0)
        master = _master(port)
        # Warm every worker first: a worker's first request loads the application, and a
        # worker still booting takes no connection (it counts as none), so on a busy machine
        # one burst can miss a late worker: warm up until each of the four has served one.
        deadline = time.monotonic() + 60
        while True:
            warm = _burst(port, 8)
            served = connections_per_worker(port, master)
            for client in warm:
                client.close()
            _until_closed(port)
            if len(served) == 4 and all(served.values()):
                break
            assert time.monotonic() < deadline, served
            time.sleep(0.5)
        clients = _burst(port, 16)
        try:
            counts = connections_per_worker(port, master)
            assert len(counts) == 4
            assert sorted(counts.values()) == [4, 4, 4, 4], counts
        finally:
            for client in clients:
                client.close()


def test_a_killed_workers_replacement_takes_its_share(tmp_path: Path) -> None:
    # Connections idle for the whole test stay open (the default keeps them 5 s).
    env = production_env(GUNICORN_CMD_ARGS="--keep-alive 120")
    with gunicorn(env, tmp_path / "gunicorn.log", workers=2, threads=2) as base:
        port = int(urlsplit(base).port or 0)
        master = _master(port)
        clients = _burst(port, 4)
        try:
            victim, survivor = _workers(master)
            os.kill(victim, signal.SIGKILL)
            # New connections are served at once while the replacement boots: no one waits for
            # a worker that is gone or not yet running.
            started = time.monotonic()
            clients += _burst(port, 2)
            assert time.monotonic() - started < 5
            # One connection at a time until the replacement runs and takes one.
            deadline = time.monotonic() + 60
            while True:
                clients += _burst(port, 1)
                counts = connections_per_worker(port, master)
                if sum(n for pid, n in counts.items() if pid != survivor):
                    break
                assert time.monotonic() < deadline, counts
                time.sleep(0.2)
            assert survivor in counts
            assert victim not in counts
            assert len(counts) == 2
            behind = counts[survivor] - (sum(counts.values()) - counts[survivor])
            # Every next connection goes to the replacement until it holds as many.
            if behind:
                clients += _burst(port, behind)
            counts = connections_per_worker(port, master)
            assert len(set(counts.values())) == 1, counts
        finally:
            for client in clients:
                client.close()


def test_the_shared_counts_ignore_workers_that_are_gone() -> None:
    class Worker:
        pass

    class Server:
        WORKERS: ClassVar[dict[int, Worker]] = {}

    first, second = Worker(), Worker()
    balance.assign_slot(Server, first)
    Server.WORKERS[1] = first
    balance.assign_slot(Server, second)
    slot_a, slot_b = getattr(first, "balance_slot"), getattr(second, "balance_slot")  # noqa: B009
    assert slot_a != slot_b
    try:
        # Booting workers count as holding nothing anyone should wait for.
        assert balance.fewest_elsewhere(slot_a) == balance.IDLE
        balance._counts[slot_b] = 3
        assert balance.fewest_elsewhere(slot_a) == 3
        balance.release_slot(Server, second)
        assert balance.fewest_elsewhere(slot_a) == balance.IDLE
    finally:
        balance.release_slot(Server, first)
        Server.WORKERS.clear()
