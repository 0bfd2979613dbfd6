"""How a value is bound to an SQLite statement: as Python's sqlite3 binds it, without the cost of
the search for an adapter that Python 3.10 and 3.11 make for every value that is not exactly an
int, a float, a str or a bytearray.

Before binding such a value (None, a bool, bytes, a str of a subclass), sqlite3 looks for an
adapter: in its table of adapters, then as `__adapt__` of its protocol, which is a class. On 3.10
and 3.11 a name a class does not have is an AttributeError made and its message formatted, then
dropped: about 1,900 machine instructions a value, measured with valgrind (callgrind) on the export
of ../shared/realdata/jarekczek__pbntools, where 251,794 values (each card's withdrawal, surplus and
leftover columns; every null) made 4 % of the export's instructions; bound as below, the export
runs 3.4 % fewer. (Python 3.12 looks the name up
in a class without making the error.) Each of those values found in the table is bound at once:

- None by `{}.get`, which gives None whatever it is given: NULL, as before;
- a bool by `int`: 1 or 0, as sqlite3 binds it (an int of a subclass);
- bytes by `bytes`, which gives the same object back: a BLOB, as before (every stored event's
  state, in the import).

What is stored is the same; only the search is skipped. The table is the process's own (sqlite3's
module state): `bind_plainly` is called by whatever writes many rows (the store, the analysis
database), and adds nothing a second time.
"""

from __future__ import annotations

import sqlite3

# Each type, and what binds it as sqlite3 would bind it without an adapter (the module docstring).
PLAIN_BINDING = {type(None): {}.get, bool: int, bytes: bytes}


def bind_plainly() -> None:
    """Every value of PLAIN_BINDING's types bound without the search for an adapter: registered in
    sqlite3's table, unless a caller has registered an adapter of his own for the type."""
    for kind, bound in PLAIN_BINDING.items():
        if (kind, sqlite3.PrepareProtocol) not in sqlite3.adapters:
            sqlite3.register_adapter(kind, bound)
