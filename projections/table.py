"""The table at event N: a pure fold of a hand's events into what lies on the table.

What each seat still holds (or what it has shown, when its hand is not known), the tricks with
who played what, the suit led, the rightful winner under the trump, the trick in progress, who
is expected to play, open questions and elections. No law is judged here beyond
the mechanics of play (L83's "suit led", the winner of a trick, the rotation); the rulings
(`projections.rulings`) read this state after every event. The one way to the table at event N
is `projections.moment.at`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from bridge import cards
from bridge.cards import Card, Contract, side_of
from bridge.play import CLOCKWISE, beats, opening_leader
from bridge.lines import KIND_OF_EVENT

from bridge.rulesets import DEFAULT_RULESET, DUPLICATE_RULESETS, RULESETS


@dataclass(frozen=True)
class Event:
    """A stored event as the folds see it: its number (1 is the `hand` line), kind and words."""

    number: int
    kind: str
    args: dict[str, Any]
    line: str

    @classmethod
    def of(cls, stored: Any) -> "Event":
        kind = KIND_OF_EVENT[type(stored).__name__]
        # its words: every attribute but the store's own
        args = {k: v for k, v in stored.__dict__.items() if k not in NOT_WORDS}
        return cls(stored.originator_version, kind, args, stored.line)


# What a stored event holds beside its words (the store's own fields, and its line): the rest are its args.
NOT_WORDS = frozenset(("originator_id", "originator_version", "timestamp", "originator_topic", "line"))


def as_events(stored: Iterable[Any]) -> list[Event]:
    return [e if isinstance(e, Event) else Event.of(e) for e in stored]


_NONE_HELD: frozenset[Card] = frozenset()  # a hand that has run out (a set equals the frozenset of its cards)


@dataclass
class Play:
    """One card put to a trick."""

    seat: str
    card: Card
    event: int
    surplus: bool = False  # a further card from a seat that has already played to this trick (L70, L82)
    led: bool = False  # the first card of the trick when it was played
    replaces: bool = False  # put in place of a card the same seat withdrew from this trick (L86)
    stands: bool = False  # taken back, but the laws keep it in the trick (an established revoke)
    substitute_owed: bool = True  # ... and its player owes the trick a card in its place (L86), or not (L90)
    leftover: bool = False  # the card left over at the end, counted to the short trick (L81)
    put_right: bool = False  # added to a trick its player had missed, to put it right (L81)
    withdrawn_at: int | None = None
    restored_at: int | None = None

    @property
    def live(self) -> bool:
        return self.withdrawn_at is None and self.restored_at is None


@dataclass
class Trick:
    number: int
    plays: list[Play] = field(default_factory=list)
    quitted_by: str | None = None
    quitted_at: int | None = None
    quit_implicit: bool = False  # §2K.9: counted as quitted by its rightful winners before the next lead
    plain: bool = True  # no card taken back from it, none added by a seat that had played to it
    # What the plays make in law (the cards, their seats, the winner), kept as the trick grows
    # instead of being rebuilt from the plays at every reading: a cache, no part of the trick's
    # value (not compared, not shown). A plain trick's grows with it (`add`); it is read afresh
    # when the plays grew otherwise or the trick stops being plain, and forgotten (`forget`) when a
    # card is taken back, restored or kept in it.
    _read: int = field(default=0, init=False, compare=False, repr=False)  # plays read; -1: read afresh
    _read_plain: bool = field(default=True, init=False, compare=False, repr=False)
    _law: list[Play] = field(default_factory=list, init=False, compare=False, repr=False)
    _seats: frozenset[str] = field(default=frozenset(), init=False, compare=False, repr=False)
    _best: dict[str | None, tuple[int, Play]] = field(default_factory=dict, init=False, compare=False, repr=False)

    def forget(self) -> None:
        """A card of the trick changed (taken back, restored, kept in it): read it afresh."""
        self._read = -1

    def add(self, p: Play) -> None:
        """A card put to the trick. A plain trick read so far takes it in law at once (what
        `_reread` would do at the next reading), so that the readings at every card find the
        cache current."""
        self.plays.append(p)
        if self.plain and self._read_plain and self._read == len(self.plays) - 1:
            self._law.append(p)
            self._seats = self._seats.union((p.seat,))
            self._read += 1

    def _in_law(self) -> list[Play]:
        """The cards in law (`cards`), kept: the list itself, not to be changed by the caller."""
        if self._read != len(self.plays) or self._read_plain != self.plain:
            self._reread()
        return self._law

    def _reread(self) -> None:
        """Bring the cache up to the plays: the new cards of a plain trick added, else all read."""
        n = len(self.plays)
        if self.plain and self._read_plain and self._read == n - 1 >= 0:
            # A plain trick that grew by one card (not put to it by `add`): that seat's one card.
            p = self.plays[-1]
            self._law.append(p)
            self._seats = self._seats.union((p.seat,))
        elif self.plain and self._read_plain and 0 <= self._read < n:
            # A plain trick that grew: every new card is one seat's one card.
            new = self.plays[self._read:]
            self._law.extend(new)
            self._seats = self._seats.union([p.seat for p in new])
        else:
            if self.plain:  # most tricks: every card is one seat's one card
                law = list(self.plays)
            else:
                law = []
                seen: set[str] = set()
                for p in self.plays:
                    if not (p.live or p.stands) or p.surplus or p.seat in seen:
                        continue
                    seen.add(p.seat)
                    law.append(p)
            self._law, self._seats, self._best = law, frozenset([p.seat for p in law]), {}
        self._read, self._read_plain = n, self.plain

    @property
    def live(self) -> list[Play]:
        return [p for p in self.plays if p.live]

    @property
    def cards(self) -> list[Play]:
        """The one card each seat contributes in law: its first live, non-surplus card, or the card
        it took back when the laws say the trick stands as played."""
        return list(self._in_law())

    @property
    def lead(self) -> Play | None:
        c = self._in_law()
        return c[0] if c else None

    @property
    def leader(self) -> str | None:
        c = self._in_law()
        return c[0].seat if c else None

    @property
    def suit_led(self) -> str | None:
        # R-D1: the suit led is the suit of the first card of the trick.
        c = self._in_law()
        return c[0].card.suit if c else None

    def played_by(self, seat: str) -> Play | None:
        for p in self._in_law():
            if p.seat == seat:
                return p
        return None

    @property
    def seats(self) -> frozenset[str]:
        self._in_law()
        return self._seats

    @property
    def complete(self) -> bool:
        self._in_law()
        return len(self._seats) == 4

    @property
    def quitted(self) -> bool:
        return self.quitted_by is not None

    def winning(self, trump: str | None) -> Play | None:
        """The card winning the trick as it lies: the highest trump, else the highest of the suit led."""
        law = self._in_law()
        read, best = self._best.get(trump, (0, None))
        if read < len(law):  # kept for the cards read so far; the new ones challenge it
            for p in law[read:]:
                if p.leftover:
                    continue  # L81, §2K.6: the leftover card counts in the short trick but does not win it
                if best is None or beats(p.card, best.card, trump):
                    best = p
            self._best[trump] = (len(law), best)  # type: ignore[assignment]
        return best

    def winner(self, trump: str | None) -> str | None:
        w = self.winning(trump)
        return w.seat if w else None


@dataclass
class Question:
    """'Having none?' (L85): asked of a player who has just renounced."""

    asker: str
    asked: str
    event: int
    trick: int
    answer: str | None = None
    answered_at: int | None = None


@dataclass
class Election:
    seat: str
    choice: str
    words: list[str]
    event: int
    trick: int


@dataclass
class Table:
    """Everything on and around the table after some events."""

    hand_id: str = ""
    rubber: str = ""
    account_of: str | None = None  # a second account: the hand whose account it is (recorder.accounts)
    source: dict[str, str] = field(default_factory=dict)  # an imported hand's file, board, room
    ruleset: str = "auction-1912"
    options: dict[str, str] = field(default_factory=dict)
    at: int = 0
    dealer: str | None = None
    dealt: dict[str, frozenset[Card] | None] = field(default_factory=lambda: {s: None for s in cards.SEATS})
    hands: dict[str, set[Card] | None] = field(default_factory=lambda: {s: None for s in cards.SEATS})
    shown: dict[str, list[Card]] = field(default_factory=lambda: {s: [] for s in cards.SEATS})
    calls: list[str] = field(default_factory=list)
    contract: Contract | None = None
    tricks: list[Trick] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    # The questions not yet answered, by the seat asked, in the order asked (an answer takes the
    # last), and the event of the last answer that met a question: each read at an answer in
    # constant time, however many questions the record holds.
    unanswered: dict[str, list[Question]] = field(default_factory=lambda: {s: [] for s in cards.SEATS})
    answered_at: int | None = None
    elections: list[Election] = field(default_factory=list)
    claims_of_revoke: list[tuple[str, str, int]] = field(default_factory=list)  # (side, seat, event)
    mixed: list[tuple[str, int]] = field(default_factory=list)
    inspected_at: int | None = None
    attention: list[tuple[str, str, int]] = field(default_factory=list)
    claim: tuple[str, int, int] | None = None  # (seat, tricks, event): the claim that ended the play
    claims_played_out: list[tuple[str, int, int]] = field(default_factory=list)  # claims play went on after
    cut_at: int | None = None
    notes: list[tuple[int, str, str]] = field(default_factory=list)  # (event, text, who wrote or said it)
    findings: list[tuple[int, str, str]] = field(default_factory=list)  # the director's (event, text, who)
    appeals: list[tuple[int, str, str]] = field(default_factory=list)  # the committee's (event, text, who)
    honors_said: dict[str, set[Card] | None] = field(default_factory=lambda: {s: None for s in cards.SEATS})
    voids: dict[str, set[str]] = field(default_factory=lambda: {s: set() for s in cards.SEATS})
    bid_at: int | None = None  # the first auction or contract line: "a bid has been made" (L13)
    corrections: list[tuple[str, str, str, int, int]] = field(default_factory=list)  # hand, side, column, points, event
    agreed_at: int | None = None  # the rubber's score made up and agreed (L12)
    tags: dict[str, str] = field(default_factory=dict)  # the people and the occasion: North, Date, Event...
    found: dict[Card, tuple[str, int]] = field(default_factory=dict)  # a short hand's missing card found (L38)
    # The corrections of the record so far: the corrected event → what the rulings JSON says of it.
    record_corrections: dict[int, dict[str, Any]] = field(default_factory=dict)
    # The settings last made of the ruleset and its options, and of what: a cache (read at every
    # trick), no part of the table's value.
    _settings_of: tuple[str, tuple[tuple[str, str], ...]] | None = field(
        default=None, init=False, compare=False, repr=False)
    _settings: dict[str, str] = field(default_factory=dict, init=False, compare=False, repr=False)
    # Every trick plain so far (`_not_plain` says when one stops being): then no card is owed to an
    # earlier trick (L86), and a card goes to the trick in progress. A cache of the tricks' `plain`.
    _all_plain: bool = field(default=True, init=False, compare=False, repr=False)

    # ------------------------------------------------------------ derived

    @property
    def settings(self) -> dict[str, str]:
        return dict(self._kept_settings())

    def _kept_settings(self) -> dict[str, str]:
        """The settings (`settings`), kept: the dict itself, not to be changed by the caller."""
        of = (self.ruleset, tuple(self.options.items()))
        if of != self._settings_of:
            # A ruleset that does not name an option the folds read (a duplicate code and the 1912
            # 'quitting', say) takes the 1912 default for it: the record is read the same way.
            self._settings = {**RULESETS[DEFAULT_RULESET].settings({}),
                              **RULESETS[self.ruleset].settings(self.options)}
            self._settings_of = of
        return self._settings

    @property
    def trump(self) -> str | None:
        return self.contract.trump if self.contract else None

    @property
    def declarer(self) -> str | None:
        return self.contract.declarer if self.contract else None

    @property
    def dummy(self) -> str | None:
        return self.contract.dummy if self.contract else None

    def is_adversary(self, seat: str) -> bool:
        return self.contract is not None and side_of(seat) != side_of(self.contract.declarer)

    @property
    def current(self) -> Trick | None:
        """The trick in progress: the last one, while it is neither complete nor quitted."""
        if self.tricks:
            t = self.tricks[-1]
            if t.quitted_by is None and not t.complete:
                return t
        return None

    @property
    def play_over(self) -> bool:
        return self.claim is not None or self.cut_at is not None

    def next_leader(self) -> str | None:
        """Who should lead the next trick: declarer's left for the opening lead (L46), then the
        winner of the last trick."""
        for t in reversed(self.tricks):  # the last trick finished
            if t.quitted or t.complete:
                return t.winner(self.trump)
        return opening_leader(self.contract.declarer) if self.contract else None

    def expected(self) -> str | None:
        """Who is to play next: a player replacing a card he withdrew (L86), else by rotation."""
        if self.tricks:
            origin = self.tricks[-1].plays[0].seat if self.tricks[-1].plays else "N"
            for s in CLOCKWISE[origin]:
                if _owes_card_to(self, s) is not None:
                    return s
        return self.in_rotation()

    def in_rotation(self) -> str | None:
        """Whose turn it is by the rotation of play: the leader, then clockwise."""
        # (`current`, `leader` and `seats` read at once: this is asked before every card)
        t = self.tricks[-1] if self.tricks else None
        law = t._in_law() if t is not None and t.quitted_by is None else None
        if law is None or len(t._seats) == 4:  # no trick in progress (none, quitted or complete)
            return None if len(self.tricks) >= 13 or self.play_over else self.next_leader()
        if not law:
            return self.next_leader()
        seats = t._seats
        for s in CLOCKWISE[law[0].seat]:  # (the leader among the seats played)
            if s not in seats and self.hands[s] != _NONE_HELD:  # L38: a short hand may have run out
                return s
        return None

    def won(self) -> dict[str, int]:
        """Tricks won in play by each side: the complete tricks (and imperfect ones quitted, L81)
        by their rightful winners. The trick in progress at a claim is one of the tricks claimed."""
        out = {"NS": 0, "EW": 0}
        claimed_at = self.claim[2] if self.claim else None
        for t in self.tricks:
            if not t.complete and t.quit_implicit and t.quitted_at == claimed_at:
                continue
            if t.complete or (t.quitted and t.cards):
                w = t.winner(self.trump)
                if w:
                    out[side_of(w)] += 1
        return out

    def keep_in_trick(self, event: int, substitute_owed: bool = True) -> None:
        """The laws say a card taken back at this event still counts in its trick (an established
        revoke cannot be corrected; a quitted trick may not be touched): the card is back in its
        player's hand, as the record says, but the trick stands as played. A player who meant to
        correct a revoke puts a card in its place, which does not count in it; one who took a card
        back from a quitted trick for no correction owes it none (`substitute_owed`). The rulings
        decide it (`Judge.kept`); `projections.moment` applies it here, in the same step."""
        for t in self.tricks:
            for p in t.plays:
                if p.withdrawn_at == event:
                    p.stands = True
                    p.substitute_owed = substitute_owed
                    t.forget()

    def holds(self, seat: str, suit: str) -> bool | None:
        """Whether the seat holds a card of the suit now; None when its hand is not known."""
        h = self.hands[seat]
        if h is None:
            return None
        for c in h:  # (asked at every card not of the suit led)
            if c.suit == suit:
                return True
        return False

    def cards_in_play(self) -> list[Card]:
        """Every card in a hand or on the table (known hands only): for the 52-card check."""
        out: list[Card] = []
        for h in self.hands.values():
            if h is not None:
                out.extend(h)
        for t in self.tricks:
            out.extend(p.card for p in t.live)
        return out


# ---------------------------------------------------------------- the fold


def apply(table: Table, e: Event) -> None:
    """Apply one event to the table, in place (`projections.moment` is the pure entry point):
    the fold of its kind of line (`FOLD`, keyed by the kinds of `bridge.lines.KINDS`)."""
    table.at = e.number
    FOLD[e.kind](table, e.args, e.number)


def _opened(table: Table, a: dict[str, Any], n: int) -> None:
    table.hand_id = a["hand_id"]
    table.rubber = a.get("rubber", "")
    table.account_of = a.get("trunk") or None
    table.source = dict(a.get("source") or {})
    table.ruleset = a["ruleset"]
    table.options = dict(a["options"])


def _dealer(table: Table, a: dict[str, Any], n: int) -> None:
    table.dealer = a["seat"]


def _deal(table: Table, a: dict[str, Any], n: int) -> None:
    dealt = cards.dealt_hands(a["deal"])  # (three hands of thirteen known: the fourth holds the rest)
    for s, h in dealt.items():
        table.dealt[s] = h
        table.hands[s] = set(h) if h is not None else None


def _auction(table: Table, a: dict[str, Any], n: int) -> None:
    table.bid_at = table.bid_at or n
    table.calls = list(a["calls"])
    if table.dealer:
        table.contract = cards.contract_from_auction(table.dealer, table.calls)


def _contract(table: Table, a: dict[str, Any], n: int) -> None:
    table.bid_at = table.bid_at or n
    table.contract = Contract.parse(a["contract"])


def _card_played(table: Table, a: dict[str, Any], n: int) -> None:
    if table.claim is not None:
        _claim_played_out(table)
    # (most words are of a card `bridge.cards` knows by them: looked up at once, read at every card)
    _play(table, a["seat"], [_KNOWN_CARD(c) or cards.card(c) for c in a["cards"]], n)


_KNOWN_CARD = cards.CARD_OF_WORD.get


def _ask(table: Table, a: dict[str, Any], n: int) -> None:
    q = Question(a["asker"], a["asked"], n, len(table.tricks))
    table.questions.append(q)
    table.unanswered[q.asked].append(q)


def _answer(table: Table, a: dict[str, Any], n: int) -> None:
    """The answer goes to the last question asked of the seat and not yet answered."""
    waiting = table.unanswered[a["seat"]]
    if waiting:
        q = waiting.pop()
        q.answer, q.answered_at = a["answer"], n
        table.answered_at = n


def open_questions(table: Table) -> list[Question]:
    """The questions not yet answered, in the order asked."""
    return sorted((q for waiting in table.unanswered.values() for q in waiting), key=lambda q: q.event)


def _quit(table: Table, a: dict[str, Any], n: int) -> None:
    t = _last_open_trick(table)
    if t is not None:
        t.quitted_by, t.quitted_at = a["side"], n


def _taken_back(table: Table, a: dict[str, Any], n: int, withdrawn: bool) -> None:
    """A card taken back from a trick (withdrawn, or restored after the L82 count): the latest
    live play of that card by that seat, back in his hand."""
    c = cards.card(a["card"])
    for t in reversed(table.tricks):
        for p in t.plays:
            if p.live and p.seat == a["seat"] and p.card == c:
                if withdrawn:
                    p.withdrawn_at = n
                else:
                    p.restored_at = n
                _not_plain(table, t)
                t.forget()
                held = table.hands[p.seat]
                if held is not None:
                    held.add(c)
                return


def _withdraw(table: Table, a: dict[str, Any], n: int) -> None:
    _taken_back(table, a, n, withdrawn=True)


def _restore(table: Table, a: dict[str, Any], n: int) -> None:
    _taken_back(table, a, n, withdrawn=False)


def _elect(table: Table, a: dict[str, Any], n: int) -> None:
    table.elections.append(Election(a["seat"], a["choice"], list(a["words"]), n, len(table.tricks)))


def _claim_revoke(table: Table, a: dict[str, Any], n: int) -> None:
    table.claims_of_revoke.append((a["side"], a["seat"], n))


def _mix(table: Table, a: dict[str, Any], n: int) -> None:
    table.mixed.append((a["seat"], n))


def _inspect(table: Table, a: dict[str, Any], n: int) -> None:
    table.inspected_at = n


def _attention(table: Table, a: dict[str, Any], n: int) -> None:
    table.attention.append((a["seat"], a["text"], n))


def _claim(table: Table, a: dict[str, Any], n: int) -> None:
    _quit_implicitly(table, n, end_of_play=True)
    table.claim = (a["seat"], a["tricks"], n)


def _cut(table: Table, a: dict[str, Any], n: int) -> None:
    _quit_implicitly(table, n, end_of_play=True)
    table.cut_at = n


def _note(table: Table, a: dict[str, Any], n: int) -> None:
    table.notes.append((n, a["text"], a.get("author") or ""))


def _find(table: Table, a: dict[str, Any], n: int) -> None:
    table.findings.append((n, a["text"], a["author"]))


def _appeal(table: Table, a: dict[str, Any], n: int) -> None:
    table.appeals.append((n, a["text"], a["author"]))


def _honors(table: Table, a: dict[str, Any], n: int) -> None:
    said = table.honors_said[a["seat"]] or set()
    table.honors_said[a["seat"]] = said | {cards.card(c) for c in a["cards"]}


def _void(table: Table, a: dict[str, Any], n: int) -> None:
    table.voids[a["seat"]].add(a["suit"])


def _correct(table: Table, a: dict[str, Any], n: int) -> None:
    table.corrections.append((a["hand"], a["side"], a["column"], a["points"], n))


def _agree(table: Table, a: dict[str, Any], n: int) -> None:
    table.agreed_at = table.agreed_at or n


def _expose(table: Table, a: dict[str, Any], n: int) -> None:
    """An exposed card stays in its player's hand (the rulings list it as liable to be called)."""


