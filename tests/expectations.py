"""The `#=` expectation lines of the example transcripts in data/examples/, read for the tests."""

from __future__ import annotations

from pathlib import Path

EXAMPLES = Path(__file__).resolve().parent.parent / "data" / "examples"


def expectations(path: Path) -> list[dict[str, str]]:
    out = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("#="):
            words = dict((w.split("=", 1) if "=" in w else (w, "")) for w in line[2:].split())
            words["lineno"] = str(lineno)
            out.append(words)
    return out


def none(v: str | None) -> str | None:
    return None if v in (None, "none", "-") else v


def check_score(score: dict, want: dict[str, str]) -> list[str]:
    """The differences between a score (`handrec score --json`) and a `#= score ...` line."""
    diffs = []
    for key, value in want.items():
        if key in ("score", "lineno", "at"):
            continue
        if "." in key:
            side, column = key.split(".")
            got = score[side][column]
        else:
            got = score[key]
        if str(got) != value:
            diffs.append(f"{key} {got}, expected {value}")
    return diffs


def check(rulings: dict, want: dict[str, str]) -> list[str]:
    """The differences between the rulings and one expectation line, in words (empty: it holds)."""
    if "revokes" in want:
        n = len(rulings["revokes"])
        return [] if n == int(want["revokes"]) else [f"{n} revokes, expected {want['revokes']}"]
    if "irregularities" in want:
        n = len(rulings["irregularities"])
        return [] if n == int(want["irregularities"]) else [f"{n} irregularities, expected {want['irregularities']}"]
    if "irregularity" in want:
        for i in rulings["irregularities"]:
            if i["kind"] != want["irregularity"]:
                continue
            if "seat" in want and i["seat"] != want["seat"]:
                continue
            if "event" in want and i["event"] != int(want["event"]):
                continue
            if "laws" in want and i["laws"][: len(want["laws"].split(","))] != want["laws"].split(","):
                return [f"irregularity {want['irregularity']} cites {i['laws']}, expected {want['laws']}"]
            p = i.get("penalty") or {}
            for key in ("elector", "elected"):
                if key in want and p.get(key) != none(want[key]):
                    return [f"irregularity {want['irregularity']}: {key} {p.get(key)}, expected {want[key]}"]
            return []
        return [f"no irregularity {want['irregularity']} {want} in {[(i['kind'], i['seat'], i['event']) for i in rulings['irregularities']]}"]
    want = {k: v for k, v in want.items() if v != "*"}  # "*": any value will do
    matches = [r for r in rulings["revokes"] if r["seat"] == want["seat"]
               and ("trick" not in want or r["trick"] == int(want["trick"]))
               and ("card" not in want or r["card"] == want["card"])]
    if not matches:
        return [f"no revoke by {want['seat']} {want.get('card', '')} in {[(r['seat'], r['card']) for r in rulings['revokes']]}"]
    r = matches[0]
    diffs = []
    if "status" in want and r["status"] != want["status"]:
        diffs.append(f"status {r['status']}, expected {want['status']}")
    if "status_event" in want and r["status_event"] != (None if none(want["status_event"]) is None else int(want["status_event"])):
        diffs.append(f"status_event {r['status_event']}, expected {want['status_event']}")
    if "laws" in want and r["laws"] != want["laws"].split(","):
        diffs.append(f"laws {r['laws']}, expected {want['laws']}")
    p = r["penalty"]
    if "penalty" in want and (p["law"] if p else None) != none(want["penalty"]):
        diffs.append(f"penalty {p and p['law']}, expected {want['penalty']}")
    if "elector" in want and (p["elector"] if p else None) != none(want["elector"]):
        diffs.append(f"elector {p and p['elector']}, expected {want['elector']}")
    if "elected" in want and (p["elected"] if p else None) != none(want["elected"]):
        diffs.append(f"elected {p and p['elected']}, expected {want['elected']}")
    if "barred" in want and r["penalty_barred_by"] != none(want["barred"]):
        diffs.append(f"barred {r['penalty_barred_by']}, expected {want['barred']}")
    # A duplicate hand's trick transfer (L64): how many, which tricks, under which law or exception.
    t = r.get("transfer") or {}
    for key, field in (("transferred", "tricks"), ("transfer_law", "law"), ("transfer_barred", "barred_by")):
        if key in want and str(t.get(field)) != str(none(want[key])):
            diffs.append(f"{key} {t.get(field)}, expected {want[key]}")
    if "transfer_which" in want and ",".join(str(w) for w in t.get("which", [])) != (none(want["transfer_which"]) or ""):
        diffs.append(f"transfer_which {t.get('which')}, expected {want['transfer_which']}")
    return diffs
