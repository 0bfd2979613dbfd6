"""The values bound without sqlite3's search for an adapter (recorder.binding) are stored as they
were before: NULL, 1 and 0, the same BLOB; a caller's own adapter is kept; and the store (its import, its
recording) and the export both bind so."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

from recorder import binding


def stored(values: tuple) -> list[tuple]:
    conn = sqlite3.connect(":memory:")
    conn.execute("create table t (a, b, c, d, e)")
    conn.execute("insert into t values (?, ?, ?, ?, ?)", values)
    conn.executemany("insert into t values (?, ?, ?, ?, ?)", [values, values])
    return conn.execute("select a, typeof(a), b, typeof(b), c, typeof(c), d, typeof(d), e, typeof(e) from t").fetchall()


VALUES = (None, True, False, b"\x00state\xff", b"")


def test_the_same_values_are_stored_with_and_without():
    # (in a fresh interpreter, sqlite3's table of adapters as Python leaves it, then bound plainly)
    script = textwrap.dedent(f"""
        import sqlite3, sys
        sys.path.insert(0, {str(Path(__file__).resolve().parent.parent)!r})
        from tests.test_binding import stored, VALUES
        from recorder.binding import bind_plainly, PLAIN_BINDING
        assert not any((k, sqlite3.PrepareProtocol) in sqlite3.adapters for k in PLAIN_BINDING)
        before = stored(VALUES)
        bind_plainly()
        assert all((k, sqlite3.PrepareProtocol) in sqlite3.adapters for k in PLAIN_BINDING)
        after = stored(VALUES)
        print(repr(before == after), repr(after[0]))
        """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split(" ", 1)
    assert out[0] == "True"
    assert out[1].strip() == repr((None, "null", 1, "integer", 0, "integer", b"\x00state\xff", "blob", b"", "blob"))


def test_a_callers_own_adapter_is_kept():
    key = (bool, sqlite3.PrepareProtocol)
    before = sqlite3.adapters.get(key)
    try:
        sqlite3.register_adapter(bool, lambda b: "yes" if b else "no")
        binding.bind_plainly()
        assert stored((None, True, False, b"", b""))[0][2:6] == ("yes", "text", "no", "text")
    finally:
        if before is None:
            sqlite3.adapters.pop(key, None)
        else:
            sqlite3.adapters[key] = before


def test_the_store_and_the_export_bind_plainly(tmp_path):
    # (each command in a fresh interpreter: the table of adapters filled by the command, not by a test)
    script = textwrap.dedent("""
        import sqlite3, sys
        from recorder.binding import PLAIN_BINDING
        from handrec.cli import main
        try:
            main(sys.argv[1:])
        except SystemExit as e:
            assert not e.code, e.code
        print(all(sqlite3.adapters.get((k, sqlite3.PrepareProtocol)) is v for k, v in PLAIN_BINDING.items()))
        """)
    hand = Path(__file__).resolve().parent.parent / "data" / "examples" / "law83-quit-by-winners.hand"
    env_store = ["--store", str(tmp_path / "s.db")]
    for args in (["record", str(hand)], ["export", str(tmp_path / "a.db")]):
        out = subprocess.run([sys.executable, "-c", script, *env_store, *args], capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip().splitlines()[-1] == "True", (args, out.stdout)
