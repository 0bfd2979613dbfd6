"""The code of laws a hand is ruled under is never silent (issue 38, section 3): `record` and `add`
say it of each new hand, and whence it came (named on the hand line, the store's default, or the
1912 code by default); a club sets its own default once (HANDREC_RULESET, beside HANDREC_STORE),
and a stored hand keeps the code its line names whatever the default becomes."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from test_cli import HANDREC

EXAMPLE = Path(__file__).resolve().parent.parent / "data" / "examples" / "law83-quit-by-winners.hand"
HAND = "law83-quit-by-winners"
TITLE_1912 = "Whist Club of New York, Laws of Auction Bridge, November 1912"
TITLE_2017 = "World Bridge Federation, Laws of Duplicate Bridge, 2017"


def _run(store: Path, *args: str, ruleset: str | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "HANDREC_RULESET"}
    env["HANDREC_STORE"] = str(store)
    if ruleset is not None:
        env["HANDREC_RULESET"] = ruleset
    return subprocess.run([HANDREC, *args], capture_output=True, text=True, env=env, timeout=120)


def test_record_says_the_code_of_a_new_hand_and_whence_it_came(tmp_path):
    store = tmp_path / "h.db"
    p = _run(store, "record", str(EXAMPLE))
    assert p.stdout == (f"{HAND}: recorded 14 events (14 in all); ruled under {TITLE_1912} (auction-1912, the "
                        "default: a hand line names another with ruleset=, and a club sets its own with "
                        "HANDREC_RULESET)\n"), p.stdout
    assert _run(store, "record", str(EXAMPLE)).stdout == f"{HAND}: already stored, nothing new (14 events)\n"
    p = _run(store, "add", "b2", "hand b2 ruleset=duplicate-2017")
    assert p.stdout == f"b2: event 1 recorded; ruled under {TITLE_2017} (duplicate-2017)\n"
    assert _run(store, "add", "b2", "dealer S").stdout == "b2: event 2 recorded\n"


def test_a_clubs_default_rules_its_new_hands_and_a_stored_hand_keeps_its_code(tmp_path):
    store = tmp_path / "h.db"
    p = _run(store, "record", str(EXAMPLE), ruleset="duplicate-2017")
    assert p.stdout.endswith(f"ruled under {TITLE_2017} (duplicate-2017, this store's default: HANDREC_RULESET)\n")
    first = _run(store, "export-pbn", HAND, "--transcript").stdout.splitlines()[0]
    assert first == f"hand {HAND} ruleset=duplicate-2017"
    # The same transcript (naming no code) again, the default unset or another: the hand keeps its code.
    assert _run(store, "record", str(EXAMPLE)).stdout == f"{HAND}: already stored, nothing new (14 events)\n"
    assert _run(store, "record", str(EXAMPLE), ruleset="duplicate-1997").returncode == 0
    assert _run(store, "export-pbn", HAND, "--transcript").stdout.splitlines()[0] == first
    # A line that names its code is ruled under it, whatever the default.
    p = _run(store, "add", "b3", "hand b3 ruleset=auction-1912", ruleset="duplicate-2017")
    assert p.stdout == f"b3: event 1 recorded; ruled under {TITLE_1912} (auction-1912)\n"
    p = _run(store, "add", "b4", "hand b4", ruleset="duplicate-2017")
    assert p.stdout == f"b4: event 1 recorded; ruled under {TITLE_2017} (duplicate-2017, this store's default: HANDREC_RULESET)\n"


def test_an_unknown_default_is_one_sentence(tmp_path):
    p = _run(tmp_path / "h.db", "record", str(EXAMPLE), ruleset="duplicate-2031")
    assert p.returncode == 1 and p.stderr == ("handrec: HANDREC_RULESET is 'duplicate-2031', which is not a ruleset "
                                              "handrec knows (auction-1912, duplicate-2017, duplicate-2007, "
                                              "duplicate-1997).\n"), p.stderr
    assert not (tmp_path / "h.db").exists()  # (said before the store is opened: nothing made)