def _surplus(table: Table, a: dict[str, Any], n: int) -> None:
    """Which of a player's cards in one trick is the surplus one (L70: declarer's pick; L82: the
    card found over four): the named card is surplus, his first other card there counts."""
    c = cards.card(a["card"])
    for t in reversed(table.tricks):
        mine = [p for p in t.plays if p.live and p.seat == a["seat"]]
        if any(p.card == c for p in mine):
            if len(mine) < 2:
                return  # his only card there: nothing is surplus
            counted = False
            for p in mine:
                p.surplus = p.card == c or counted
                counted = counted or not p.surplus
            _not_plain(table, t)
            t.forget()
            return


def _found(table: Table, a: dict[str, Any], n: int) -> None:
    """L38: the missing card of a short hand found: in its holder's hand from now on."""
    c = cards.card(a["card"])
    held = table.hands[a["seat"]]
    if held is not None:
        held.add(c)
    table.found[c] = (a["seat"], n)


def _put_right(table: Table, a: dict[str, Any], n: int) -> None:
    """L81: a player who missed a trick adds his card to it (to the last quitted trick without a
    card of his); with none missed, the card is played as any card is."""
    seat, c = a["seat"], cards.card(a["card"])
    missed = next((t for t in reversed(table.tricks) if t.quitted and t.cards and seat not in t.seats), None)
    if missed is None:
        _play(table, seat, [c], n)
        return
    _put_to(table, missed, seat, c, n)


