"""The values of the game: seats, sides, suits, cards, the deal and the contract (the rules of
play that move them are `bridge.play`).

Small immutable values, parsed from and written back to the notation of transcripts and PBN
(`SA`, `H10`, `N:AKQ2.KJ3.T987.65 - - -`, `3HX by S`). Seats, sides and suits are their letters
(`N`, `NS`, `S`), as the stored events and the JSON keep them. This package imports nothing of
the project's but the family of its errors (`bridge.messages.RecordError`): every side shares it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Iterable

from bridge.messages import RecordError


class NotationError(RecordError):
    """A word that is not a seat, a side, a card, a deal or a contract: its `reason` says no place
    (`TranscriptError.at` refuses it at the line that holds the word)."""


# ---------------------------------------------------------------- seats, sides and suits


# Seats, sides and suits are their letters, as the stored events and the JSON keep them: one model,
# plain text, read by every side (a word is read into its letter by `seat`, `side`, `suit`).
SEATS = ("N", "E", "S", "W")  # clockwise from North
_SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}
SUITS = ("S", "H", "D", "C")  # spades, hearts, diamonds, clubs: the order of PBN's hands
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS = "23456789TJQKA"
RANK_VALUE = {r: i for i, r in enumerate(RANKS)}


def seat(word: str) -> str:
    """A seat's letter, as the line kinds store it: `n`, ` N ` → `N`."""
    s = word.strip().upper()
    if s not in _SEAT_INDEX:
        raise NotationError(f"'{word}' is not a seat (one of N E S W)")
    return s


def suit(word: str) -> str:
    """A suit's letter: `h` → `H`."""
    s = word.strip().upper()
    if s not in SUITS:
        raise NotationError(f"'{word}' is not a suit (S H D C)")
    return s


def next_seat(s: str, steps: int = 1) -> str:
    """The seat on the left of `s` (play goes clockwise)."""
    return SEATS[(_SEAT_INDEX[s] + steps) % 4]


def partner(s: str) -> str:
    return next_seat(s, 2)


def side_of(s: str) -> str:
    return "NS" if s in ("N", "S") else "EW"


def other_side(side: str) -> str:
    """The other partnership: the one rule for it."""
    return "EW" if side == "NS" else "NS"


def side(word: str) -> str:
    """A side's letters, as the line kinds store them: `ns`, `SN` → `NS`."""
    s = word.strip().upper()
    if s in ("NS", "SN"):
        return "NS"
    if s in ("EW", "WE"):
        return "EW"
    raise NotationError(f"'{word}' is not a side (NS or EW)")


# ---------------------------------------------------------------- cards


@dataclass(frozen=True, order=True)
class Card:
    suit: str
    rank: str

    value: int = field(init=False, repr=False, compare=False)  # 2 is 0 … ace is 12: the order in which cards of one suit win
    word: str = field(init=False, repr=False, compare=False)  # `SA`, as written in a line (what `str` gives)
    # The card as a small integer's bit (spades' 2 is bit 0 … clubs' ace bit 51): a set of cards is
    # then an int (`bits`), a hand's cards of a suit `hand & SUIT_BITS[suit]`.
    bit: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Its hash, made once: a card is hashed at every play (the hands are sets of cards). Equal
        # cards hash equal, as the dataclass's own hash of (suit, rank) would. Its value, made
        # once too: read at every card of every trick (`bridge.play.beats`).
        object.__setattr__(self, "_hash", hash((self.suit, self.rank)))
        object.__setattr__(self, "value", RANK_VALUE[self.rank])
        object.__setattr__(self, "word", self.suit + self.rank)
        object.__setattr__(self, "bit", 1 << (13 * SUITS.index(self.suit) + RANK_VALUE[self.rank]))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        # Pickled by its suit and rank: its hash is made afresh where it is unpickled (another
        # process hashes text differently).
        return Card, (self.suit, self.rank)

    def __str__(self) -> str:
        return self.word

    def show(self) -> str:
        return SUIT_SYMBOLS[self.suit] + ("10" if self.rank == "T" else self.rank)


def card(word: str) -> Card:
    """`SA`, `h10`, `DT` → a card; suit first, then rank."""
    known = CARD_OF_WORD.get(word)
    if known is not None:
        return known
    w = word.strip().upper()
    if len(w) < 2 or w[0] not in SUITS:
        raise NotationError(f"'{word}' is not a card (suit S H D C, then rank, e.g. SA or H10)")
    rank = w[1:]
    if rank == "10":
        rank = "T"
    if len(rank) != 1 or rank not in RANKS:
        raise NotationError(f"'{word}' is not a card (rank 2-9, T or 10, J, Q, K, A)")
    return Card(w[0], rank)


