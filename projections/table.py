"""The table at event N: a pure fold of a hand's events into what lies on the table.

What each seat still holds (or what it has shown, when its hand is not known), the tricks with
who played what, the suit led, the rightful winner under the trump, the trick in progress, who
is expected to play, open questions and elections. No law is judged here beyond
the mechanics of play (L83's "suit led", the winner of a trick, the rotation); the rulings
(`projections.rulings`) read this state after every event. The one way to the table at event N
is `projections.moment.at`.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable

from bridge import cards
from bridge.cards import Card, Contract, side_of
from bridge.play import CLOCKWISE, opening_leader

from bridge.rulesets import DEFAULT_RULESET, RULESETS

from .events import Event
from .claims import Claimed, adjudicated, claimed, doubted
from .codes import Code, code_of
from .placement import claim_played_out, name_surplus, not_plain, owes_card_to, put_cards, put_right_to, quit_implicitly
from .tricks import Play, Trick
from .unknown_cards import played_unknown, settle


_NONE_HELD: frozenset[Card] = frozenset()  # a hand that has run out (a set equals the frozenset of its cards)
_DEFAULT_SETTINGS = RULESETS[DEFAULT_RULESET].settings({})  # (a hand's before its `hand` line)


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


def kept_acts() -> Any:
    """A field of the table that keeps the acts of a kind of line as they were recorded (`said`),
    shown as they stand: the rulings JSON gives it under its own name whenever it holds one
    (`projections.rulings.render`), the timeline and the words say each act as it comes or goes,
    in its kind's words (`bridge.lines.Kind.said`). What a kind the laws do not rule on needs of the
    read side is this field and its fold (`FOLD`): nothing else is written for it."""
    return field(default_factory=list, metadata={"kept_acts": True})


def said(kind: str, a: dict[str, Any], n: int) -> dict[str, Any]:
    """An act as a `kept_acts` field keeps it: its event, its kind of line and its words."""
    return {"event": n, "kind": kind, **a}


@dataclass
class Table:
    """Everything on and around the table after some events."""

    hand_id: str = ""
    rubber: str = ""
    account_of: str | None = None  # a second account: the hand whose account it is (recorder.accounts)
    source: dict[str, str] = field(default_factory=dict)  # an imported hand's file, board, room
    ruleset: str = "auction-1912"
    # the code of laws the ruleset names (`projections.codes`; registered by `projections` once
    # the table is known, so taken when a table is made)
    code: Code = field(default_factory=lambda: code_of(DEFAULT_RULESET))
    options: dict[str, str] = field(default_factory=dict)
    at: int = 0
    dealer: str | None = None
    dealt: dict[str, frozenset[Card] | None] = field(default_factory=lambda: {s: None for s in cards.SEATS})
    hands: dict[str, set[Card] | None] = field(default_factory=lambda: {s: None for s in cards.SEATS})
    shown: dict[str, list[Card]] = field(default_factory=lambda: {s: [] for s in cards.SEATS})
    calls: list[str] = field(default_factory=list)
    # The calls alerted or explained, by their number in the auction (1: the dealer's first), each
    # with what was said of it ("": alerted, no explanation recorded).
    alerts: dict[int, str] = field(default_factory=dict)
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
    last_claim: Claimed | None = None  # the last claim, doubted or adjudicated, kept past play (`claims`)
    cut_at: int | None = None
    notes: list[tuple[int, str, str]] = field(default_factory=list)  # (event, text, who wrote or said it)
    findings: list[tuple[int, str, str]] = field(default_factory=list)  # the director's (event, text, who)
    appeals: list[tuple[int, str, str]] = field(default_factory=list)  # the committee's (event, text, who)
    adjustments: list[tuple[int, str, int, int, str, str]] = field(default_factory=list)  # `adjust` lines
    honors_said: dict[str, set[Card] | None] = field(default_factory=lambda: {s: None for s in cards.SEATS})
    voids: dict[str, set[str]] = field(default_factory=lambda: {s: set() for s in cards.SEATS})
    bid_at: int | None = None  # the first auction or contract line: "a bid has been made" (L13)
    corrections: list[tuple[str, str, str, int, int]] = field(default_factory=list)  # hand, side, column, points, event
    agreed_at: int | None = None  # the rubber's score made up and agreed (L12)
    tags: dict[str, str] = field(default_factory=dict)  # the people and the occasion: North, Date, Event...
    found: dict[Card, tuple[str, int]] = field(default_factory=dict)  # a short hand's missing card found (L38)
    unknown: dict[str, int] = field(default_factory=dict)  # seat → cards not known it played (`unknown_cards`)
    # A seat → the trick its next card goes to in place of the one it withdrew to correct a revoke
    # after later plays (`owe_to_trick`); gone once that card is played.
    owed_to: dict[str, int] = field(default_factory=dict)
    # The trick left open when a premature lead to the next one stood (L60A2, `lead_next`): its
    # missing cards go to it, and its rotation is followed, before the next trick's; 0: none.
    open_before: int = 0
    # The corrections of the record so far: the corrected event → what the rulings JSON says of it.
    record_corrections: dict[int, dict[str, Any]] = field(default_factory=dict)
    # The settings of the ruleset and its options, made once when the hand is opened (its `hand`
    # line names both; read at every trick): derived, no part of the table's value.
    _settings: dict[str, str] = field(default_factory=lambda: _DEFAULT_SETTINGS, init=False, compare=False,
                                      repr=False)
    # Every trick plain so far (`not_plain` says when one stops being): then no card is owed to an
    # earlier trick (L86), and a card goes to the trick in progress. A cache of the tricks' `plain`.
    all_plain: bool = field(default=True, init=False, compare=False, repr=False)

    # ------------------------------------------------------------ derived

    @property
    def settings(self) -> dict[str, str]:
        return dict(self.kept_settings())

    def kept_settings(self) -> dict[str, str]:
        """The settings (`settings`), kept: the dict itself, not to be changed by the caller."""
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
        """The trick in progress: the last one, while it is neither complete nor quitted (or the one
        before, left open when a premature lead stood, L60A2)."""
        if self.tricks:
            t = (self.open_before and self._open_before()) or self.tricks[-1]
            if t.quitted_by is None and len(t.in_law) != 4:  # (not `complete`: one card in law a seat)
                return t
        return None

    @property
    def play_over(self) -> bool:
        return self.claim is not None or self.cut_at is not None

    def next_leader(self) -> str | None:
        """Who should lead the next trick: declarer's left for the opening lead (L46), then the
        winner of the last trick."""
        for t in reversed(self.tricks):  # the last trick finished
            if t.quitted_by is not None or len(t.in_law) == 4:  # (quitted or complete: read at every lead)
                return t.winner(self.trump)
        return opening_leader(self.contract.declarer) if self.contract else None

    def expected(self) -> str | None:
        """Who is to play next: a player replacing a card he withdrew (L86), else by rotation."""
        if self.tricks:
            origin = self.tricks[-1].plays[0].seat if self.tricks[-1].plays else "N"
            for s in CLOCKWISE[origin]:
                if owes_card_to(self, s) is not None:
                    return s
        return self.in_rotation()

    def in_rotation(self) -> str | None:
        """Whose turn it is by the rotation of play: the leader, then clockwise."""
        # (`current`, `leader` and `seats` read at once: this is asked before every card)
        t = ((self.open_before and self._open_before()) or self.tricks[-1]) if self.tricks else None
        law = t.in_law if t is not None and t.quitted_by is None else None
        if law is None or len(law) == 4:  # no trick in progress (none, quitted or complete: a card in law a seat)
            return None if len(self.tricks) >= 13 or self.play_over else self.next_leader()
        if not law:
            return self.next_leader()
        seats = t.seats
        for s in CLOCKWISE[law[0].seat]:  # (the leader among the seats played)
            if s not in seats and self.hands[s] != _NONE_HELD:  # L38: a short hand may have run out
                return s
        return None

    def _open_before(self) -> Trick | None:
        """The trick `open_before` names while it is still open."""
        if self.open_before:
            t = self.tricks[self.open_before - 1]
            if t.quitted_by is None and not t.complete:
                return t
        return None

    @property
    def last_played(self) -> Trick | None:
        """The last trick with a card in it (None before the first card): the trick a question or an
        answer is of, and the one an act falls in or after."""
        return next((t for t in reversed(self.tricks) if t.plays), None)

    def won(self) -> dict[str, int]:
        """Tricks won in play by each side (`won_in_play`), by their rightful winners."""
        out = {"NS": 0, "EW": 0}
        trump, claimed_at = self.trump, self.claim[2] if self.claim else None  # (read once, not a trick each)
        for t in self.tricks:
            if t.won_in_play(claimed_at):  # (`won_in_play`)
                w = t.winner(trump)
                if w:
                    out[side_of(w)] += 1
        return out

    def won_in_play(self, t: Trick) -> bool:
        """Whether the trick was won in play, the claim standing ending the play
        (`Trick.won_in_play`)."""
        return t.won_in_play(self.claim[2] if self.claim else None)

    def keep_in_trick(self, event: int, substitute_owed: bool = True) -> None:
        """The laws say a card taken back at this event still counts in its trick (an established
        revoke cannot be corrected; a quitted trick may not be touched): the card is back in its
        player's hand, as the record says, but the trick stands as played. A player who meant to
        correct a revoke puts a card in its place, which does not count in it; one who took a card
        back from a quitted trick for no correction owes it none (`substitute_owed`). The rulings
        decide it (`Decided.kept`); `projections.moment` carries it out here, in the same step."""
        for t in self.tricks:
            for p in t.plays:
                if event in (p.withdrawn_at, p.restored_at):  # (taken back, or restored from a quitted trick)
                    p.stands = True
                    p.substitute_owed = substitute_owed
                    t.reread()

    def owe_to_trick(self, event: int) -> None:
        """The laws say the card taken back at this event corrects a revoke after cards were played
        to a later trick (L62C3, L62D1): its player's next card goes to that trick in its place
        (`placement.owes_card_to`). The rulings decide it (`Decided.owed_to_trick`); `projections.moment`
        carries it out here, in the same step."""
        for t in self.tricks:
            for p in t.plays:
                if p.withdrawn_at == event:
                    self.owed_to[p.seat] = t.number

    def declarer_becomes(self, seat: str) -> None:
        """The laws make another player of the declaring side declarer (L54A: declarer spread his
        hand after a faced opening lead out of turn, and became dummy). The rulings decide it
        (`Decided.becomes_declarer`); `projections.moment` carries it out here, in the same step."""
        if self.contract is not None:
            self.contract = dataclasses.replace(self.contract, declarer=seat)

    def holds(self, seat: str, suit: str) -> bool | None:
        """Whether the seat holds a card of the suit now; None when its hand is not known, or when
        the cards not known it played may have been its last of the suit."""
        h = self.hands[seat]
        if h is None:
            return None
        unknown = self.unknown.get(seat)
        if unknown:  # (his cards not known are among `h`: none left when they are all of them)
            n = sum(1 for c in h if c.suit == suit)
            return None if 0 < n <= unknown < len(h) else n > unknown
        for c in h:  # (asked at every card not of the suit led)
            if c.suit == suit:
                return True
        return False


# The table's fields that keep acts as recorded (`kept_acts`), in the table's order.
KEPT_ACTS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(Table) if f.metadata.get("kept_acts"))


# ---------------------------------------------------------------- the fold


def apply(table: Table, e: Event) -> None:
    """Apply one event to the table, in place (`projections.moment` is the pure entry point):
    the fold of its kind of line (`FOLD`, keyed by the kinds of `bridge.lines.KINDS`)."""
    table.at = e.number
    FOLD[e.kind](table, e.args, e.number)
    if table.unknown:
        settle(table)  # (a hand with cards not known: who may have won their tricks, `unknown_cards`)


def _opened(table: Table, a: dict[str, Any], n: int) -> None:
    table.hand_id = a["hand_id"]
    table.rubber = a.get("rubber", "")
    table.account_of = a.get("trunk") or None
    table.source = dict(a.get("source") or {})
    table.ruleset = a["ruleset"]
    table.code = code_of(table.ruleset)
    table.options = dict(a["options"])
    # A ruleset that does not name an option the folds read (a duplicate code and the 1912
    # 'quitting', say) takes the 1912 default for it: the record is read the same way.
    table._settings = {**_DEFAULT_SETTINGS, **RULESETS[table.ruleset].settings(table.options)}


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
    table.alerts = {alert["call"]: alert["text"] for alert in a["alerts"]}
    if table.dealer:
        table.contract = cards.contract_made(table.dealer, table.calls)  # (None while the auction is open)


def _contract(table: Table, a: dict[str, Any], n: int) -> None:
    table.bid_at = table.bid_at or n
    table.contract = Contract.parse(a["contract"])


def _card_played(table: Table, a: dict[str, Any], n: int) -> None:
    if table.claim is not None:
        claim_played_out(table)
    # (most words are of a card `bridge.cards` knows by them: looked up at once, read at every card;
    # most plays are of one card)
    words = a["cards"]
    if len(words) == 1:
        put_cards(table, a["seat"], [_KNOWN_CARD(words[0]) or cards.card(words[0])], n)
    else:
        put_cards(table, a["seat"], [_KNOWN_CARD(c) or cards.card(c) for c in words], n)


_KNOWN_CARD = cards.CARD_OF_WORD.get


def _fifth(table: Table, a: dict[str, Any], n: int) -> None:
    """`play SEAT CARD fifth`: a card added to the last trick, all four having played to it (L45E):
    it lies on the trick and counts in none until the Director decides (`deem`)."""
    if table.claim is not None:
        claim_played_out(table)
    seat, c = a["seat"], cards.card(a["card"])
    t = table.tricks[-1] if table.tricks and table.tricks[-1].plays else None
    if t is None:
        put_cards(table, seat, [c], n)
        return
    held = table.hands[seat]
    if held is not None:
        held.discard(c)
    table.shown[seat].append(c)
    t.add(Play(seat, c, n, surplus=True, fifth=True))
    not_plain(table, t)


def _deem(table: Table, a: dict[str, Any], n: int) -> None:
    """`deem N led|not-led`: the Director's decision on the fifth card played at event N (L45E).
    Led, it is the lead to the next trick; not led, it leaves the trick for its player's hand (a
    defender's a penalty card face up before him: the rulings say so)."""
    for t in table.tricks:
        for i, p in enumerate(t.plays):
            if p.event == a["event"] and p.live:
                # (a `play ... fifth` with no trick to add it to was played as any card: deemed led it
                # stays; not led, it goes back to the hand as the recorder's pack moves it)
                if a["led"] and not p.fifth:
                    return
                if a["led"]:
                    if t is not table.tricks[-1]:
                        return  # (a later trick begun meanwhile: it stays where it lies)
                    del t.plays[i]
                    t.reread()
                    quit_implicitly(table, n)
                    p.surplus, p.led = False, True
                    table.tricks.append(Trick(t.number + 1, [p]))
                    return
                p.withdrawn_at, p.substitute_owed = n, False
                t.reread()
                held = table.hands[p.seat]
                if held is not None:
                    held.add(p.card)
                return


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
                not_plain(table, t)
                t.reread()
                held = table.hands[p.seat]
                if held is not None:
                    held.add(c)
                return
    if withdrawn:
        lift(table, a["seat"], c, n)


