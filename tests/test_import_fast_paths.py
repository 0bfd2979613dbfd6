"""The import's shortcuts (issue 9, part 4) are what they stand for, exactly: `Pack.play_card` is
`Pack.check` then `Pack.apply` of one card played (the same refusals, the same cards moved),
`HandMapper.stored_play` writes the bytes `HandMapper.stored` writes, and the deal's helpers
(`pbn_hand`, `read_deal_words`) give what the slower ways they replace gave."""

from __future__ import annotations

import copy
import random
import uuid
from datetime import datetime, timedelta, timezone

import pytest

from bridge import cards
from bridge.cards import RANK_VALUE, SUITS
from recorder.application import HandRecorder
from recorder.domainmodel import EVENT_OF_KIND
from recorder.pack import Pack, PhysicalError

WORDS = [s + r for s in "SHDC" for r in cards.RANKS]


def state(pack: Pack) -> tuple:
    return (pack.held, pack.owner, list(pack.owner), pack.on_table, pack.voids, pack.played_any, pack.dealt_count)


def random_pack(rng: random.Random) -> Pack:
    """A pack dealt in full, in part (a hand not known), or not at all, with some cards played
    and some voids shown: every state `play_card` may meet."""
    pack = Pack()
    words = WORDS[:]
    rng.shuffle(words)
    if rng.random() < 0.8:
        hands = {s: frozenset(cards.card(w) for w in words[13 * i:13 * i + 13]) for i, s in enumerate("NESW")}
        for s in "NESW":
            if rng.random() < 0.2:
                hands[s] = None
        pack.deal(cards.write_deal(hands, "N"))
    for _ in range(rng.randrange(12)):
        seat, word = rng.choice("NESW"), rng.choice(WORDS)
        try:
            pack.check("play", {"seat": seat, "cards": [word]})
        except PhysicalError:
            continue
        pack.apply("play", {"seat": seat, "cards": [word]})
    for _ in range(rng.randrange(3)):
        pack.void(rng.choice("NESW"), rng.choice("SHDC"))
    return pack


# The first seeds in every run; the rest under `slow` (a long property: 1,600 cards a seed, each on two copies).
FAST_SEEDS = 8


@pytest.mark.parametrize("seed", [seed if seed < FAST_SEEDS else pytest.param(seed, marks=pytest.mark.slow)
                                  for seed in range(40)])
def test_play_card_refuses_and_moves_exactly_as_check_then_apply(seed):
    rng = random.Random(seed)
    outcomes = set()
    for _ in range(20):
        pack = random_pack(rng)
        for seat in "NESW":
            for word in rng.sample(WORDS, 20):
                slow, fast = copy.deepcopy(pack), copy.deepcopy(pack)
                try:
                    slow.check("play", {"seat": seat, "cards": [word]})
                    refused = False
                except PhysicalError:
                    refused = True
                if not refused:
                    slow.apply("play", {"seat": seat, "cards": [word]})
                assert fast.play_card(seat, word) is not refused, (seat, word)
                assert state(fast) == state(slow), (seat, word)
                outcomes.add(refused)
    assert outcomes == {True, False}  # (both ways met)


def test_stored_play_writes_the_bytes_stored_writes(tmp_path):
    app = HandRecorder(str(tmp_path / "h.db"))
    mapper = app.mapper
    played = EVENT_OF_KIND["play"][0]
    hand = uuid.uuid4()
    first = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)
    for timestamp in (first, first + timedelta(microseconds=1), first):
        for version, (seat, word) in enumerate(((s, w) for s in "NESW" for w in WORDS), start=2):
            for line in (f"play {seat} {word}", f"play {seat} {word} ¶ «é»"):  # (the line as given)
                # twice: the first writes the row the generic way, the second from what it kept
                for _ in range(2):
                    fast = mapper.stored_play(played, hand, version, timestamp, seat, word, line)
                    slow = mapper.stored(played, hand, version, timestamp,
                                         {"seat": seat, "cards": [word], "line": line})
                    assert fast == slow
                    assert (fast.originator_id, fast.originator_version, fast.topic) == (hand, version, slow.topic)
                    assert bytes(fast.state) == bytes(slow.state)


def old_pbn_hand(held_cards) -> str:
    """bridge.cards.pbn_hand as it was written before (sorting each suit)."""
    held = set(held_cards)
    return ".".join(
        "".join(sorted((c.rank for c in held if c.suit == s), key=RANK_VALUE.__getitem__, reverse=True))
        for s in SUITS
    )


@pytest.mark.parametrize("seed", range(20))
def test_pbn_hand_and_the_deals_words_are_what_they_were(seed):
    rng = random.Random(seed)
    pack = [cards.card(w) for w in WORDS]
    for _ in range(50):
        hand = rng.sample(pack, rng.randrange(0, 20))
        given = hand + rng.sample(hand, len(hand) // 3)  # a card given twice is written once
        assert cards.pbn_hand(given) == old_pbn_hand(given)
        assert cards.pbn_hand(frozenset(hand)) == old_pbn_hand(hand)
    rng.shuffle(pack)
    hands = {s: frozenset(pack[13 * i:13 * i + 13]) for i, s in enumerate("NESW")}
    hands[rng.choice("NESW")] = None
    text = cards.write_deal(hands, rng.choice("NESW"))
    words = cards.read_deal_words(text)
    parsed = cards.read_deal(text)
    assert list(words) == list(parsed)
    for s, w in words.items():
        assert (None if w is None else set(w)) == (None if parsed[s] is None else {str(c) for c in parsed[s]})


@pytest.mark.parametrize("seed", range(10))
def test_read_deal_and_text_gives_the_words_and_write_deal_of_the_parsed_deal(seed):
    """`cards.read_deal_and_text` (an archive's [Deal], read once) gives `read_deal_words`'s hands and the text
    `write_deal` writes from `read_deal`'s hands, whatever the writer's case, order of ranks or `10`;
    and refuses what they refuse, in the same words."""
    rng = random.Random(seed)
    for _ in range(40):
        words = WORDS[:]
        rng.shuffle(words)
        hands = []
        for i in range(4):
            if rng.random() < 0.15:
                hands.append("-")
                continue
            held = words[13 * i:13 * i + rng.choice((13, 13, 12, 3, 0))]
            suits = []
            for s in "SHDC":
                ranks = [w[1] for w in held if w[0] == s]
                rng.shuffle(ranks)  # a writer's order, not always high to low
                text = "".join(ranks).replace("T", "10" if rng.random() < 0.5 else "T")
                suits.append(text.lower() if rng.random() < 0.3 else text)
            hands.append(".".join(suits))
        first = rng.choice("NESWnesw")
        text = f"{first}:" + " ".join(hands)
        hands_read, written = cards.read_deal_and_text(text)
        assert hands_read == cards.read_deal_words(text)
        assert written == cards.write_deal(cards.read_deal(text), first.upper())
    for bad in ("N:AKQ.AKQ.AKQ.AKQ AKQ... - -", "X:- - - -", "N:AKZ... - - -", "N:- - -"):
        with pytest.raises(cards.NotationError) as slow:
            cards.read_deal(bad)
        with pytest.raises(cards.NotationError) as fast:
            cards.read_deal_and_text(bad)
        assert str(fast.value) == str(slow.value)


