"""Where the shared real records are; tests that need them skip, saying why, when they are not
there. They are never copied into the repository.

Looked for, in order: $HANDREC_REALDATA; ../shared/realdata beside this checkout; the shared
folder of this workplace (/work/shared/realdata), for a checkout made elsewhere (CI's clone)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

_CANDIDATES = [Path(p) for p in (os.environ.get("HANDREC_REALDATA"),) if p] + [
    Path(__file__).resolve().parents[2] / "shared" / "realdata",
    Path("/work/shared/realdata"),
]
REALDATA = next((p for p in _CANDIDATES if p.is_dir()), _CANDIDATES[0])


_MORE = [Path(p) for p in (os.environ.get("HANDREC_REALDATA_MORE"),) if p] + [
    Path(__file__).resolve().parents[2] / "shared" / "realdata-more",
    Path("/work/shared/realdata-more"),
]
REALDATA_MORE = next((p for p in _MORE if p.is_dir()), _MORE[0])


def realdata_more(*parts: str) -> Path:
    """A path in ../shared/realdata-more (the archives nobody tuned to, issue 23); skips when absent."""
    path = REALDATA_MORE.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"the further real records are not here ({path} is missing); they live in "
                    f"../shared/realdata-more (or set HANDREC_REALDATA_MORE)")
    return path


def realdata(*parts: str) -> Path:
    path = REALDATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"the real records are not here ({path} is missing); they live in ../shared/realdata "
                    f"(or set HANDREC_REALDATA)")
    return path


def archive_files() -> list[str]:
    """Every real archive (PBN, LIN, and the LIN files of lin_data without a suffix), in a fixed
    order; the test skips, saying why, when the real records are not here."""
    root = realdata()
    return [str(p) for p in sorted(root.rglob("*")) if p.is_file() and (
        p.suffix.lower() in (".pbn", ".lin") or "lin_data" in p.parts)]