def _put_to(table: Table, t: Trick, seat: str, c: Card, n: int) -> None:
    hand = table.hands[seat]
    if hand is not None:
        hand.discard(c)
    table.shown[seat].append(c)
    t.add(Play(seat, c, n, put_right=True))


def _tag(table: Table, a: dict[str, Any], n: int) -> None:
    table.tags[a["name"]] = a["value"]


def _correction(table: Table, a: dict[str, Any], n: int) -> None:
    """A correction of the record (`projections.record` has already applied it to the events the
    table is given): listed, the latest for an event standing."""
    table.record_corrections[a["event"]] = {
        "event": a["event"], "correction": n, "kind": "amended" if "replacement" in a else "struck",
        "original": a.get("original", ""), "as_corrected": a.get("replacement"), "reason": a["reason"],
        "author": a["author"], **({"shared_from": a["shared_from"]} if "shared_from" in a else {}),
    }


def _shared(table: Table, a: dict[str, Any], n: int) -> None:
    """A second account's reference to a correction stored in its first: the recorder reads it as
    that correction (`HandRecorder.hand_events`), so a fold never meets one unread."""
    raise ValueError(f"event {n} ('shared {a['account']} {a['event']}') is to be read as the correction it names")


# What each kind of line does to the table: one entry a kind of bridge.lines.KINDS.
FOLD: dict[str, Callable[[Table, dict[str, Any], int], None]] = {
    "hand": _opened, "dealer": _dealer, "deal": _deal, "auction": _auction, "contract": _contract,
    "play": _card_played, "ask": _ask, "answer": _answer, "quit": _quit, "withdraw": _withdraw,
    "elect": _elect, "claim-revoke": _claim_revoke, "mix": _mix, "inspect": _inspect, "restore": _restore,
    "attention": _attention, "claim": _claim, "cut": _cut, "note": _note, "honors": _honors, "void": _void,
    "correct": _correct, "agree": _agree, "strike": _correction, "amend": _correction, "shared": _shared, "find": _find, "appeal": _appeal, "tag": _tag, "expose": _expose,
    "surplus": _surplus, "found": _found, "put-right": _put_right,
}


