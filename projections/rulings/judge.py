"""The judge's step: after each event, what the laws make of it. One function a kind of line the
laws rule on (`STEPS`: each kind `bridge.lines.KINDS` declares `ruled`, to the step registered
for it by `rules`), each calling the seams: the revoke's life
under the family of the hand's code (`table.code.family.revoke`: the 1912 family's `revokes`, the
duplicate family's `duplicate`; `laws_1912`, `laws_duplicate`), its other laws of the play and of
the tricks (`.play`, `.tricks`) and of a claim (`.claims`), the other irregularities
(`irregularities`), elections and directions (`directions`). The code gives the judge its family
at the hand line (`Table.code`), and the judge asks the family for its laws, never a name. The
judge reads the table and writes only its own state (`Judge`); what the laws decide that the
table is to carry out, its step returns (`Decided`), and `projections.moment` carries it out."""

from __future__ import annotations

from typing import Callable, TypeVar

from bridge.lines import KINDS

from ..claims import play_voided
from ..codes.family import PlayLaws, RevokeLaws
from ..events import Event
from ..table import Table
from ..tricks import Play, Trick
from . import claims, directions, irregularities, revokes
from .state import NOTHING, Decided, Judge

# The rulings of leads out of turn and of premature plays (L53-L60: `leads`, `premature`, and the
# penalty cards they make) are imported where a step first needs them: the premature cards on
# record are theirs, and a hand of a code that has none (a 1912 hand) never compiles them at
# start-up (issue 41, figure a: a read command imports what it needs).


def play(judge: Judge, table: Table, e: Event, expected: str | None) -> Decided:
    t, new = _new_plays(table, e.number, e.args["seat"])
    if not new:
        return NOTHING
    first = new[0]
    seat = first.seat
    if table.claims_played_out:  # (`_after_claim` asks the rest: a card played after a claim)
        _after_claim(judge, table, e)
    family = table.code.family
    # 1997 L68D: play after a claim is voided; L68D, L69A: the claim stands, the card no play of the board
    # (`play_voided` only once a claim was made)
    suspended = (table.last_claim is not None and play_voided(table)) or (
        table.claim is not None and family.claim_suspends_play)
    if first.fifth:
        if suspended:
            return NOTHING
        return NOTHING.then(family.tricks.fifth(judge, table, e, t, first))  # L45E; 1912: L82
    if suspended:
        return NOTHING
    revoke_laws = family.revoke
    decided = NOTHING
    if first.put_right or first.leftover or e.kind == "put-right" or table.contract is None:
        whole, decided = _out_of_place(judge, table, e, t, first, revoke_laws)
        if whole:
            return decided
    laws = family.play
    # (The seams are asked only when they have something to rule on: most cards of most hands
    # are one card, in its place, with no irregularity or exposed card on record, and every trick
    # plain, no card taken back, so none the laws kept in its trick.)
    faced: list = []
    if len(new) > 1 or first.surplus or first.replaces or judge.irregularities or not table.all_plain or judge.exposed:
        beside, counts = _beside_the_rotation(judge, table, e, t, new, [p.card for p in new], laws)
        decided = decided.then(beside)
        if counts is None:
            return decided  # put in place of a card that still counts in law (late-correction): it does not count
        faced = counts
    if not first.surplus:
        # (a lead out of turn still open: this card may accept it, or be the proper lead, L53)
        proper = bool(judge.irregularities) and laws.proper_lead(judge, table, e, t, first)
        if not first.replaces and expected is not None and seat != expected and not proper:
            decided = decided.then(laws.out_of_turn(judge, table, e, t, first, expected))
            if "after" in e.args:
                from . import premature

                premature.simultaneous(judge, e, seat)  # L58A: deemed subsequent to the legal one
            if seat in decided.taken_up:
                return decided  # a premature card taken up from the trick, not played to it (L57, L60B)
        # Revokes are judged first, then what this card does to the revokes already on record.
        # (`then` asked only of what a law decided: most cards decide nothing)
        if judge.revokes:
            ruled = revoke_laws.played_on(judge, table, e, t, seat)
            if ruled is not None:
                decided = decided.then(ruled)
        ruled = _failure_to_follow(judge, table, e, t, first, revoke_laws, faced)
        if ruled is not None:
            decided = decided.then(ruled)
        if judge.premature:
            from . import premature

            premature.played(judge, table, e, t, first)  # L57A, L57B, L59, L60C
        if judge.directions:
            directions.obey(judge, table, e, t, first)
    if judge.revokes:
        revokes.prove(judge, table, e, seat, [p.card for p in new])
    return decided


