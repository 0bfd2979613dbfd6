"""Where the shared real records are; tests that need them skip, saying why, when they are not
there. They are never copied into the repository.

Looked for, in order: $HANDREC_REALDATA; ../shared/realdata beside this checkout; the shared
folder of this workplace (/work/shared/realdata), for a checkout made elsewhere (CI's clone). The
same for ../shared/realdata-more ($HANDREC_REALDATA_MORE) and ../shared/realdata-3
($HANDREC_REALDATA_3)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

def _folder(name: str, variable: str) -> Path:
    """Where the shared folder `name` is: $`variable`, ../shared/NAME beside this checkout, or
    /work/shared/NAME; the first candidate when none is there (the skip then names it)."""
    candidates = [Path(p) for p in (os.environ.get(variable),) if p] + [
        Path(__file__).resolve().parents[2] / "shared" / name,
        Path("/work/shared") / name,
    ]
    return next((p for p in candidates if p.is_dir()), candidates[0])


def _inside(root: Path, name: str, variable: str, what: str, parts: tuple[str, ...]) -> Path:
    path = root.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{what} are not here ({path} is missing); they live in ../shared/{name} (or set {variable})")
    return path


REALDATA = _folder("realdata", "HANDREC_REALDATA")
REALDATA_MORE = _folder("realdata-more", "HANDREC_REALDATA_MORE")
REALDATA_3 = _folder("realdata-3", "HANDREC_REALDATA_3")


def realdata(*parts: str) -> Path:
    return _inside(REALDATA, "realdata", "HANDREC_REALDATA", "the real records", parts)


def realdata_more(*parts: str) -> Path:
    """A path in ../shared/realdata-more (the archives nobody tuned to, issue 23); skips when absent."""
    return _inside(REALDATA_MORE, "realdata-more", "HANDREC_REALDATA_MORE", "the further real records", parts)


def realdata_3(*parts: str) -> Path:
    """A path in ../shared/realdata-3 (a third set, from eleven other sources); skips when absent."""
    return _inside(REALDATA_3, "realdata-3", "HANDREC_REALDATA_3", "the third set of real records", parts)


def all_archive_files() -> list[str]:
    """`archive_files` of the three sets together (realdata, realdata-more, realdata-3), each
    skipping, saying why, when absent."""
    return [*_archives(realdata()), *_archives(realdata_more()), *_archives(realdata_3())]


def archive_files() -> list[str]:
    """Every real archive (PBN, LIN, and the LIN files of lin_data without a suffix), in a fixed
    order; the test skips, saying why, when the real records are not here."""
    return _archives(realdata())


def more_archive_files() -> list[str]:
    """`archive_files` of ../shared/realdata-more (46,955 boards nobody tuned to); skips when absent."""
    return _archives(realdata_more())


def _archives(root: Path) -> list[str]:
    return [str(p) for p in sorted(root.rglob("*")) if p.is_file() and (
        p.suffix.lower() in (".pbn", ".lin") or "lin_data" in p.parts)]
