"""The deal's helpers (`pbn_hand`, `read_deal_words`) give what the slower ways they replace gave."""

from __future__ import annotations

import random

import pytest

from bridge import cards
from bridge.cards import RANK_VALUE, SUITS

WORDS = [s + r for s in "SHDC" for r in cards.RANKS]


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