def _after_claim(judge: Judge, table: Table, e: Event) -> None:
    """L72: a card played after a claim the table has not yet ruled on plays the hand out."""
    if table.claims_played_out and table.claims_played_out[-1][2] > judge.claims_seen:
        claims.played_after(judge, table, e)


def _beside_the_rotation(judge: Judge, table: Table, e: Event, t: Trick, new: list[Play], played: list,
                         laws: PlayLaws) -> tuple[Decided, list | None]:
    """What the code's laws make of the cards before their turn is judged: several at once, a
    surplus card, a lead out of turn that stands, a card played again, a direction lapsed, the
    penalty cards. What they decided, and the penalty cards this card takes off the table, or None
    when it does not count (put in place of a card that still counts in law)."""
    first = new[0]
    decided = NOTHING
    if len(new) > 1 and not first.surplus:
        decided = decided.then(laws.several(judge, table, e, t, first.seat))
    elif first.surplus:
        decided = decided.then(laws.surplus(judge, table, e, t, first))
    if judge.irregularities:
        decided = decided.then(laws.lead_stands(judge, table, t))
    if first.replaces and t.played_by(first.seat) is not first:
        return decided, None
    if not table.all_plain:  # (a card the laws keep in its trick was taken back from it)
        irregularities.played_again(judge, table, e, t, played, laws.kept_by)
    if judge.irregularities:
        directions.lapse(judge, e, t, first.seat)
    if judge.exposed or judge.irregularities:
        decided = decided.then(laws.penalty_cards_played(judge, table, e, t, first))
        return decided, _faced(judge, e, first, played)
    return decided, []


def _out_of_place(judge: Judge, table: Table, e: Event, t: Trick, first: Play,
                  laws: RevokeLaws) -> tuple[bool, Decided]:
    """A card put to the trick its player missed (L81, L67), a `put-right` with none to put, a lead
    before any contract, a card left over: whether that rules the card whole, and what the laws
    decided."""
    if judge.exposed and (first.put_right or first.leftover):
        # L81: a card put to the trick its player missed is played: no longer liable to be called (L67).
        judge.exposed = [x for x in judge.exposed if not (x.seat == first.seat and x.card == first.card)]
    trick_laws = table.code.family.tricks
    if first.put_right:  # L81, L67: a card added to the trick its player missed
        if trick_laws.put_right(judge, table, e, t, first):
            return True, NOTHING.then(_failure_to_follow(judge, table, e, t, first, laws))
        return True, NOTHING
    decided = NOTHING
    if e.kind == "put-right":
        decided = decided.then(trick_laws.nothing_to_put_right(judge, e, t, first))
    if table.contract is None and t.number == 1 and first.led:
        irregularities.no_contract(judge, e)
    if first.leftover:
        return True, decided.then(trick_laws.leftover(judge, table, e, t, first))
    return False, decided


def _faced(judge: Judge, e: Event, first: Play, played: list) -> list:
    """The penalty cards the card takes off the table, once the code's laws have said what it does
    to them (duplicate L50D1, L50C, L52, L50D2): not a card this event exposed (two played at once,
    the other a penalty card, L58B2)."""
    if not judge.exposed:
        return []
    faced = [x for x in judge.exposed if x.seat == first.seat and x.card in played and x.event != e.number]
    if faced:
        judge.exposed = [x for x in judge.exposed if x not in faced]
    return faced


