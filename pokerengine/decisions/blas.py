"""The BLAS threads of a solve: one, whatever the environment says.

The push/fold solvers spend their time in products of 169 x 169 matrices and 1,326-wide slices:
too small for several BLAS threads to help, and on a loaded machine a multi-threaded BLAS
(OpenBLAS spins its threads waiting for work) made them 30 to 70 times slower on two shared
cores. :func:`one_blas_thread` runs a function with the BLAS libraries NumPy loaded held to one
thread (threadpoolctl, the library scikit-learn uses for this), restoring the previous count
afterwards, so that a user need not set ``OPENBLAS_NUM_THREADS`` before starting Python. The
limit is process-wide (NumPy's BLAS has one pool): it is set when the first limited call begins
and lifted when the last one running ends, so nested calls (a lookahead's solves inside a solve)
and solves in several threads at once share it.

>>> @one_blas_thread
... def threads() -> int:
...     return blas_threads()
>>> threads() in (1, None)   # None: no BLAS library loaded that threadpoolctl knows
True
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

_lock = threading.Lock()
_running = 0
_limiter: Any = None  # threadpoolctl's limiter while a limited call runs


def blas_threads() -> int | None:
    """The threads of the first BLAS library NumPy loaded (``None`` when threadpoolctl sees none)."""
    from threadpoolctl import threadpool_info  # type: ignore[import-untyped]

    info = [i for i in threadpool_info() if i.get("user_api") == "blas"]
    return int(info[0]["num_threads"]) if info else None


def one_blas_thread(func: Callable[P, R]) -> Callable[P, R]:
    """``func`` run with every BLAS library held to one thread (the first call running sets the
    limit, the last one to end restores the previous counts)."""

    @functools.wraps(func)
    def limited(*args: P.args, **kwargs: P.kwargs) -> R:
        _enter()
        try:
            return func(*args, **kwargs)
        finally:
            _leave()

    return limited


def _enter() -> None:
    global _running, _limiter
    with _lock:
        if _running == 0:
            from threadpoolctl import threadpool_limits

            _limiter = threadpool_limits(limits=1, user_api="blas")
        _running += 1


def _leave() -> None:
    global _running, _limiter
    with _lock:
        _running -= 1
        if _running == 0 and _limiter is not None:
            _limiter.restore_original_limits()
            _limiter = None


__all__ = ["blas_threads", "one_blas_thread"]
