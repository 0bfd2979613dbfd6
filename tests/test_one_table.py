"""One way to the table: the table and the rulings at event N are the same from every public
entry point, folding twice gives equal values, and no fold changes the events it reads or
another fold's state."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import events_of, example
from expectations import EXAMPLES
from bench.play import random_transcript
from projections import analysis
from bridge.lines import CORRECTIONS
from projections.moment import Moment, at, carry_out, moments, rulings_at, simultaneous
from projections.placement import take_up
from projections.rulings import judge as judging
from projections.rulings.state import NOTHING, Decided
from projections.table import apply
from projections.score import CannotScore, score
from projections.events import as_events
from projections.timeline import timeline

NAMES = sorted(p.stem for p in EXAMPLES.glob("*.hand"))


def _snapshots(events: list) -> list[Moment]:
    """The moment after each event, as `moments` yields it (copied: it is one object throughout)."""
    return [copy.deepcopy(m) for _, m in moments(events)]


def check_one_table(events: list) -> None:
    kept = copy.deepcopy(as_events(events))
    walked = _snapshots(events)
    for n, moment in enumerate(walked, start=1):
        fresh = at(events, n)
        assert fresh.table == moment.table, f"the table at {n}: at() and moments() differ"
        assert fresh.judge == moment.judge, f"the rulings' state at {n}: at() and moments() differ"
        assert fresh == at(events[:n]), f"at({n}) differs from a fold of the first {n} events"
        assert fresh == at(events, n), f"folding twice to {n} gives different values"
        assert fresh.rulings() == rulings_at(events, n)
        try:
            assert score(fresh) == score(at(events, n))
        except CannotScore:
            pass
    # The judge reads the table and never writes to it: each step leaves the table as the table's
    # own step left it.
    # What the laws decided, the step returns and the moment carries out (`carry_out`); the judge
    # keeps none of it between two events.
    before = Moment(*at(events, 0).__dict__.values())
    corrected = any(e.kind in CORRECTIONS for e in as_events(events))  # (a correction folds afresh)
    for e in as_events(events):
        decided = NOTHING
        for act in simultaneous(before.table, e) if e.kind == "play" else (e,):  # (two players' cards: L58A)
            expected = before.table.in_rotation() if act.kind == "play" else None
            apply(before.table, act)
            table_alone = copy.deepcopy(before.table)
            decided = decided.then(judging.step(before.judge, before.table, act, expected))
            assert before.table == table_alone, f"the judge changed the table at event {e.number}"
            assert not any(isinstance(value, Decided) for value in vars(before.judge).values()), \
                f"the judge holds what it decided at event {e.number}"
            for seat in decided.taken_up:
                take_up(before.table, e.number, seat)
        carry_out(before.table, e.number, decided)
        if not corrected:
            assert before.table == walked[e.number - 1].table, f"the table at {e.number}: not the fold's"
    # The folds built on the same one (timeline, analysis rows) end on the same table and rulings.
    assert [row["event"] for row in timeline(events)] == list(range(1, len(walked) + 1))
    rows = analysis.rows(events)
    last = walked[-1]
    assert [t["number"] for t in rows["tricks"]] == [t.number for t in last.table.tricks]
    assert [(c["trick"], c["card"]) for c in rows["cards_played"]] == \
        [(t.number, str(p.card)) for t in last.table.tricks for p in t.plays]
    assert len(rows["revokes"]) == len(last.rulings()["revokes"])
    # No fold changed what it read.
    assert as_events(events) == kept


# Every third example in every run, the rest under `slow` (a long property: every event of every
# example from every entry point); CI runs them all.
@pytest.mark.parametrize("name", [n if i % 3 == 0 else pytest.param(n, marks=pytest.mark.slow)
                                  for i, n in enumerate(NAMES)])
def test_every_example_has_one_table_at_every_event(name):
    check_one_table(events_of(example(name)))


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), irregular=st.sampled_from([0.0, 0.2, 0.5]),
       options=st.sampled_from(["", "quitting=strict", "wrong-no=next-trigger"]))
def test_generated_hands_have_one_table_at_every_event(seed, irregular, options):
    events = events_of(random_transcript(random.Random(seed), irregular=irregular, options=options))
    check_one_table(events)


def test_law90_the_card_taken_from_a_quitted_trick_stays_in_it_on_the_table():
    # The table the views, the score and the analysis read, not only the rulings' own.
    events = events_of(example("law90-taken-from-a-quitted-trick"))
    table = at(events, 10).table
    first = table.tricks[0]
    assert [str(p.card) for p in first.cards] == ["SA", "S8", "S2", "S3"]
    assert first.complete
    assert table.won() == {"NS": 0, "EW": 1}
    assert table.expected() == "W"  # East owes no card in its place (L90): West leads again
    assert table.hands["E"] is not None and any(str(c) == "S2" for c in table.hands["E"])  # back in his hand
    rows = analysis.rows(events)
    assert [t["cards"] for t in rows["tricks"]] == [3]  # three cards lie in it, as the record says


def test_review_r06_an_established_revoke_taken_back_stands_in_its_trick_on_the_table():
    events = events_of(example("review-r06-declarer-revoke-dummy-asks-too-late"))
    moment = at(events)
    established = [r for r in moment.rulings()["revokes"] if r["status"] == "established"]
    assert established, "the example's revoke is established"
    r = established[0]
    trick = moment.table.tricks[r["trick"] - 1]
    assert any(str(p.card) == r["card"] and p.stands for p in trick.cards), \
        "the revoke card counts in its trick on the table"


def test_law90_the_family_step_that_rules_a_card_taken_from_a_quitted_trick_returns_what_it_decided():
    # The law that decides returns it, up through the family's step that asked it (1912: the revoke
    # laws' withdrawal, L90), and the judge's step returns it: nothing on the judge carries it.
    events = as_events(events_of(example("law90-taken-from-a-quitted-trick")))
    n = next(e.number for e in events if e.kind == "withdraw")
    before = at(events, n - 1)
    apply(before.table, events[n - 1])
    assert before.table.code.family.revoke.withdrawn(copy.deepcopy(before.judge), before.table, events[n - 1]) == \
        Decided(kept=False)  # L90: it stays in the trick, and no card is owed in its place
    assert judging.step(before.judge, before.table, events[n - 1], None) == Decided(kept=False)
    assert not any(isinstance(value, Decided) for value in vars(before.judge).values())
