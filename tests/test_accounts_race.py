"""An account opened and a correction of its first account made at the same moment see each other
(issue 42, item 1): `handrec branch T C --at 8` racing `handrec strike T 6` left C reading event 6
unstruck while T read it struck (SQLite 3 rounds of 40, PostgreSQL 4 of 30), both commands saying
they had done it. Now the write that would miss the other is refused in its own transaction
(the store checked once the write holds its lock) and made again from a fresh reading, so that both
land whole: C holds the reference to T's correction, whichever came first.

On a real SQLite file and a real PostgreSQL server; the interleavings made one by one (two
recorders, one reading before the other writes), then raced as the attack raced them, by processes."""

from __future__ import annotations

import os
import subprocess
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bridge.lines import parse_line
from conftest import POSTGRESQL_SLOW
from recorder.application import HandRecorder
from recorder.errors import AccountsMoved
from recorder.domainmodel import Hand
from test_cli import HANDREC

EXAMPLE = Path(__file__).resolve().parent.parent / "data" / "examples" / "law83-quit-by-winners.hand"
T, C = "law83-quit-by-winners", "law83-quit-by-winners-ns"
STRIKE = "strike 6 -- the eight was never played"


def _shared_part(app: HandRecorder, hand_id: str, at: int = 8) -> list[tuple[int, str]]:
    """Events 2..at (the shared ones) of the record as corrected, as this account reads them."""
    return [(n, text) for n, text in app.hand(hand_id).corrected_lines() if 2 <= n <= at]


def _agree(store: str) -> None:
    app = HandRecorder(store)
    theirs, ours = _shared_part(app, T), _shared_part(app, C)
    assert theirs == ours, (theirs, ours)
    assert 6 not in [n for n, _ in theirs]  # (struck: the record as corrected reads without it)


def _open_c(app: HandRecorder) -> Hand:
    """The opening of account C as `handrec branch T C --at 8` prepares it: read, not yet saved."""
    line = parse_line(f"hand {C} branch={T}@8", 0)
    return app._open_account(*app._account_line(line, None), None, Hand.Event.create_timestamp())


def test_an_account_opened_from_a_reading_before_a_correction_is_refused_then_made_again(store):
    HandRecorder(store).record(EXAMPLE.read_text())
    opener, corrector = HandRecorder(store), HandRecorder(store)
    c = _open_c(opener)  # C read T before the strike ...
    corrector.correct(T, [STRIKE])  # ... which lands first
    with pytest.raises(AccountsMoved) as e:
        opener._save(C, [c])
    assert str(e.value) == (f"hand '{C}' was not recorded: hand '{T}' changed (it had 14 events when read and has 15 "
                            "now) while it was being recorded, and each would have missed the other; nothing was "
                            "stored, record again")
    assert opener.accounts(T) == [T]  # nothing of C was stored
    opener.add(C, f"hand {C} branch={T}@8")  # the command, which reads again
    _agree(store)


def test_a_correction_from_a_reading_before_an_account_was_opened_is_refused_then_made_again(store):
    HandRecorder(store).record(EXAMPLE.read_text())
    opener, corrector = HandRecorder(store), HandRecorder(store)
    t = corrector.hand(T)
    t.correct([parse_line(STRIKE, 0)], Hand.Event.create_timestamp())
    new, expected = corrector._with_accounts([t])  # the strike found T's accounts: none ...
    opener.add(C, f"hand {C} branch={T}@8")  # ... and C is opened first
    with pytest.raises(AccountsMoved, match=f"an account of hand '{T}' was opened meanwhile"):
        corrector._saved_with(T, new, expected)
    assert len(corrector.hand(T).lines) == 14  # nothing of the strike was stored
    corrector.correct(T, [STRIKE])  # the command, which reads again: C gets its reference
    _agree(store)
    assert f"shared {T} 15" in HandRecorder(store).hand(C).lines


def _handrec(store: str, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "HANDREC_STORE": store}
    return subprocess.run([HANDREC, *args], capture_output=True, text=True, env=env, timeout=120)


@pytest.mark.parametrize("store", POSTGRESQL_SLOW, indirect=True)
def test_branch_racing_strike_as_processes_both_land_whole(store):
    """The attack: the two commands started together, again and again; every round both land
    whole (or one says why it did not), and C reads event 6 as T does."""
    rounds = 12
    for n in range(rounds):
        t, c = f"race-{n}", f"race-{n}-ns"
        HandRecorder(store).record(EXAMPLE.read_text().replace(T, t))
        with ThreadPoolExecutor(2) as pool:
            branch = pool.submit(_handrec, store, "branch", t, c, "--at", "8")
            strike = pool.submit(_handrec, store, "strike", t, "6", "--reason", "the eight was never played")
            done = [branch.result(), strike.result()]
        for p in done:
            assert "Traceback" not in p.stderr, p.stderr
            assert p.returncode == 0 or p.stderr.startswith("handrec: "), p.stderr
        app = HandRecorder(store)
        if all(p.returncode == 0 for p in done):
            assert _shared_part(app, t) == _shared_part(app, c), f"round {n}"


def test_a_reference_written_by_hand_to_a_correction_the_account_holds_is_refused(tmp_path):
    """Issue 42, item 12: a hand-written `shared T K` line was accepted, and the account then held
    one correction twice."""
    from bridge.messages import TranscriptError

    store = str(tmp_path / "hands.db")
    app = HandRecorder(store)
    app.record(EXAMPLE.read_text())
    app.add(C, f"hand {C} branch={T}@8")
    app.correct(T, [STRIKE])
    lines = HandRecorder(store).hand(C).lines
    assert lines.count(f"shared {T} 15") == 1
    with pytest.raises(TranscriptError, match=f"hand '{C}' holds the reference 'shared {T} 15' already"):
        app.add(C, f"shared {T} 15")
    assert HandRecorder(store).hand(C).lines == lines
