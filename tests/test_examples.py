"""Every example transcript in data/examples/ records cleanly and its `#=` expectations hold.

The expectations were worked out from the laws independently of the code."""

from __future__ import annotations

import pytest

from conftest import events_of
from expectations import EXAMPLES, check, check_score, expectations
from projections.moment import at, rulings_at
from projections.score import score

FILES = sorted(EXAMPLES.glob("*.hand"))


def test_there_are_examples_for_the_laws():
    assert len(FILES) >= 10
    assert all(expectations(f) for f in FILES), "every example states what the laws say of it"


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_example_rulings_match_the_laws(path):
    events = events_of(path.read_text(encoding="utf-8"))
    failures = []
    for want in expectations(path):
        n = int(want["at"]) if "at" in want else None
        if "score" in want:
            diffs = check_score(score(at(events, n)), want)
        else:
            diffs = check(rulings_at(events, n), want)
        failures.extend(f"line {want['lineno']} (at {want.get('at', 'end')}): {d}" for d in diffs)
    assert not failures, "\n".join(failures)
