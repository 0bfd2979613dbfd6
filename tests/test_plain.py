"""A hand played in order (`projections.plain`), the question the scan asks before it folds: every
hand it vouches for is one the fold finds nothing in (no revoke, no other irregularity), over the
examples, random transcripts with their quits left out and one act changed, generated archives
and (slow) every real archive; and it vouches for the hands it is there for (a clean archive's
every board), never for a hand with a revoke."""

from __future__ import annotations

import random

import pytest
from conftest import events_of
from expectations import EXAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from realdata import archive_files, more_archive_files

from bench.generate_archive import write
from bench.play import random_transcript
from projections.moment import at
from projections.plain import in_order, played_in_order
from projections.scan import findings
from recorder.application import HandRecorder
from recorder.importer import import_files
from recorder.rows import acts
from recorder.store import Store


def nothing_found(events: list) -> bool:
    rulings = at(events).rulings()
    return not rulings["revokes"] and not rulings["irregularities"]


def vouched_truly(events: list) -> bool:
    """The property: in order ⇒ the fold finds nothing."""
    return not played_in_order(events) or nothing_found(events)


DEAL = "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"
# South declares 4H: West leads, then clockwise; each trick's winner leads the next.
PLAIN = "\n".join(["hand plain", "dealer S", DEAL, "contract 4H by S",
                   "play W SA", "play N S8", "play E S2", "play S S3",  # West wins
                   "play W SK", "play N S9", "play E C9", "play S S4",  # East has no spade
                   "play W SQ", "play N ST", "play E CT", "play S S5"])


def events(text: str) -> list:
    return events_of(text)


def test_a_hand_played_in_order_is_vouched_for():
    assert played_in_order(events(PLAIN))  # (East, void in spades, discards clubs: in order)
    assert nothing_found(events(PLAIN))
    assert played_in_order(events(PLAIN + "\nclaim S 10\ntag North Ann\nnote well played"))


# A line of each kind a hand played in order may hold besides its deal, contract, cards and claim
# (`KINDS_IN_ORDER`: those the judge has no step for), to put anywhere in PLAIN.
NOT_RULED = {"tag": ["tag North Ann"], "note": ["note well played"], "honors": ["honors W SA SK", "honors N none"],
             "void": ["void N C"], "find": ["find by=Dir the play was in order"], "appeal": ["appeal by=AC upheld"],
             "inspect": ["inspect"], "correct": ["correct h1 NS honor +50"], "agree": ["agree"]}
# The kinds PLAIN is made of, which the question reads itself.
STRUCTURE = {"hand", "dealer", "deal", "auction", "contract", "play", "claim"}


def test_every_kind_a_hand_in_order_may_hold_is_tried():
    # A kind the declarations add to KINDS_IN_ORDER is tried below once it has a line here.
    from projections.plain import KINDS_IN_ORDER

    assert set(NOT_RULED) == KINDS_IN_ORDER - STRUCTURE


@pytest.mark.parametrize("ruleset", ["auction-1912", "duplicate-2017", "duplicate-2007", "duplicate-1997"])
@pytest.mark.parametrize("line", [line for lines in NOT_RULED.values() for line in lines])
def test_a_kind_the_laws_do_not_rule_on_leaves_a_hand_in_order(line, ruleset):
    # The scan's kinds are the kinds' own declarations (`bridge.lines.Kind.ruled`): a line of one the
    # judge has no step for, anywhere in the record, leaves the hand vouched for, and truly, under
    # every code.
    # (North void in clubs: PLAIN's deal with his clubs and West's diamonds changed over, the same plays)
    void_deal = "deal N:T98.9876.T98543. 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.2.876432"
    lines = PLAIN.replace("hand plain", f"hand plain ruleset={ruleset}").replace(DEAL, void_deal).split("\n")
    for where in (4, 8, len(lines)):
        hand = events("\n".join(lines[:where] + [line] + lines[where:]))
        assert played_in_order(hand) and nothing_found(hand), where


@pytest.mark.parametrize("change, why", [
    ("play E S2 -> play E DA", "East held the S2 and did not follow"),
    ("play W SA\nplay N S8 -> play N S8\nplay W SA", "North played out of turn"),
    ("contract 4H by S -> contract 4H by N", "the opening lead was not declarer's left"),
    ("play S S5 -> play S S5 S6", "two cards at once"),
    ("dealer S -> dealer S\nnote x\nask N E", "a question is the judge's to rule on"),
])
def test_what_is_not_in_order(change, why):
    old, new = change.split(" -> ")
    text = PLAIN.replace(old, new, 1)
    assert not played_in_order(events(text)), why
    assert vouched_truly(events(text))