def _failure_to_follow(judge: Judge, table: Table, e: Event, t: Trick, p: Play, laws: RevokeLaws,
                       faced: list | None = None) -> Decided | None:
    """L83 (duplicate: L61): whether this card fails to follow; a revoke found is then ruled by
    the code's revoke laws (`laws.found`), `faced` the penalty cards just played: what they decided."""
    known = len(judge.revokes)
    revokes.failure_to_follow(judge, table, e, t, p)
    if laws.found is not None and len(judge.revokes) > known:
        return laws.found(judge, table, e, t, judge.revokes[-1], faced)
    return None


def _new_plays(table: Table, number: int, seat: str) -> tuple[Trick | None, list[Play]]:
    """The cards event `number` put to a trick for `seat`, and their trick: one player's cards of
    one event go to one trick, together (one `_play`), mostly at the end of the last (two players'
    cards at once are two plays of one event: `moment.simultaneous`)."""
    if table.tricks:
        t = table.tricks[-1]
        plays = t.plays
        if plays and plays[-1].event == number and plays[-1].seat == seat:  # the usual case: the last cards
            i = len(plays) - 1
            while i > 0 and plays[i - 1].event == number and plays[i - 1].seat == seat:
                i -= 1
            return t, plays[i:]
    for t in reversed(table.tricks):
        new = [p for p in t.plays if p.event == number and p.seat == seat]
        if new:
            return t, new
    return None, []


# The step registered for each kind of line (`rules`), by the kind's name. The judge's table of
# steps (`STEPS`) takes from it the kinds the vocabulary declares the laws rule on.
REGISTERED: dict[str, Callable[..., Decided | None]] = {}

S = TypeVar("S", bound=Callable[..., "Decided | None"])  # (a step, as its decorator gives it back)


def rules(*kinds: str) -> Callable[[S], S]:
    """The decorated function is the judge's step for these kinds of line, each declared `ruled` in
    `bridge.lines.KINDS`: a kind has one step, and a step is not kept for a kind the laws do not
    rule on (tests/test_kinds_whole.py fails on either)."""
    def register(step: S) -> S:
        for kind in kinds:
            if kind in REGISTERED:
                raise ValueError(f"two steps of the judge for '{kind}': {REGISTERED[kind].__name__}, {step.__name__}")
            REGISTERED[kind] = step
        return step
    return register


rules("play", "put-right", "fifth")(play)  # (the one step that also needs who was to play before it)
rules("claim-revoke")(revokes.claim_revoke)
rules("adjust")(irregularities.adjusted)  # duplicate L12C; the 1912 code gives no one that power


@rules("quit")
def quit(judge: Judge, table: Table, e: Event) -> Decided | None:
    t = next((t for t in reversed(table.tricks) if t.quitted_at == e.number), None)
    if t is None:
        return None
    family = table.code.family
    decided = NOTHING.then(family.tricks.quitted(judge, table, e, t))  # L83; L65B
    decided = decided.then(family.tricks.missed(judge, table, e, t))  # L81; L67
    return decided.then(family.revoke.quitted(judge, table, e, t))


@rules("withdraw")
def withdraw(judge: Judge, table: Table, e: Event) -> Decided | None:
    return table.code.family.revoke.withdrawn(judge, table, e)


@rules("claim", "cut")
def _end_of_play(judge: Judge, table: Table, e: Event) -> Decided | None:
    """A claim ends the play, the cut ends the hand: the tricks they quit, then the revokes left."""
    return table.code.family.revoke.hand_over(judge, table, e)


@rules("expose")
def _exposed(judge: Judge, table: Table, e: Event) -> Decided | None:
    from . import leads

    spread = leads.exposed_at_the_opening_lead(judge, table, e)  # L54A, L54C
    if spread is not None:
        # L54A: declarer began to spread his hand after a faced opening lead out of turn, and
        # becomes dummy: his card is no card exposed (L48A is not asked).
        return spread
    return table.code.family.play.exposed(judge, table, e)  # L49; L48A


@rules("ask")
def _ask(judge: Judge, table: Table, e: Event) -> Decided | None:
    return table.code.family.revoke.ask(judge, table, e)  # L85; duplicate L61B


@rules("answer")
def _answer(judge: Judge, table: Table, e: Event) -> Decided | None:
    return table.code.family.revoke.answer(judge, table, e)