def lift(table: Table, seat: str, c: Card, n: int) -> None:
    """A premature card the rulings took up from its trick (L57, L60B), lying face up before its
    player, recorded leaving the table for his hand (`withdraw`: the physical act, as the recorder's
    pack moves it): it is among the cards he holds already (`placement.take_up`), and from now on
    it counts in no trick until he plays it again: one card, one place."""
    for t in reversed(table.tricks):
        for p in t.plays:
            if p.seat == seat and p.card == c and p.taken_up:
                p.lifted_at = n
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


def _cut(table: Table, a: dict[str, Any], n: int) -> None:
    quit_implicitly(table, n, end_of_play=True)
    table.cut_at = n


def _note(table: Table, a: dict[str, Any], n: int) -> None:
    table.notes.append((n, a["text"], a.get("author") or ""))


def _find(table: Table, a: dict[str, Any], n: int) -> None:
    table.findings.append((n, a["text"], a["author"]))


def _appeal(table: Table, a: dict[str, Any], n: int) -> None:
    table.appeals.append((n, a["text"], a["author"]))


def _adjusted(table: Table, a: dict[str, Any], n: int) -> None:
    """The Director's adjusted score, as the record says it (the score applies it: L12C)."""
    table.adjustments.append((n, a["law"], a["ns"], a["ew"], a["author"], a["text"]))


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
    name_surplus(table, a["seat"], cards.card(a["card"]))


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
        put_cards(table, seat, [c], n)
        return
    put_right_to(table, missed, seat, c, n)


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
    "play": _card_played, "fifth": _fifth, "deem": _deem, "unknown": played_unknown, "ask": _ask, "answer": _answer, "quit": _quit, "withdraw": _withdraw,
    "elect": _elect, "claim-revoke": _claim_revoke, "mix": _mix, "inspect": _inspect, "restore": _restore,
    "attention": _attention, "claim": claimed, "doubt": doubted, "adjudicate": adjudicated, "adjust": _adjusted, "cut": _cut, "note": _note, "honors": _honors, "void": _void,
    "correct": _correct, "agree": _agree, "strike": _correction, "amend": _correction, "shared": _shared, "find": _find, "appeal": _appeal, "tag": _tag, "expose": _expose,
    "surplus": _surplus, "found": _found, "put-right": _put_right,
}


def _last_open_trick(table: Table) -> Trick | None:
    """The trick a `quit` turns: the last one with cards. A trick quitted by one side may be
    turned and quitted again by the other (L83 counts the quit by the rightful winners)."""
    if table.tricks and table.tricks[-1].plays:
        return table.tricks[-1]
    return None


