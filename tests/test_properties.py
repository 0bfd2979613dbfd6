"""Properties of the folds over random legal and irregular play (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import events_of
from bench.play import random_transcript
from projections.moment import at, moments, rulings_at
from projections.timeline import timeline
from recorder.application import HandRecorder
from bridge.cards import FULL_PACK, SUIT_BITS, UNKNOWN_CARD, bits

seeds = st.integers(min_value=0, max_value=2**32 - 1)
PROPS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def transcript(seed: int, irregular: float = 0.2, options: str = "") -> str:
    return random_transcript(random.Random(seed), irregular=irregular, options=options)


def cards_in_play(table) -> list:
    """Every card in a hand or on the table (known hands only): for the 52-card check."""
    out = [c for h in table.hands.values() if h is not None for c in h]
    return out + [p.card for t in table.tricks for p in t.live]


@PROPS
@given(seed=seeds, irregular=st.sampled_from([0.0, 0.2, 0.5]))
def test_no_card_is_lost_or_duplicated(seed, irregular):
    for e, moment in moments(events_of(transcript(seed, irregular))):
        if e.kind in ("hand", "dealer"):
            continue  # before the deal there are no cards to count
        cards = cards_in_play(moment.table)
        counts = Counter(cards)
        assert not [c for c, n in counts.items() if n > 1], f"duplicated at event {moment.table.at}"
        assert set(cards) == set(FULL_PACK), f"lost at event {moment.table.at}"


@pytest.mark.slow
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
    assert timeline(events) == timeline(events_of(transcript(seed)))  # the same acts, recorded again
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


SEAT = st.sampled_from("NESW")
CARD = st.builds(lambda s, r: s + r, st.sampled_from("SHDC"), st.sampled_from("23456789TJQKA"))
LINE = st.one_of(
    st.builds(lambda s, c: f"play {s} {c}", SEAT, CARD),
    st.builds(lambda s, a, b: f"play {s} {a} {b}", SEAT, CARD, CARD),
    st.builds(lambda s: f"unknown {s}", SEAT),
    st.builds(lambda s, c: f"put-right {s} {c}", SEAT, CARD),
    st.builds(lambda a, b: f"ask {a} {b}", SEAT, SEAT),
    st.builds(lambda s, y: f"answer {s} {y}", SEAT, st.sampled_from(["yes", "no"])),
    st.builds(lambda s: f"quit {s}", st.sampled_from(["NS", "EW"])),
    st.builds(lambda s, c: f"withdraw {s} {c}", SEAT, CARD),
    st.builds(lambda s, c: f"restore {s} {c}", SEAT, CARD),
    st.builds(lambda s, c, w: f"elect {s} {c} {w}".strip(), SEAT,
              st.sampled_from(["points", "tricks", "exposed", "highest", "lowest", "win", "lose", "lead", "forbid", "call", "new-deal", "stand"]),
              st.sampled_from(["", "H", "W", "SA", "D E"])),
    st.builds(lambda a, b: f"claim-revoke {a} {b}", st.sampled_from(["NS", "EW"]), SEAT),
    st.builds(lambda s: f"mix {s}", SEAT),
    st.just("inspect"), st.just("cut"), st.just("note x"),
    st.builds(lambda s: f"attention {s} look", SEAT),
    st.builds(lambda s, n: f"claim {s} {n}", SEAT, st.integers(0, 13)),
    st.builds(lambda s: f"doubt {s}", SEAT),
    st.builds(lambda n: f"adjudicate {n} by=TD the line stated", st.integers(0, 13)),
)
DEALS = st.sampled_from([
    "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432",
    "deal N:T98.9876.T98.876 - 76543.AKQJT.76.5 -",
    "deal N:- - - -",
    "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.43",
])


@settings(max_examples=300, deadline=None)
@given(deal=DEALS, contract=st.sampled_from(["contract 4H by S", "contract 3NT by E", "contract 1R by N", ""]),
       options=st.sampled_from(["", "quitting=strict", "wrong-no=next-trigger called-card=revoke",
                                "ruleset=duplicate-2017"]),
       lines=st.lists(LINE, max_size=60))
def test_any_recordable_sequence_of_acts_folds_without_error(deal, contract, options, lines):
    """Whatever acts are recorded, in whatever order, the folds rule on them without an exception."""
    assume(not (options.startswith("ruleset=duplicate") and "1R" in contract))  # (no royal spades in duplicate)
    from recorder.domainmodel import Hand
    from bridge.lines import parse_line
    from bridge.messages import TranscriptError

    hand = Hand.open(parse_line(f"hand fuzz {options}"))
    for text in ["dealer S", deal, contract, "tag Vulnerable None", *lines]:
        try:
            line = parse_line(text)
            if line is not None:
                hand.record(line)
        except TranscriptError:
            continue  # bad notation or a physical impossibility: refused, as recording would
    events = hand.collect_events()
    rows = timeline(events)
    assert len(rows) == len(events)
    final = rulings_at(events)
    assert rows and final["at"] == len(events)
    from projections.moment import at
    from projections.score import CannotScore, score

    try:
        s = score(at(events))
    except CannotScore as e:
        # No contract, or a new deal claimed for a missed trick (L81): the hand is void, no score.
        # Under a duplicate code, also a doubted claim the Director has not yet adjudicated (L70).
        assert not contract or "is void" in str(e) or "the Director adjudicates it (L70)" in str(e), str(e)
    else:
        assert sum(s["tricks"].values()) <= 13 and all(isinstance(s[side][c], int) for side in ("NS", "EW") for c in ("trick", "honor"))


def _hidden(text: str, rng: random.Random, share: float) -> tuple[str, int]:
    """A legal transcript with some of its cards (none a lead, none of the last trick) made cards not
    known (`unknown SEAT`), and how many."""
    out, plays, n = [], 0, 0
    for line in text.splitlines():
        words = line.split()
        if words and words[0] == "play" and len(words) == 3:
            if plays % 4 and plays < 48 and rng.random() < share:
                line, n = f"unknown {words[1]}", n + 1
            plays += 1
        out.append(line)
    return "\n".join(out) + "\n", n


@PROPS
@given(seed=seeds, share=st.sampled_from([0.1, 0.3, 0.6]))
def test_a_legal_hand_with_cards_not_known_rules_nothing_and_wins_the_same_tricks(seed, share):
    """Issue 23 part 2: a card not known is one of its player's (the cards known and the hands hold
    the pack, less nothing, each hand keeping its cards not known); hiding cards of a legal play
    rules no irregularity and no revoke but suspected ones (a failure to follow is sure only where
    the suit is), and
    every trick is won as it was (the true winner, if hidden, could have won, and leads next)."""
    text = transcript(seed, 0.0)
    hidden, n = _hidden(text, random.Random(seed), share)
    events = events_of(hidden)
    for e, moment in moments(events):
        table = moment.table
        if e.kind in ("hand", "dealer"):
            continue
        known = [c for h in table.hands.values() for c in h] + [p.card for t in table.tricks for p in t.live
                                                                 if p.card is not UNKNOWN_CARD]
        assert Counter(known) == Counter(FULL_PACK), f"at event {table.at}"
        assert all(table.unknown.get(s, 0) <= len(table.hands[s]) for s in "NESW")
    rulings, plain = rulings_at(events), rulings_at(events_of(text))
    # (a discard after a card not known that may have been the player's last of the suit: suspected)
    assert plain["revokes"] == [] and all(r["status"] == "suspected" for r in rulings["revokes"]), n
    assert rulings.get("irregularities", []) == plain.get("irregularities", []), n
    table, original = at(events).table, at(events_of(text)).table
    assert table.won() == original.won() and sum(table.unknown.values()) == n


@settings(max_examples=200, deadline=None)
@given(hand=st.sets(st.sampled_from(sorted(FULL_PACK)), max_size=13))
def test_a_hand_as_a_bit_set_holds_the_same_cards_and_suits(hand):
    """`Card.bit` is one bit a card (`bits`): a hand as a bit set holds exactly its cards, and its
    cards of a suit (`SUIT_BITS`) count as the set's do; the card not known is held by none."""
    held = bits(hand)
    assert held.bit_count() == len(hand)
    assert all(held & c.bit for c in hand) and not any(held & c.bit for c in FULL_PACK - hand)
    for suit, of_suit in SUIT_BITS.items():
        assert (held & of_suit).bit_count() == sum(1 for c in hand if c.suit == suit)
    assert not held & UNKNOWN_CARD.bit