# Every card by the ways it is commonly written (`SA`, `sa`, `ST`, `S10`, `s10`): one object each.
CARD_OF_WORD: dict[str, Card] = {}
for _suit in SUITS:
    for _rank in RANKS:
        _card = Card(_suit, _rank)
        for _r in {_rank, _rank.lower(), "10" if _rank == "T" else _rank}:
            for _s in (_suit, _suit.lower()):
                CARD_OF_WORD[_s + _r] = _card


FULL_PACK = frozenset(CARD_OF_WORD.values())

# Each suit's thirteen cards as a bit set (`Card.bit`).
SUIT_BITS = {s: 0x1FFF << (13 * i) for i, s in enumerate(SUITS)}


def bits(cards: Iterable[Card]) -> int:
    """A set of cards as a bit set: an int with each card's `bit`."""
    out = 0
    for c in cards:
        out |= c.bit
    return out

# A card played that the record does not know (an `unknown` line: an archive's '-' in a trick): no
# suit and no rank, so it follows no suit led and beats no card (`bridge.play.beats`), and no hand
# holds it. One object: a trick's play of it is told by `is UNKNOWN_CARD`.
class _UnknownCard(Card):
    def show(self) -> str:
        return "?"

    def __reduce__(self) -> str:  # type: ignore[override]
        return "UNKNOWN_CARD"  # (pickled, and copied, as the one object it is)


UNKNOWN_CARD: Card = object.__new__(_UnknownCard)
for _name, _value in (("suit", "?"), ("rank", "?"), ("value", -1), ("word", "?"), ("bit", 0), ("_hash", hash(("?", "?")))):
    object.__setattr__(UNKNOWN_CARD, _name, _value)


def sorted_hand(cards: Iterable[Card]) -> list[Card]:
    """Spades, hearts, diamonds, clubs; high to low within each suit."""
    return sorted(cards, key=lambda c: (SUITS.index(c.suit), -c.value))


# ---------------------------------------------------------------- the deal


def read_deal(text: str) -> dict[str, frozenset[Card] | None]:
    """A copy of the parsed deal (see `_read_deal_cards`), so callers may change the dict."""
    return dict(_read_deal_cards(text))


@lru_cache(maxsize=256)
def _read_deal_cards(text: str) -> dict[str, frozenset[Card] | None]:
    """A PBN deal's hands (`read_deal_words`), each as the set of its cards."""
    return {s: None if w is None else frozenset([CARD_OF_WORD[n] for n in w]) for s, w in read_deal_words(text).items()}


@lru_cache(maxsize=64)
def read_deal_words(text: str) -> dict[str, tuple[str, ...] | None]:
    """A PBN deal, `N:AKQ2.KJ3.T987.65 J43.AQ2.KQ.J9843 - -`: first seat, then the hands
    clockwise, suits in the order spades.hearts.diamonds.clubs, `-` for a hand not known.

    Checks the notation and that no card appears twice; how many cards a hand holds is a
    question for the laws (L37d, L38), not for the notation. Each hand's cards by their words
    (`SA`, what `str` gives), as written; None for a hand not known. Read once for a deal line's
    check and its move (the dict is shared: not to be changed)."""
    return _parse_deal(text, False)[0]


def read_deal_and_text(text: str) -> tuple[dict[str, tuple[str, ...] | None], str]:
    """A PBN deal's hands as `read_deal_words` gives them (the same checks, the same refusals), and the
    deal as `write_deal` writes it from `read_deal`'s hands, from its own first seat: each hand's
    suits written high to low, `T` for ten, `-` for a hand not known. Made from the words as
    written (an archive's [Deal], read once), without a card's set."""
    return _parse_deal(text, True)


