"""The board every examination of the duplicate rulings plays (tests/test_duplicate_*examination.py):
4H by South, neither side vulnerable unless said, West leads; events 1-5 are the head (hand,
dealer, deal, contract, vulnerability), the first card is event 6.
    North (dummy)  S T98     H 9876   D T98   C 876
    East           S 2       H 54     D AKQJ  C AKQJT9
    South          S 76543   H AKQJT  D 76    C 5
    West           S AKQJ    H 32     D 5432  C 432

And what the examinations read of the rulings, the same in each: the board's score from the
installed command (`score`), the rulings of one kind (`kinds`, `one`: exactly one, ruled by the
duplicate code), the paragraph a ruling rests on (`first`) or cites (`cites`), a ruling with no
choice left (`no_choice`), a seat's revokes (`revokes_by`) and the penalty cards (`pcards`).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import events_of

from projections.moment import rulings_at

DEAL = "N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"


def head(ruleset: str = "duplicate-2017", contract: str = "4H by S", vul: str = "None", options: str = "") -> str:
    return (f"hand exam ruleset={ruleset}{' ' + options if options else ''}\ndealer S\ndeal {DEAL}\n"
            f"contract {contract}\ntag Vulnerable {vul}\n")


def plays(cards: str) -> str:
    """'W H2 N H6 E H4 S HA' -> four play lines."""
    w = cards.split()
    return "".join(f"play {s} {c}\n" for s, c in zip(w[::2], w[1::2]))


T1_S = plays("W H2 N H6 E H4 S HA")  # events 6-9: South wins trick 1 and is to lead
T1_E = plays("W C2 N C6 E CA S C5")  # events 6-9: East wins trick 1 and is to lead
T1_W = plays("W SA N S8 E S2 S S3")  # events 6-9: West wins trick 1 and is to lead


# ---------------------------------------------------------------- what the examinations read of the rulings

HANDREC = str(Path(sys.executable).parent / "handrec")


def score_run(folder: Path, transcript: str, n: int | None = None) -> subprocess.CompletedProcess[str]:
    """`handrec score exam --json [--at N]` of the whole transcript, recorded (as it must be) in the
    store in FOLDER (the same store for the same folder)."""
    hand = folder / "exam.hand"
    hand.write_text(transcript, encoding="utf-8")
    store = f"sqlite:///{folder / 'hands.db'}"
    rec = subprocess.run([HANDREC, "--store", store, "record", str(hand)], capture_output=True, text=True)
    assert rec.returncode == 0, rec.stdout + rec.stderr
    cmd = [HANDREC, "--store", store, "score", "exam", "--json"] + (["--at", str(n)] if n else [])
    return subprocess.run(cmd, capture_output=True, text=True)


def score_of(folder: Path, transcript: str) -> dict:
    """The score of the whole transcript (`score_run`), which must be scored."""
    out = score_run(folder, transcript)
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout)


def scored_or_none(folder: Path, transcript: str, n: int | None = None) -> dict | None:
    """The score of the whole transcript at event n (`score_run`), or None when the hand cannot be
    scored (one sentence says why)."""
    out = score_run(folder, transcript, n)
    try:
        return json.loads(out.stdout)
    except json.JSONDecodeError:
        assert out.stdout.strip() or out.stderr.strip()  # one sentence says why it is not scored
        return None


def score(tmp_path: Path, body: str, ruleset: str = "duplicate-2017") -> dict:
    """`handrec score exam --json` of the transcript on this board, recorded in a store of its own."""
    return score_of(tmp_path, head(ruleset) + body)


def rulings(body: str, ruleset: str = "duplicate-2017", n: int | None = None) -> dict:
    """The rulings JSON of the transcript on this board at event n (the last when None), folded here."""
    return rulings_at(events_of(head(ruleset) + body), n)


def the(out: dict, kind: str) -> dict:
    """The one ruling of this kind (exactly one)."""
    (i,) = [i for i in out["irregularities"] if i["kind"] == kind]
    return i


def kinds(out: dict, kind: str) -> list[dict]:
    return [r for r in out["irregularities"] if r["kind"] == kind]


def one(out: dict, kind: str) -> dict:
    found = kinds(out, kind)
    assert len(found) == 1, out["irregularities"]
    assert "code" not in found[0], found[0]  # ruled by the duplicate code, not by auction-1912
    return found[0]


def first(r: dict, *prefixes: str) -> bool:
    """The ruling's paragraph (laws[0]) is one of PREFIXES or one of its sub-paragraphs."""
    return bool(r["laws"]) and r["laws"][0].startswith(prefixes)


def cites(r: dict, prefix: str) -> bool:
    return any(law.startswith(prefix) for law in r["laws"])


def no_choice(r: dict) -> bool:
    p = r.get("penalty")
    return p is None or (list(p["options"]) == [] and p["elected"] is None)


def revokes_by(out: dict, seat: str) -> list[dict]:
    return [r for r in out["revokes"] if r["seat"] == seat]


def pcards(out: dict) -> list[tuple[str, str, str | None]]:
    return [(x["seat"], x["card"], x.get("penalty_card")) for x in out["exposed"]]


# ---------------------------------------------------------------- what several examinations of interacting irregularities read


def revoke(out: dict, seat: str, trick: int | None = None) -> dict:
    (r,) = [r for r in out["revokes"] if r["seat"] == seat and (trick is None or r["trick"] == trick)]
    return r


def moved(r: dict) -> tuple:
    t = r["transfer"]
    return t["tricks"], t["law"]


def exposed_laws(out: dict) -> list[tuple[str, str, str]]:
    return [(x["seat"], x["card"], x["law"]) for x in out["exposed"]]


def where(r: dict) -> tuple:
    return r["seat"], r["event"], r["trick"]


def choice(r: dict) -> tuple:
    p = r["penalty"]
    return p["elector"], set(p["options"]), p["elected"]


def leads(out: dict) -> list[tuple[str, int]]:
    return [(r["seat"], r["event"]) for r in kinds(out, "lead-out-of-turn")]