def _claim_played_out(table: Table) -> None:
    """A card played after a claim: the claim was not accepted, the hand is being played out
    (L72), and the play decides. The trick in progress at the claim is open again."""
    seat, tricks, at = table.claim  # type: ignore[misc]
    table.claims_played_out.append((seat, tricks, at))
    table.claim = None
    last = table.tricks[-1] if table.tricks else None
    if last is not None and last.quit_implicit and last.quitted_at == at and not last.complete:
        last.quitted_by, last.quitted_at, last.quit_implicit = None, None, False


def _last_open_trick(table: Table) -> Trick | None:
    """The trick a `quit` turns: the last one with cards. A trick quitted by one side may be
    turned and quitted again by the other (L83 counts the quit by the rightful winners)."""
    if table.tricks and table.tricks[-1].plays:
        return table.tricks[-1]
    return None


def _quit_implicitly(table: Table, event: int, end_of_play: bool = False) -> None:
    """§2K.9 default: a trick not recorded as quitted counts as turned and quitted by its rightful
    winners just before the next lead (or the end of the play)."""
    # (A ruleset without the option, a duplicate code's, reads the record's quits as implicit.)
    if table._kept_settings().get("quitting", "implicit") != "implicit" or not table.tricks:
        return
    t = table.tricks[-1]
    if not t.quitted and (t.complete or (end_of_play and t.cards)):
        w = t.winner(table.trump)
        if w:
            t.quitted_by, t.quitted_at, t.quit_implicit = side_of(w), event, True