@rules("elect")
def _elect(judge: Judge, table: Table, e: Event) -> Decided | None:
    return table.code.family.revoke.elect(judge, table, e)


@rules("unknown")
def _unknown(judge: Judge, table: Table, e: Event) -> Decided | None:
    """A card not known (`projections.unknown_cards`): nothing of it can be ruled, its suit and
    rank not being known; played, it is a card played to its trick, which establishes a revoke of
    its player's side on an earlier trick (L83; duplicate L63A1)."""
    _after_claim(judge, table, e)
    t, new = _new_plays(table, e.number, e.args["seat"])
    if new and judge.revokes:
        return table.code.family.revoke.played_on(judge, table, e, t, new[0].seat)
    return None


@rules("deal")
def _deal(judge: Judge, table: Table, e: Event) -> Decided | None:
    return table.code.family.tricks.short_hand(judge, table, e)  # a hand dealt short: L38; duplicate L14B


@rules("mix")
def _mix(judge: Judge, table: Table, e: Event) -> Decided | None:
    return table.code.family.tricks.mix(judge, table, e)  # L87; duplicate L66D


@rules("attention")
def _attention(judge: Judge, table: Table, e: Event) -> Decided | None:
    return table.code.family.tricks.attention(judge, table, e)


@rules("restore")
def _restore(judge: Judge, table: Table, e: Event) -> Decided | None:
    return table.code.family.tricks.restore(judge, table, e)


@rules("surplus")
def _surplus_named(judge: Judge, table: Table, e: Event) -> Decided | None:
    return table.code.family.tricks.surplus_named(judge, table, e)


@rules("found")
def _found(judge: Judge, table: Table, e: Event) -> Decided | None:
    return table.code.family.tricks.found(judge, table, e)


@rules("deem")
def _deem(judge: Judge, table: Table, e: Event) -> Decided | None:
    return table.code.family.tricks.deem(judge, table, e)  # duplicate L45E: a fifth card deemed led or not


@rules("doubt")
def _doubt(judge: Judge, table: Table, e: Event) -> Decided | None:
    return table.code.family.claims.doubt(judge, table, e)  # 1912 L72; duplicate L68, L70


@rules("adjudicate")
def _adjudicate(judge: Judge, table: Table, e: Event) -> Decided | None:
    return table.code.family.claims.adjudicate(judge, table, e)  # 1912 L72; duplicate L69B, L70, L71


# The judge's table of steps, derived from the declaration: each kind of line the laws rule on
# (`Kind.ruled`) to the step registered for it.
STEPS: dict[str, Callable[..., Decided | None]] = {kind.name: REGISTERED[kind.name] for kind in KINDS.values()
                                         if kind.ruled and kind.name in REGISTERED}

# The kinds of line that put a card to a trick: those `play` rules, the one step that also needs
# who was to play before it.
PLAYED = frozenset(kind for kind, ruling in STEPS.items() if ruling is play)


def step(judge: Judge, table: Table, e: Event, expected: str | None) -> Decided:
    """What the laws make of event `e`, the table being as it left it; `expected` is who was to
    play before it (for a card played). The rulings change the judge's own state; what the laws
    decided that the table is to carry out is returned (`Decided`: a card kept in its trick, one
    taken up, a new declarer, ...), each family's step returning what it decided, for
    `projections.moment` to carry out, and kept nowhere."""
    if e.kind in PLAYED:
        decided = play(judge, table, e, expected)
    else:
        ruling = STEPS.get(e.kind)
        ruled = None if ruling is None else ruling(judge, table, e)
        decided = NOTHING if ruled is None else ruled  # (`NOTHING.then(ruled)`)
    if judge.revokes:  # (no revoke on record, none to rule out)
        revokes.rule_out(judge, table, e)
    if judge.premature:
        from . import premature

        # L57D, L50D1: a premature card at its player's turn
        decided = decided.then(premature.after(judge, table, e))
    if judge.exposed:
        # L50D2, L51: the partner to lead, several to play
        decided = decided.then(table.code.family.play.after(judge, table, e))
    return decided
