"""The fold gives what it gave: a fixed reference, recorded with the code before the fold was made
faster (issue 9 part 4), compared with what the code gives now.

The other tests compare the entry points with each other (`at`, `moments`, the views, the scan);
this one compares them with a stored answer, so that a faster fold that changed a ruling, a trick
or a row would be caught even where every entry point changed alike:

- `handrec scan --json --irregularities` over a generated archive of 300 hands (a fifth with a
  revoke), its output byte for byte;
- for random irregular transcripts (`bench.play.random_transcript`: leads out of turn, revokes,
  questions, withdrawals, quits by either side; under 1912 with its options and under a duplicate
  code), the rulings JSON and the table (every trick's cards with their marks, its quit and
  winner, the hands, who is to play) after every event, as one digest a transcript.

To record the reference afresh (only when an output is meant to change, saying why):
`python tests/test_fold_equivalence.py`.
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import events_of

from bench.generate_archive import write
from bench.play import random_transcript
from projections.moment import at, moments
from projections.table import Table

REFERENCE = Path(__file__).parent / "fixtures" / "fold_reference.json"
HANDREC = [sys.executable, "-m", "handrec.cli"]
ARCHIVE_HANDS, ARCHIVE_SEED, REVOKE_RATE = 300, 11, 0.2
# (seed, irregular, options): the transcripts' play and the ruleset they are read under.
TRANSCRIPTS = [(seed, irregular, options)
               for options in ("", "quitting=strict", "wrong-no=next-trigger", "ruleset=duplicate-2017")
               for irregular in (0.0, 0.2, 0.5)
               for seed in range(12)]


def scan_output(tmp: Path) -> str:
    """`handrec scan --json --irregularities` over the generated archive, imported into a new store."""
    archive, store = tmp / "archive.pbn", tmp / "scan.db"
    write(str(archive), ARCHIVE_HANDS, seed=ARCHIVE_SEED, revoke_rate=REVOKE_RATE)
    subprocess.run(HANDREC + ["--store", str(store), "import", str(archive)], check=True,
                   capture_output=True, text=True)
    done = subprocess.run(HANDREC + ["--store", str(store), "scan", "--json", "--irregularities"],
                          check=True, capture_output=True, text=True)
    # The hands are named after the archive's path: the same words wherever the test runs.
    return done.stdout.replace(str(tmp), "TMP").replace(tmp.name, "TMP")


def table_digest(table: Table) -> list:
    """What lies on and around the table, in plain words (no cache, no object's repr)."""
    trump = table.trump
    tricks = [[t.number, t.quitted_by, t.quitted_at, t.quit_implicit, t.plain, t.winner(trump),
               [[p.seat, str(p.card), p.event, p.surplus, p.led, p.replaces, p.stands, p.substitute_owed,
                 p.leftover, p.put_right, p.withdrawn_at, p.restored_at] for p in t.plays],
               [[p.seat, str(p.card)] for p in t.cards], sorted(t.seats), t.complete, t.suit_led]
              for t in table.tricks]
    hands = {s: None if h is None else sorted(str(c) for c in h) for s, h in table.hands.items()}
    shown = {s: [str(c) for c in cs] for s, cs in table.shown.items()}
    current = table.current
    return [table.at, tricks, hands, shown, current.number if current else None, table.in_rotation(),
            table.expected(), table.next_leader(), table.won(), table.claim, table.claims_played_out,
            table.cut_at, [[q.asker, q.asked, q.event, q.trick, q.answer, q.answered_at] for q in table.questions]]


def transcript_digest(seed: int, irregular: float, options: str) -> str:
    text = random_transcript(random.Random(seed), hand_id=f"t{seed}", irregular=irregular, options=options)
    events = events_of(text)
    steps = [[e.number, moment.rulings(), table_digest(moment.table)] for e, moment in moments(events)]
    final = at(events)
    steps.append([final.rulings(), table_digest(final.table)])
    return hashlib.sha256(json.dumps(steps, sort_keys=True, default=str).encode()).hexdigest()


def key(seed: int, irregular: float, options: str) -> str:
    return f"{seed} {irregular} {options}".strip()


def reference() -> dict:
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


def test_the_scan_of_a_generated_archive_is_as_recorded(tmp_path):
    assert scan_output(tmp_path) == reference()["scan"]


FAST_SEEDS = 4  # seeds 0-3 of every (options, irregular) in every run; seeds 4-11 under `slow` (a long sweep)


@pytest.mark.parametrize("options, seeds", [
    p for options in sorted({t[2] for t in TRANSCRIPTS})
    for p in (pytest.param(options, "first", id=options or "1912"),
              pytest.param(options, "rest", id=f"{options or '1912'}-rest", marks=pytest.mark.slow))])
def test_the_table_and_rulings_at_every_event_are_as_recorded(options, seeds):
    recorded = reference()["transcripts"]
    mine = [t for t in TRANSCRIPTS if t[2] == options and (t[0] < FAST_SEEDS) == (seeds == "first")]
    differ = [key(*t) for t in mine if transcript_digest(*t) != recorded[key(*t)]]
    assert differ == []


if __name__ == "__main__":  # record the reference afresh
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        scan = scan_output(Path(tmp))
    digests = {key(*t): transcript_digest(*t) for t in TRANSCRIPTS}
    REFERENCE.write_text(json.dumps({"scan": scan, "transcripts": digests}, indent=1, sort_keys=True) + "\n",
                         encoding="utf-8")
    print(f"wrote {REFERENCE}")