def _play(table: Table, seat: str, played: list[Card], event: int) -> None:
    hand = table.hands[seat]
    shown = table.shown[seat]
    for c in played:
        if hand is not None:
            hand.discard(c)
        shown.append(c)
    t = table.current
    owed = None if table._all_plain else _owes_card_to(table, seat)  # (none is owed while all are plain)
    if owed is None and t is not None and t.plain and len(played) == 1:
        # Most cards: one card to the plain trick in progress (the loop below, for that case).
        already = seat in t.seats
        t.add(Play(seat, played[0], event, surplus=already, led=not t.plays))
        if already:
            _not_plain(table, t)
        return
    if owed is not None:
        # L86: the card that replaces a withdrawn one goes to the same trick, quitted or not.
        t = owed
    if t is None and len(played) == 1:
        missed = _just_missed(table, seat)
        if missed is not None:
            # L81: the player who missed the trick just quitted puts it right before anyone plays
            # to the next: his card goes to it (he is not its winner, so this is no lead).
            missed.add(Play(seat, played[0], event, put_right=True))
            return
    if t is None:
        short = _missed_trick_of(table, seat)
        if short is not None:
            # L81: the card left over at the end counts as played to the short trick.
            for c in played:
                short.add(Play(seat, c, event, leftover=True))
            return
        _quit_implicitly(table, event)
        t = Trick(len(table.tricks) + 1)
        table.tricks.append(t)
    for i, c in enumerate(played):
        replaces = t is owed and i == 0
        already = (seat in t.seats and not replaces) or i > 0
        # the first live card of the trick (every card of a plain trick is live)
        led = not t.plays if t.plain else not any(p.live for p in t.plays)
        t.add(Play(seat, c, event, surplus=already, led=led, replaces=replaces))
        if already or replaces:
            _not_plain(table, t)


