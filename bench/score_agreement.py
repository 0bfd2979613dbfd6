"""How far the duplicate score (L77, `projections.duplicate_score`) agrees with the archives' own.

Imports every PBN and LIN archive of the real records (../shared/realdata, or $HANDREC_REALDATA,
or the folders given) into a temporary SQLite store, each board under the ruleset its archive
says (docs/archives.md, the ruleset of an import), then scores every stored board with a contract under L77
and compares that with the source's `[Score]` (`projections.duplicate_score.agreement`). Prints:

- boards imported, boards with a contract, boards whose source gives a score, and of these how
  many agree;
- the disagreements by reason (`other-side`, `different-result`, `revoke-transfer`,
  `vulnerability`, `other`), with a few hand ids of each;
- the boards where L64 moved tricks: how many of their sources count the transfer, how many give
  the score as played;
- the same on the clean boards: no revoke found and the source's result the record's.

    python bench/score_agreement.py [FOLDER ...] [--examples 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from projections.duplicate_score import agreement, passed_out, source_score
from projections.moment import at
from projections.score import CannotScore, score
from recorder.application import HandRecorder
from recorder.importer import import_files


def realdata() -> Path | None:
    for p in (os.environ.get("HANDREC_REALDATA"), ROOT.parent / "shared" / "realdata", "/work/shared/realdata"):
        if p and Path(p).is_dir():
            return Path(p)
    return None


def archives(folders: list[Path]) -> list[str]:
    found = []
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            # (eitazhou's LIN files, in lin_data/000/, have no suffix)
            if path.is_file() and (path.suffix.lower() in (".pbn", ".lin") or path.parent.name == "000"):
                found.append(str(path))
    return found


def measure(app: HandRecorder) -> dict:
    """Every stored board compared: the counts by outcome, and hand ids of each reason."""
    counts: Counter = Counter()
    clean: Counter = Counter()
    reasons: Counter = Counter()
    clean_reasons: Counter = Counter()
    examples: dict[str, list[str]] = defaultdict(list)
    for hand_id in app.iter_hand_ids():
        moment = at(app.hand_events(hand_id))
        table = moment.table
        counts["boards"] += 1
        if not table.code.scores_the_board:
            counts["not under a duplicate code"] += 1
            continue
        if table.contract is None and not passed_out(table):
            counts["no contract"] += 1
            continue
        counts["with a contract" if table.contract is not None else "passed out"] += 1
        try:
            s = score(moment)
        except CannotScore:
            counts["cannot be scored"] += 1
            continue
        if source_score(table) is None:
            counts["no score in the source"] += 1
            continue
        a = agreement(moment, s)
        counts["compared"] += 1
        if s["transfers"]:
            counts["transferred"] += 1
            counts["transfer agrees"] += bool(a["agrees"])
            counts["as played agrees"] += s["as_played"]["score"]["NS"] == a["source_ns"]
        is_clean = not moment.judge.revokes and not table.tags.get("Result") and s["complete"]
        clean["compared"] += is_clean
        if a["agrees"]:
            counts["agree"] += 1
            clean["agree"] += is_clean
        else:
            reasons[a["reason"]] += 1
            clean_reasons[a["reason"]] += is_clean
            # (a play that stops before its end, no result saying how it ended, has no score of ours:
            # null in the analysis database, `projections.analysis`; the tricks are those played)
            ours = (f"ours NS {a['computed_ns']}" if s["complete"] or s.get("adjusted") else
                    "ours none (the record's play stops before its end)")
            examples[a["reason"]].append(f"{hand_id}: {s['contract']} by {s['declarer']}, tricks "
                                         f"{s['tricks']}, {ours}, source NS {a['source_ns']}"
                                         f" ({table.tags.get('Score')!r}, vulnerable {table.tags.get('Vulnerable')})")
    return {"counts": counts, "clean": clean, "reasons": reasons, "clean_reasons": clean_reasons,
            "examples": examples}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folders", nargs="*", type=Path)
    parser.add_argument("--examples", type=int, default=3, help="hand ids shown for each reason")
    args = parser.parse_args()
    folders = args.folders or ([realdata()] if realdata() else [])
    if not folders:
        raise SystemExit("the real records are not here (../shared/realdata; set HANDREC_REALDATA)")
    missing = [str(f) for f in folders if not f.is_dir()]
    if missing:  # (never "0 boards read" for a folder that is not there)
        raise SystemExit(f"no such folder: {', '.join(missing)} (from {Path.cwd()})")
    paths = archives(folders)
    if not paths:
        raise SystemExit(f"no PBN or LIN archive in {', '.join(map(str, folders))}")
    with tempfile.TemporaryDirectory() as tmp:
        app = HandRecorder(str(Path(tmp) / "store.db"))
        report = import_files(app, paths)
        print(f"imported: {report.summary()}")
        m = measure(app)
    c, clean = m["counts"], m["clean"]
    print(f"boards stored: {c['boards']}; under a duplicate code: {c['boards'] - c['not under a duplicate code']}; "
          f"with a contract: {c['with a contract']}; passed out: {c['passed out']}; no contract: {c['no contract']}; "
          f"cannot be scored: {c['cannot be scored']}; no score in the source: {c['no score in the source']}")
    share = c["agree"] / c["compared"] if c["compared"] else 0.0
    print(f"compared with the source's [Score]: {c['compared']}; agreeing: {c['agree']} ({share:.1%}); "
          f"disagreeing: {c['compared'] - c['agree']}")
    for reason, n in m["reasons"].most_common():
        print(f"  {reason}: {n}")
        for line in m["examples"][reason][:args.examples]:
            print(f"    {line}")
    print(f"boards where L64 moved tricks (a revoke established in the record): {c['transferred']}; the source's "
          f"score counts the transfer: {c['transfer agrees']}; it is the score as played, without it: "
          f"{c['as played agrees']}")
    cshare = clean["agree"] / clean["compared"] if clean["compared"] else 0.0
    print(f"clean boards (no failure to follow suit, the source's result the record's, play over): "
          f"{clean['compared']}; agreeing: {clean['agree']} ({cshare:.2%}); "
          + ", ".join(f"{r}: {n}" for r, n in m["clean_reasons"].most_common() if n))


if __name__ == "__main__":
    main()
