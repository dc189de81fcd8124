"""gunicorn's threaded workers share the connections evenly (least connections first).

A gthread worker keeps each connection it accepts for the connection's whole keep-alive life,
and every worker accepts whenever the listening socket is readable: whichever process the kernel
wakes first takes the connection. When many clients connect at once (a class opening the quiz,
a load test), one worker can end up holding most of them: measured with 4 workers x 2 threads
and 32 clients, one worker held 18 to 29 connections while another held one. Each worker gets
about the same share of the CPU, so the clients of the crowded worker waited many times longer
than the others (the answer POST's p99 was 2-3 times its median, for that reason alone).

:class:`BalancedThreadWorker` is gunicorn's gthread worker that stops accepting while another
worker holds fewer connections, so a new connection goes to the least busy worker. The counts
live in a small shared memory map made in the master before it forks (one slot per worker,
handed out by :func:`assign_slot` and freed by :func:`release_slot`). A slot counts only once
its worker runs (a worker still booting, stopping or killed holds none), and the worker with the
fewest connections always accepts, so a new connection never waits for a worker that is gone;
a worker that is not accepting looks again at least every :data:`RECHECK` seconds.

config/gunicorn.conf.py uses it whenever threads > 1 and the installed gunicorn's gthread
worker has the hooks it needs (:data:`SUPPORTED`); otherwise gunicorn's own gthread worker runs.
"""

from __future__ import annotations

import mmap
from typing import Any, Final

from gunicorn.workers.gthread import ThreadWorker

#: The most workers one master runs at a time, including ones being replaced while it reloads
#: (config/gunicorn.conf.py runs this worker for up to half as many).
SLOTS: Final = 128
#: The count a slot holds while no running worker owns it: never the fewest.
IDLE: Final = 2**31 - 1
#: Seconds between looks while not accepting (a worker that became the least busy notices).
RECHECK: Final = 0.05

#: Whether this gunicorn's gthread worker has the methods the balanced worker builds on.
SUPPORTED: Final = all(
    callable(getattr(ThreadWorker, name, None))
    for name in ("set_accept_enabled", "enqueue_req", "wait_for_and_dispatch_events")
)

# Shared with every worker the master forks (an anonymous MAP_SHARED map).
_map = mmap.mmap(-1, SLOTS * 4)
_counts = memoryview(_map).cast("i")
for _slot in range(SLOTS):
    _counts[_slot] = IDLE


def assign_slot(server: Any, worker: Any) -> None:
    """gunicorn's ``pre_fork`` hook (in the master): a free slot for the worker to be forked."""
    taken = {getattr(w, "balance_slot", None) for w in server.WORKERS.values()}
    slot = next(s for s in range(SLOTS) if s not in taken)
    _counts[slot] = IDLE
    worker.balance_slot = slot


def release_slot(server: Any, worker: Any) -> None:
    """gunicorn's ``child_exit`` hook (in the master): a worker that has exited, even killed,
    holds no connections."""
    slot = getattr(worker, "balance_slot", None)
    if slot is not None:
        _counts[slot] = IDLE


def fewest_elsewhere(slot: int) -> int:
    """The fewest connections that a running worker other than ``slot``'s holds."""
    return min((_counts[s] for s in range(SLOTS) if s != slot), default=IDLE)


class BalancedThreadWorker(ThreadWorker):  # type: ignore[misc]  # gunicorn is untyped
    """gunicorn's gthread worker, accepting only while no other worker holds fewer connections."""

    balance_slot: int

    def _publish(self) -> int:
        mine = self.nr_conns if self.alive else IDLE
        _counts[self.balance_slot] = mine
        return int(mine)

    def set_accept_enabled(self, enabled: bool) -> None:
        mine = self._publish()
        super().set_accept_enabled(
            enabled and self.alive and fewest_elsewhere(self.balance_slot) >= mine
        )

    def _rebalance(self) -> None:
        self.set_accept_enabled(self.nr_conns < self.worker_connections)

    def enqueue_req(self, conn: Any) -> None:
        super().enqueue_req(conn)
        if self._accepting:
            # A burst of connections: the next one goes to a worker holding fewer.
            self._rebalance()

    def notify(self) -> None:
        """Every turn of the worker's loop: publish its count (connections closed since) and
        accept, or not, by the others' counts now."""
        super().notify()
        self._rebalance()

    def wait_for_and_dispatch_events(self, timeout: float) -> None:
        super().wait_for_and_dispatch_events(timeout if self._accepting else min(timeout, RECHECK))