def _not_plain(table: Table, t: Trick) -> None:
    """A card taken back from the trick, or added by a seat that had played to it: no longer plain."""
    t.plain = False
    table._all_plain = False


def _owes_card_to(table: Table, seat: str) -> Trick | None:
    """The trick this seat withdrew a card from (not a lead) and has not yet replaced, while
    neither he nor his partner has played to a later trick."""
    mate = CLOCKWISE[seat][2]  # his partner
    # L62D1 (Laws of Duplicate Bridge): a revoke on the twelfth trick is corrected even after his
    # partner has played to trick 13; the card put in its place still goes to trick 12.
    twelfth = table.ruleset in DUPLICATE_RULESETS
    for t in reversed(table.tricks):
        partner_may_have_played = twelfth and t.number == 13
        if t.plain:
            # Every card of a plain trick is live and none was taken back: only its seats count.
            seats = t.seats
            if seat in seats or (mate in seats and not partner_may_have_played):
                return None
            continue
        if any(p.live and p.seat == seat for p in t.plays):
            return None
        if any(p.seat == seat and p.withdrawn_at is not None and not p.led and p.substitute_owed for p in t.plays):
            return t
        if mate in t.seats and not partner_may_have_played:
            return None
    return None


def _just_missed(table: Table, seat: str) -> Trick | None:
    """The last trick, quitted short without a card of this seat's, before the next is begun."""
    if not table.tricks or len(table.tricks) >= 13 or table.play_over:
        return None
    t = table.tricks[-1]
    if t.quitted and not t.complete and t.cards and seat not in t.seats:
        return t
    return None


def _missed_trick_of(table: Table, seat: str) -> Trick | None:
    """The quitted trick this seat contributed no card to, once all thirteen tricks are played."""
    if len(table.tricks) < 13 or not (table.tricks[-1].quitted or table.tricks[-1].complete):
        return None
    for t in table.tricks:
        if t.quitted and seat not in t.seats and t.cards:
            return t
    return None
