"""Where the shared real records are (../shared/realdata); tests that need them skip, saying why,
when they are not there. They are never copied into the repository."""

from __future__ import annotations

from pathlib import Path

import pytest

REALDATA = Path(__file__).resolve().parents[2] / "shared" / "realdata"


def realdata(*parts: str) -> Path:
    path = REALDATA.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"the real records are not here ({path} is missing); they live in ../shared/realdata")
    return path
