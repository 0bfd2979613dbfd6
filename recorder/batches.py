"""Items taken `size` at a time: what `itertools.batched` does from Python 3.12 on, here for 3.10
and 3.11 too (the store asks for hands 500 at a time, the scan hands a process its hands so)."""

from __future__ import annotations

from itertools import islice
from typing import Iterable, Iterator, TypeVar

T = TypeVar("T")


def batched(items: Iterable[T], size: int) -> Iterator[list[T]]:
    it = iter(items)
    while batch := list(islice(it, size)):
        yield batch