def test_a_card_after_the_claim_or_a_deal_not_whole_is_not_in_order():
    assert not played_in_order(events(PLAIN.replace("play W SQ", "claim S 10\nplay W SQ")))
    short = PLAIN.replace(DEAL, "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.43")
    assert not played_in_order(events(short))  # West short (L38)
    assert not played_in_order(events(PLAIN.replace("contract 4H by S\n", "")))  # no contract


def test_three_hands_written_out_give_the_fourth():
    text = PLAIN.replace(DEAL, "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 -")
    assert played_in_order(events(text))


def test_every_example_is_vouched_for_truly():
    names = sorted(EXAMPLES.glob("*.hand"))
    assert len(names) > 100
    for path in names:
        assert vouched_truly(events(path.read_text(encoding="utf-8"))), path.name


def _without_quits(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("quit "))


def _changed(text: str, rng: random.Random) -> str:
    """One act of the hand changed: two plays swapped, a card replaced by another of the same seat's
    line, a line dropped, or a claim put in."""
    lines = text.splitlines()
    plays = [i for i, line in enumerate(lines) if line.startswith("play ")]
    how = rng.randrange(4)
    if how == 0 and len(plays) > 1:
        i, j = rng.sample(plays, 2)
        lines[i], lines[j] = lines[j], lines[i]
    elif how == 1 and plays:
        i, j = rng.sample(plays, 2) if len(plays) > 1 else (plays[0], plays[0])
        lines[i] = " ".join(lines[i].split()[:2] + lines[j].split()[2:])
    elif how == 2 and len(lines) > 4:
        del lines[rng.randrange(1, len(lines))]
    else:
        lines.insert(rng.randrange(4, len(lines) + 1), f"claim {rng.choice('NESW')} {rng.randrange(14)}")
    return "\n".join(lines)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), irregular=st.sampled_from([0.0, 0.0, 0.1, 0.3]),
       options=st.sampled_from(["", "ruleset=duplicate-2017", "wrong-no=next-trigger"]),
       change=st.booleans())
def test_random_hands_are_vouched_for_truly(seed, irregular, options, change):
    rng = random.Random(seed)
    text = _without_quits(random_transcript(rng, irregular=irregular, options=options))
    if change:
        text = _changed(text, rng)
    try:
        hand = events(text)
    except Exception:  # a change the recorder refuses (a card not held): nothing to fold
        return
    assert vouched_truly(hand)


def test_generated_archives(tmp_path):
    """A clean archive: every board in order, and the scan finds nothing; every board with a
    revoke: none in order."""
    for rate, name in ((0.0, "clean"), (1.0, "revoking")):
        archive = tmp_path / f"{name}.pbn"
        write(str(archive), 80, seed=3, revoke_rate=rate)
        app = HandRecorder(str(tmp_path / f"{name}.db"))
        assert import_files(app, [str(archive)]).hands_added == 80
        reader = Store.parse(str(tmp_path / f"{name}.db")).reader()
        for hand_id in app.iter_hand_ids():
            hand = app.hand_events(hand_id)
            assert played_in_order(hand) == (rate == 0.0), hand_id
            # asked of the stored rows as the scan asks it (recorder.rows.acts): the same answer
            assert in_order(acts(reader.rows(hand_id))) == played_in_order(hand), hand_id
            assert vouched_truly(hand)
            assert bool(list(findings(hand))) == (rate == 1.0)
        reader.close()


@pytest.mark.slow
@pytest.mark.parametrize("archives", ["realdata", "realdata-more"])
def test_every_real_board_is_vouched_for_truly(tmp_path, archives):
    files = archive_files() if archives == "realdata" else more_archive_files()
    app = HandRecorder(str(tmp_path / "real.db"))
    import_files(app, files, jobs=2)
    in_order = revoking = 0
    for hand_id in app.iter_hand_ids():
        hand = app.hand_events(hand_id)
        if played_in_order(hand):
            in_order += 1
            assert nothing_found(hand), hand_id
        elif at(hand).rulings()["revokes"]:
            revoking += 1
    # Most real boards are played in order; those with a revoke on record never are.
    assert in_order > 10_000 and revoking > 0, (in_order, revoking)