def _parse_deal(text: str, write: bool) -> tuple[dict[str, tuple[str, ...] | None], str]:
    """`read_deal_words`'s hands, and with `write`, `read_deal_and_text`'s text (else '')."""
    t = text.strip()
    if len(t) < 2 or t[1] != ":":
        raise NotationError(f"'{text}' is not a PBN deal (it starts with a seat and ':', e.g. N:AKQ2.KJ3.T987.65 - - -)")
    first = seat(t[0])
    words = t[2:].split()
    if len(words) != 4:
        raise NotationError(f"a PBN deal gives four hands, this one gives {len(words)}")
    hands: dict[str, tuple[str, ...] | None] = {}
    written: list[str] = []
    names: list[str] = []  # every card written, by its name (one name a card): to find one written twice
    for i, word in enumerate(words):
        s = next_seat(first, i)
        if word == "-":
            hands[s] = None
            written.append("-")
            continue
        suits = word.upper().replace("10", "T").split(".")
        if len(suits) != 4:
            raise NotationError(f"{SEAT_NAMES[s]}'s hand '{word}' does not give four suits separated by '.'")
        ranks = "".join(suits)
        if not _RANK_LETTERS.issuperset(ranks):
            # (quoted as the file has it: 'v', not the 'V' it reads as)
            bad = next(ch for ch in word.replace("10", "") if ch != "." and ch.upper() not in RANKS)
            raise NotationError(f"{SEAT_NAMES[s]}'s hand '{word}' has '{bad}', which is not a rank")
        # (`_suit_cards` of each suit, in one go: read at every deal)
        named = [suit_letter + r for suit_letter, of_suit in zip(SUITS, suits) for r in of_suit]
        hands[s] = tuple(named)
        names.extend(named)
        if write:
            in_order = _suits_in_order()
            written.append(".".join([r if r in in_order else _high_first(r) for r in suits]))
    if len(names) != len(set(names)):
        # A card twice (in one hand or in two): named as the first one met, in the order written.
        seen: set[Card] = set()
        for h_word in words:
            for suit_letter, ranks in zip(SUITS, h_word.upper().replace("10", "T").split(".")) if h_word != "-" else ():
                for c in _suit_cards(suit_letter, ranks) or ():
                    if c in seen:
                        raise NotationError(f"{c} appears twice in the deal")
                    seen.add(c)
    return hands, (f"{first}:" + " ".join(written) if write else "")


@lru_cache(maxsize=8192)
def _high_first(ranks: str) -> str:
    """One suit of a hand, its ranks (no rank twice) written high to low: `pbn_hand`'s order."""
    return "".join(sorted(ranks, key=RANK_VALUE.__getitem__, reverse=True))


@lru_cache(maxsize=None)
def _suits_in_order() -> frozenset[str]:
    """Every suit of a hand written high to low (the 8,192 sets of ranks, each as `_high_first`
    writes it): most archives write their deals so, and such a suit is written as it is."""
    high_first = RANKS[::-1]
    return frozenset("".join(chosen) for n in range(14) for chosen in combinations(high_first, n))


def dealt_hands(text: str) -> dict[str, frozenset[Card] | None]:
    """The hands a deal line gives the table: `read_deal`'s, and when three hands of thirteen are
    known, the fourth holding the rest of the pack."""
    dealt = read_deal(text)
    unknown = [s for s, h in dealt.items() if h is None]
    if len(unknown) == 1 and all(len(h) == 13 for h in dealt.values() if h is not None):
        dealt[unknown[0]] = FULL_PACK - frozenset().union(*(h for h in dealt.values() if h))
    return dealt


@lru_cache(maxsize=8192)
def _suit_cards(suit_letter: str, ranks: str) -> tuple[Card, ...] | None:
    """The cards of one suit of a PBN hand (`AKT2` of spades), each once as written; None when a
    letter is not a rank. A rank written twice gives the card twice (the deal's check says so)."""
    if not _RANK_LETTERS.issuperset(ranks):
        return None
    return tuple([CARD_OF_WORD[suit_letter + r] for r in ranks])


_RANK_LETTERS = frozenset(RANKS)



def pbn_hand(cards: Iterable[Card]) -> str:
    """A hand as PBN writes it, `AKT2.KJ3.T987.65`: spades to clubs, high to low, each card once.
    (The ranks met in each suit, then read off high to low: no card is hashed, no suit sorted.)"""
    ranks: dict[str, set[str]] = {"S": set(), "H": set(), "D": set(), "C": set()}
    for c in cards:
        ranks[c.suit].add(c.rank)
    return ".".join("".join([r for r in _RANKS_HIGH_FIRST if r in ranks[s]]) for s in "SHDC")


_RANKS_HIGH_FIRST = RANKS[::-1]


def write_deal(hands: dict[str, frozenset[Card] | None], first: str = "N") -> str:
    words = []
    for i in range(4):
        h = hands.get(next_seat(first, i))
        words.append("-" if h is None else pbn_hand(h))
    return f"{first}:" + " ".join(words)