# ---------------------------------------------------------------- one card, one place (issue 39)

DUPLICATE_DEAL = "deal N:T98.9876.T98.876 2.54.AKQJ.AKQJT9 76543.AKQJT.76.5 AKQJ.32.5432.432"
ACTS = ("in-turn", "in-turn", "in-turn", "in-turn", "out-of-turn", "several", "two-players", "withdraw",
        "withdraw-taken-up", "expose", "surplus", "restore", "quit", "elect", "put-right", "inspect", "claim",
        "doubt", "ask", "answer", "cut", "fifth", "deem")


def _pick(data, items, label):
    items = sorted(items)
    return data.draw(st.sampled_from(items), label=label) if items else None


def _act(data, table, pack) -> str | None:
    """One act at the table, drawn against where the cards are: a line the recorder may refuse."""
    from projections.placement import places

    kind = data.draw(st.sampled_from(ACTS), label="act")
    held = {s: sorted(pack.held[s] or ()) for s in "NESW"}
    seat = data.draw(SEAT, label="seat")
    if kind == "in-turn":
        seat = table.expected() or seat
        suit = table.current.suit_led if table.current else None
        follow = [c for c in held[seat] if c[0] == suit]
        card = _pick(data, follow if follow and data.draw(st.booleans(), label="follows") else held[seat], "card")
        return card and f"play {seat} {card}"
    if kind == "fifth":  # L45E: a card added to a trick of four
        card = _pick(data, held[seat], "card")
        return card and f"play {seat} {card} fifth"
    if kind == "deem":  # the Director's decision on a fifth card
        n = _pick(data, pack.fifths, "fifth card")
        return n and f"deem {n} {data.draw(st.sampled_from(['led', 'not-led']), label='deemed')}"
    if kind in ("out-of-turn", "put-right"):
        card = _pick(data, held[seat], "card")
        return card and f"{'play' if kind == 'out-of-turn' else 'put-right'} {seat} {card}"
    if kind == "several":
        two = held[seat][:2] if len(held[seat]) >= 2 else []
        return two and f"play {seat} {' '.join(data.draw(st.permutations(two), label='cards'))}"
    if kind == "two-players":
        other = data.draw(SEAT.filter(lambda s: s != seat), label="other")
        a, b = _pick(data, held[seat], "card"), _pick(data, held[other], "other card")
        return a and b and f"play {seat} {a} {other} {b}"
    if kind in ("withdraw", "surplus", "restore"):
        mine = _pick(data, [(s, c) for c, s in pack.on_table.items()], "card on the table")
        return mine and f"{kind} {mine[1]} {mine[0]}"
    if kind == "withdraw-taken-up":  # a premature card the rulings took up, recorded leaving the table
        up = _pick(data, [(place[1], str(c)) for c, place in places(table) if place[0] == "before"], "taken up")
        return up and f"withdraw {up[0]} {up[1]}"
    if kind == "expose":
        card = _pick(data, held[seat], "card")
        return card and f"expose {seat} {card}"
    if kind == "quit":
        return f"quit {data.draw(st.sampled_from(['NS', 'EW']), label='side')}"
    if kind == "elect":
        return "elect S " + data.draw(st.sampled_from(
            ["highest", "lowest", "accept", "retract", "substitute", "lead C", "forbid D", "none", "call CA"]),
            label="choice")
    if kind == "claim":
        return f"claim {seat} {data.draw(st.integers(0, 13), label='tricks')}"
    if kind in ("doubt", "answer"):
        return f"doubt {seat}" if kind == "doubt" else f"answer {seat} {data.draw(st.sampled_from(['yes', 'no']))}"
    if kind == "ask":
        return f"ask {seat} {data.draw(SEAT, label='asked')}"
    return kind  # inspect, cut


