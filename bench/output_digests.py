"""The outputs a user stores and reads, as digests: to show that a change leaves them byte for byte.

Imports the real archives of `../shared/realdata`, `../shared/realdata-more` and
`../shared/realdata-3` (`--shared DIR` for another folder than `../shared`; each its own store, `handrec import --jobs 2` as a user runs it), then prints, for each, the SHA-256 of:

- the stored rows (hand, number, topic, state), each event's timestamp left out (it is the time of
  the import);
- `handrec scan --json`, its entries in a fixed order (the scan lists the hands in the order they
  were stored, and two import processes store files in the order they finish them);
- the analysis database `handrec export` writes, its SQL dump sorted (the rows of one table come
  in the order the import's processes stored them) with the store's identity left out (its path,
  and the row of `_handrec_export` that names the store by its first stored event: a digest of
  that event's state, its timestamp in it, and which hand is first differ from one import to the
  next).

Run it at two commits (a clean checkout of each, in its own environment) and compare the lines:
what a user stored and reads is the same when every digest is. Archives not there are skipped,
saying so.

    python bench/output_digests.py [--keep DIR] [--shared DIR] [--only NAME]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
CORPORA = ("realdata", "realdata-more", "realdata-3")
TIMESTAMP = re.compile(rb'"timestamp":\{[^}]*\},?')


def _files(corpus: Path) -> list[str]:
    return sorted(str(p) for p in corpus.rglob("*") if p.is_file() and (
        p.suffix.lower() in (".pbn", ".lin") or "lin_data" in p.parts))


def _handrec(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", "from handrec.cli import main; main()", *args],
                          capture_output=True, timeout=3600)


def digests(corpus: Path, work: Path) -> dict[str, str]:
    store, analysis = work / f"{corpus.name}.db", work / f"{corpus.name}.analysis.db"
    for p in (store, analysis):
        p.unlink(missing_ok=True)
    imported = _handrec("--store", str(store), "import", "--jobs", "2", *_files(corpus))
    rows = hashlib.sha256()
    with sqlite3.connect(store) as conn:
        for hand, number, topic, state in conn.execute(
                "SELECT originator_id, originator_version, topic, state FROM stored_events "
                "ORDER BY originator_id, originator_version"):
            rows.update(f"{hand}|{number}|{topic}|".encode() + TIMESTAMP.sub(b"", bytes(state)) + b"\n")
    scan = _handrec("--store", str(store), "scan", "--json")
    found = sorted(json.dumps(entry, sort_keys=True, ensure_ascii=False) for entry in json.loads(scan.stdout or b"[]"))
    _handrec("--store", str(store), "export", str(analysis))
    with sqlite3.connect(analysis) as conn:
        dump = sorted(line.replace(str(store), "STORE") for line in conn.iterdump()
                      if not line.startswith('INSERT INTO "_handrec_export"'))
    said = (imported.stdout.strip() or imported.stderr.strip()).decode(errors="replace").splitlines()
    return {"import": said[-1] if said else "", "rows": rows.hexdigest(),
            "scan --json": hashlib.sha256("\n".join(found).encode()).hexdigest(),
            "export": hashlib.sha256("\n".join(dump).encode()).hexdigest()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", default=None, help="Keep the stores and databases in this folder.")
    parser.add_argument("--only", choices=CORPORA, default=None, help="One of the archives only.")
    parser.add_argument("--shared", default=str(SHARED),
                        help=f"The folder holding the archives (default {SHARED}).")
    args = parser.parse_args()
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="handrec-digests-"))
    work.mkdir(parents=True, exist_ok=True)
    for name in (args.only,) if args.only else CORPORA:
        corpus = Path(args.shared) / name
        if not corpus.is_dir():
            print(f"{name}: skipped ({corpus} is not there)")
            continue
        for what, value in digests(corpus, work).items():
            print(f"{name}  {what:20s} {value}")


if __name__ == "__main__":
    main()
