"""Play a simulation's chunks on a Dask distributed cluster (``parlour simulate --cluster``).

Dask rather than Ray (docs/simulation.md says more): it is pure Python and pip-installable, a scheduler's
address is all a client needs, and ``dask scheduler`` / ``dask worker`` (or ``dask ssh``) start a cluster
by hand on any machines. This module imports Dask only when it connects, so that ``import parlour`` and a
local simulation never need it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

import parlour
from parlour.sim import Chunk, ClusterError, MatchRecord, run_chunk

if TYPE_CHECKING:
    from distributed import Client

INSTALL_HINT = "pip install 'parlour[cluster]'"
"""How to get Dask distributed: the error of a missing Dask names it."""


def worker_version() -> str:
    """The parlour version a worker runs (it must be the client's: the same seeds, the same matches)."""
    return parlour.__version__


class DaskRunner:
    """A runner whose chunks are tasks on a Dask cluster, gathered back in order."""

    def __init__(self, client: Client, address: str) -> None:
        self.client = client
        self.address = address
        threads: dict[str, int] = client.nthreads()
        self._workers = max(1, sum(threads.values()))

    @property
    def workers(self) -> int:
        """The cluster's threads when we connected: workers that join later only make it faster."""
        return self._workers

    def map(self, chunks: Sequence[Chunk]) -> Iterator[list[MatchRecord]]:
        """Submit every chunk at once (the scheduler starts them in order) and yield them in order."""
        from distributed import CancelledError, KilledWorker
        from distributed.comm import CommClosedError

        futures = self.client.map(run_chunk, chunks, key="parlour-matches", pure=False)
        done = 0
        try:
            for future in futures:
                try:
                    batch = future.result()
                except (CancelledError, KilledWorker, CommClosedError) as exc:
                    reason = " ".join(str(exc).split())  # Dask's message spans lines
                    raise ClusterError(f"the cluster at {self.address} lost the run: {reason}") from None
                future.release()  # the worker may forget it now
                done += 1
                yield batch
        finally:
            if done < len(futures):
                self.client.cancel(futures[done:])

    def close(self) -> None:
        self.client.close()


async def _identify(address: str, timeout: float) -> dict[str, Any]:
    """Ask the server at ``address`` what it is.

    An ``OSError`` if nothing can be reached there within ``timeout`` seconds (Dask retries until
    then); a ``TimeoutError`` if something accepts the connection but does not answer as Dask would
    (Dask's handshake waits for ever, hence our own limit, longer than the first).
    """
    from distributed.comm import connect as open_comm
    from distributed.core import send_recv
    from distributed.security import Security

    tls = Security().get_connection_args("client")  # Dask's configuration, as the Client reads it
    comm = await asyncio.wait_for(open_comm(address, timeout=timeout, **tls), 2 * timeout)
    try:
        identity: dict[str, Any] = await asyncio.wait_for(send_recv(comm, op="identity"), timeout)
        return identity
    finally:
        comm.abort()


def connect(address: str, timeout: float) -> DaskRunner:
    """Connect to the scheduler at ``address`` and check its workers run this parlour.

    Every failure is a one-line ``ClusterError`` within a few times ``timeout``: no Dask, a bad or
    unreachable address, something other than a scheduler there, no workers, another parlour version.
    """
    try:
        from distributed import Client
    except ImportError:
        raise ClusterError(f"Dask distributed is not installed: {INSTALL_HINT}") from None
    # A plain request first: a Client that fails to connect lingers and complains when it is collected.
    try:
        identity = asyncio.run(_identify(address, timeout))
    except TimeoutError:  # connected, but no answer (Dask's own connection timeout is an OSError)
        raise ClusterError(f"{address} accepts connections but does not answer as a Dask scheduler") from None
    except OSError as exc:
        raise ClusterError(f"cannot reach a Dask scheduler at {address}: {exc}") from None
    except Exception as exc:
        raise ClusterError(f"{address} is not the address of a Dask scheduler: {exc}") from None
    if identity.get("type") != "Scheduler":
        raise ClusterError(
            f"{address} is a Dask {identity.get('type', 'server')}, not a scheduler: "
            "give the scheduler's address"
        )
    try:
        client = Client(address, timeout=timeout, set_as_default=False)
    except Exception as exc:
        raise ClusterError(f"cannot connect to the Dask scheduler at {address}: {exc}") from None
    try:
        _check_workers(client, address, timeout)
    except BaseException:
        client.close()
        raise
    return DaskRunner(client, address)


def _check_workers(client: Client, address: str, timeout: float) -> None:
    """Refuse a cluster without workers, or whose workers cannot import this very parlour."""
    try:
        client.wait_for_workers(1, timeout=timeout)
    except TimeoutError:
        raise ClusterError(
            f"the Dask scheduler at {address} has no workers after {timeout:g} s: "
            f"start some with `dask worker {address}`"
        ) from None
    try:
        versions: dict[str, str] = client.run(worker_version)
    except Exception as exc:
        raise ClusterError(
            f"a worker of {address} cannot run parlour ({exc}): install parlour {parlour.__version__} "
            "on every worker"
        ) from None
    wrong = {worker: v for worker, v in sorted(versions.items()) if v != parlour.__version__}
    if wrong:
        listed = ", ".join(f"{worker} has {v}" for worker, v in wrong.items())
        raise ClusterError(
            f"this is parlour {parlour.__version__} but workers of {address} run another version "
            f"({listed}): install the same version on every worker"
        )
