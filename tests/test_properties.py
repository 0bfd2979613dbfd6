"""Properties of the folds over random legal and irregular play (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import events_of
from play import random_transcript
from projections.rulings import moments, rulings_at
from projections.view import timeline
from recorder.application import HandRecorder
from recorder.cards import full_pack

seeds = st.integers(min_value=0, max_value=2**32 - 1)
PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def transcript(seed: int, irregular: float = 0.2, options: str = "") -> str:
    return random_transcript(random.Random(seed), irregular=irregular, options=options)


@PROPS
@given(seed=seeds, irregular=st.sampled_from([0.0, 0.2, 0.5]))
def test_no_card_is_lost_or_duplicated(seed, irregular):
    for e, moment in moments(events_of(transcript(seed, irregular))):
        if e.kind in ("hand", "dealer"):
            continue  # before the deal there are no cards to count
        cards = moment.table.cards_in_play()
        counts = Counter(cards)
        assert not [c for c, n in counts.items() if n > 1], f"duplicated at event {moment.table.at}"
        assert set(cards) == set(full_pack()), f"lost at event {moment.table.at}"


@PROPS
@given(seed=seeds, options=st.sampled_from(["", "quitting=strict", "wrong-no=next-trigger"]))
def test_rulings_at_n_equal_a_fresh_fold_of_the_first_n_events(seed, options):
    events = events_of(transcript(seed, options=options))
    for e, moment in moments(events):
        assert moment.rulings() == rulings_at(events[: e.number])
        assert rulings_at(events, e.number) == rulings_at(events[: e.number])


@PROPS
@given(seed=seeds)
def test_replaying_the_same_events_gives_the_same_rulings(seed):
    events = events_of(transcript(seed))
    assert timeline(events) == timeline(events)
    assert rulings_at(events) == rulings_at(events_of(transcript(seed)))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=seeds)
def test_recording_then_reloading_gives_the_same_rulings(tmp_path_factory, seed):
    store = str(tmp_path_factory.mktemp("store") / "hands.db")
    text = transcript(seed)
    events = events_of(text)
    HandRecorder(store).record(text)
    reloaded = HandRecorder(store).hand_events("prop")
    assert [e.line for e in reloaded] == [e.line for e in events]
    assert rulings_at(reloaded) == rulings_at(events)


@PROPS
@given(seed=seeds)
def test_status_never_goes_back(seed):
    """An established or corrected revoke stays so; suspected only for hands not known."""
    seen: dict = {}
    for _, moment in moments(events_of(transcript(seed, 0.4))):
        for r in moment.rulings()["revokes"]:
            key = (r["seat"], r["event"])
            before = seen.get(key)
            if before in ("established", "corrected"):
                assert r["status"] == before, (key, before, r)
            assert r["status"] != "suspected"
            seen[key] = r["status"]