def _one_place(table, pack, e) -> None:
    """Each of the 52 cards in exactly one place, and in the place the recorder's pack holds it."""
    from projections.placement import places

    where = places(table)
    counts = Counter(c for c, _ in where)
    twice = {str(c): [p for d, p in where if d == c] for c, n in counts.items() if n > 1}
    assert not twice, f"event {e.number} ('{e.line}'): a card in two places: {twice}"
    assert set(counts) == set(FULL_PACK), f"event {e.number} ('{e.line}'): cards lost: {set(FULL_PACK) - set(counts)}"
    for c, place in where:
        w = str(c)
        if place[0] == "hand":
            assert w in pack.held[place[1]], f"event {e.number} ('{e.line}'): {w} in {place}, not in the pack's hand"
        else:
            assert pack.on_table.get(w) == place[-1], (
                f"event {e.number} ('{e.line}'): {w} in {place}, the pack's table says {pack.on_table.get(w)}")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), ruleset=st.sampled_from(["duplicate-2017", "duplicate-2007", "duplicate-1997", "auction-1912"]),
       contract=st.sampled_from(["contract 4H by S", "contract 3NT by E"]))
def test_every_card_is_in_one_place_at_every_event(data, ruleset, contract):
    """Issue 39, point 3: whatever acts are recorded (premature plays, withdrawals, a premature card
    taken back, exposures, surplus cards, two players' cards at once, retractions, claims), each of
    the 52 cards is in exactly one place after every event (a hand, a trick, face up before its
    player), and in the place the recorder's pack, which refuses a card in two places, holds it:
    the fold and the pack are one physical truth."""
    from bridge.lines import parse_line
    from bridge.messages import TranscriptError
    from projections.events import Event
    from projections.moment import Moment, step
    from projections.rulings.state import Judge
    from projections.table import Table
    from recorder.domainmodel import Hand

    hand = Hand.open(parse_line(f"hand one-place ruleset={ruleset}"))
    moment = Moment(Table(), Judge())
    acts = ["dealer S", DUPLICATE_DEAL, contract, "tag Vulnerable None"]
    for n in range(data.draw(st.integers(20, 70), label="acts")):
        if not acts:
            text = _act(data, moment.table, hand.pack)
            if not text:
                continue
        else:
            text = acts.pop(0)
        try:
            hand.record(parse_line(text))
        except TranscriptError:
            continue  # a physical impossibility: refused, as recording refuses it
        for stored in hand.collect_events():
            e = Event.of(stored)
            if e.kind == "hand":
                step(moment, e)
                continue
            step(moment, e)
            if e.number > 3:  # (from the deal on)
                _one_place(moment.table, hand.pack, e)


def test_a_premature_card_taken_back_and_played_at_his_turn_is_in_one_place():
    """The issue's record: East's CT played at North's turn (L57D, legal: it counts at his proper
    turn), recorded taken back (`withdraw`) and played at his turn: one card, in trick 2 once."""
    from projections.placement import places

    text = (f"hand twice ruleset=duplicate-2017\ntag Vulnerable None\ndealer S\n{DUPLICATE_DEAL}\ncontract 4H by S\n"
            "play W SA\nplay N S8\nplay E S2\nplay S S3\nquit EW\nplay W SK\nplay E CT\nwithdraw E CT\nplay N S9\n"
            "play E CT\nplay S S4\nquit EW\nplay W SQ\n")
    events = events_of(text)
    for e, moment in moments(events):
        if e.number < 4:
            continue  # (before the deal)
        where = [p for c, p in places(moment.table) if str(c) == "CT"]
        assert len(where) == 1, (e.number, where)
    table = at(events).table
    assert [(p.seat, str(p.card)) for p in table.tricks[1].cards] == [("W", "SK"), ("N", "S9"), ("E", "CT"), ("S", "S4")]
    assert [i["kind"] for i in rulings_at(events)["irregularities"]] == ["premature-play"]