# ---------------------------------------------------------------- calls and the contract

STRAINS = ("C", "D", "H", "S", "R", "NT")  # R: royal spades (L4)


@dataclass(frozen=True)
class Contract:
    level: int
    strain: str  # C D H S R NT
    doubling: str  # "", "X", "XX"
    declarer: str

    @property
    def trump(self) -> str | None:
        """The trump suit: royal spades are spades (L4); no trump has none."""
        if self.strain == "NT":
            return None
        return "S" if self.strain == "R" else self.strain

    @property
    def dummy(self) -> str:
        return partner(self.declarer)

    @property
    def bid(self) -> str:
        return f"{self.level}{self.strain}{self.doubling}"

    def __str__(self) -> str:
        return f"{self.bid} by {self.declarer}"

    @classmethod
    def parse(cls, text: str) -> "Contract":
        """`3HX by S`, `1R by N`, `4S by E`."""
        return contract(text.split())


@lru_cache(maxsize=256)
def bid(word: str) -> tuple[int, str]:
    """`1C` … `7NT`, `2R` (royal spades), `3N` for no trump. (Kept for the words seen: every bid of
    every auction is read so, twice a hand by the export, for its contract and the scan's question.)"""
    w = word.strip().upper()
    if len(w) < 2 or w[0] not in "1234567":
        raise NotationError(f"'{word}' is not a bid (a level 1-7 then C D H S R NT)")
    strain = w[1:]
    if strain == "N":
        strain = "NT"
    if strain not in STRAINS:
        raise NotationError(f"'{word}' is not a bid (the strain is one of C D H S R NT)")
    return int(w[0]), strain


def contract(words: list[str]) -> Contract:
    """`3HX by S`, `1R by N`, `4S by E`."""
    if len(words) != 3 or words[1].lower() != "by":
        raise NotationError("a contract is written BID by SEAT, e.g. 3HX by S")
    w = words[0].upper()
    doubling = ""
    for suffix in ("XX", "X"):
        if w.endswith(suffix) and not w.endswith("NX"):
            doubling, w = suffix, w[: -len(suffix)]
            break
    level, strain = bid(w)
    return Contract(level, strain, doubling, seat(words[2]))


def call(word: str) -> str:
    w = word.strip().upper()
    if w in ("PASS", "P"):
        return "pass"
    if w in ("X", "D", "DBL", "DOUBLE"):
        return "X"
    if w in ("XX", "RDBL", "REDOUBLE"):
        return "XX"
    level, strain = bid(w)
    return f"{level}{strain}"


def auction_over(calls: list[str]) -> bool:
    """Whether an auction (its calls, `call`'s words, from the dealer) ends at its last call: three
    passes in succession after a bid, double or redouble, or four passes, the hand passed out
    (L22A). A call after that end is no call of the auction (L39A): the readers of archives ask
    this before they add one (`formats.lin`, `formats.pbn`), so it is never asked of such calls."""
    if len(calls) < 4 or calls[-3:] != ["pass"] * 3:
        return False
    return len(calls) == 4 or any(c != "pass" for c in calls)


def contract_made(dealer: str, calls: list[str]) -> Contract | None:
    """The contract an auction makes (L22A): its last bid's, once the auction is over; None while it
    is open (a bidding problem, a record that stops before its last passes) or when all passed.
    What the table takes from an `auction` line that no `contract` line follows."""
    return contract_from_auction(dealer, calls) if auction_over(calls) else None


def contract_from_auction(dealer: str, calls: list[str]) -> Contract | None:
    """The contract of an auction's last bid (None when no bid was made), whether or not the auction
    is over: its final contract once it is (`contract_made`); a reader of archives takes it for an
    auction its record leaves open, and says so (`formats.lin`)."""
    last_bid = None
    bidder = None
    doubling = ""
    first_to_name: dict[tuple[str, str], str] = {}
    for i, c in enumerate(calls):
        s = next_seat(dealer, i)
        if c == "pass":
            continue
        if c == "X":
            doubling = "X"
        elif c == "XX":
            doubling = "XX"
        else:
            last_bid = bid(c)
            bidder = s
            doubling = ""
            first_to_name.setdefault((side_of(s), last_bid[1]), s)
    if last_bid is None or bidder is None:
        return None
    # L46: the declarer is whichever partner first named the final strain.
    declarer = first_to_name[(side_of(bidder), last_bid[1])]
    return Contract(last_bid[0], last_bid[1], doubling, declarer)
