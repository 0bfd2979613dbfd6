"""The judge's step: after each event, what the laws make of it. One function a kind of line
(`STEPS`, keyed by the kinds of `bridge.lines.KINDS`), each calling the seams: the revoke's life
under the hand's code (`REVOKE_LAWS`: the 1912 code's `revokes`, the duplicate codes'
`duplicate`), the other irregularities (`irregularities`), elections and directions
(`directions`). The judge reads the table and writes only its own state (`Judge`)."""

from __future__ import annotations

from typing import Callable, NamedTuple

from ..claims import play_voided
from ..events import Event
from ..table import Table
from ..tricks import Play, Trick
from . import (arrangement, claims, defective, directions, duplicate, irregularities, leads, penalty_cards,
               premature, retraction, revokes)
from .state import Judge


def play(judge: Judge, table: Table, e: Event, expected: str | None) -> None:
    t, new = _new_plays(table, e.number, e.args["seat"])
    if not new:
        return
    first = new[0]
    seat = first.seat
    _after_claim(judge, table, e)
    if first.fifth:
        if not (play_voided(table) or (table.claim is not None and table.code.claim_laws == "duplicate")):
            TRICK_LAWS[table.code.play_laws].fifth(judge, table, e, t, first)  # L45E; 1912: L82
        return
    if play_voided(table) or (table.claim is not None and table.code.claim_laws == "duplicate"):
        return  # 1997 L68D: play after a claim is voided; L68D, L69A: the claim stands, the card no play of the board
    revoke_laws = REVOKE_LAWS[table.code.revoke_laws]
    if (first.put_right or first.leftover or e.kind == "put-right" or table.contract is None) and \
            _out_of_place(judge, table, e, t, first, revoke_laws):
        return
    laws = PLAY_LAWS[table.code.play_laws]
    # (The seams are asked only when they have something to rule on: most cards of most hands
    # are one card, in its place, with no irregularity, exposed or kept card on record.)
    faced: list = []
    if len(new) > 1 or first.surplus or first.replaces or judge.irregularities or judge.kept or judge.exposed:
        counts = _beside_the_rotation(judge, table, e, t, new, [p.card for p in new], laws)
        if counts is None:
            return  # put in place of a card that still counts in law (late-correction): it does not count
        faced = counts
    if not first.surplus:
        # (a lead out of turn still open: this card may accept it, or be the proper lead, L53)
        proper = bool(judge.irregularities) and laws.proper_lead(judge, table, e, t, first)
        if not first.replaces and expected is not None and seat != expected and not proper:
            laws.out_of_turn(judge, table, e, t, first, expected)
            if "after" in e.args:
                premature.simultaneous(judge, e, seat)  # L58A: deemed subsequent to the legal one
            if judge.taken_up and (e.number, seat) in judge.taken_up:
                return  # a premature card taken up from the trick, not played to it (L57, L60B)
        # Revokes are judged first, then what this card does to the revokes already on record.
        if judge.revokes:
            revoke_laws.played_on(judge, table, e, t, seat)
        _failure_to_follow(judge, table, e, t, first, revoke_laws, faced)
        if judge.premature:
            premature.played(judge, table, e, t, first)  # L57A, L57B, L59, L60C
        if judge.directions:
            directions.obey(judge, table, e, t, first)
    if judge.revokes:
        revokes.prove(judge, table, e, seat, [p.card for p in new])


def _after_claim(judge: Judge, table: Table, e: Event) -> None:
    """L72: a card played after a claim the table has not yet ruled on plays the hand out."""
    if table.claims_played_out and table.claims_played_out[-1][2] > judge._claims_seen:
        claims.played_after(judge, table, e)


def _beside_the_rotation(judge: Judge, table: Table, e: Event, t: Trick, new: list[Play], played: list,
                         laws: "PlayLaws") -> list | None:
    """What the code's laws make of the cards before their turn is judged: several at once, a
    surplus card, a lead out of turn that stands, a card played again, a direction lapsed, the
    penalty cards; the penalty cards this card takes off the table, or None when it does not
    count (put in place of a card that still counts in law)."""
    first = new[0]
    if len(new) > 1 and not first.surplus:
        laws.several(judge, table, e, t, first.seat)
    elif first.surplus:
        laws.surplus(judge, table, e, t, first)
    if judge.irregularities:
        laws.lead_stands(judge, table, t)
    if first.replaces and t.played_by(first.seat) is not first:
        return None
    if judge.kept:
        irregularities.played_again(judge, table, e, t, played, laws.kept_by)
    if judge.irregularities:
        directions.lapse(judge, e, t, first.seat)
    if judge.exposed or judge.irregularities:
        return _penalty_cards_played(judge, table, e, t, first, played, laws)
    return []


def _out_of_place(judge: Judge, table: Table, e: Event, t: Trick, first: Play, laws: "RevokeLaws") -> bool:
    """A card put to the trick its player missed (L81, L67), a `put-right` with none to put, a lead
    before any contract, a card left over: True when that rules the card whole."""
    if judge.exposed and (first.put_right or first.leftover):
        # L81: a card put to the trick its player missed is played: no longer liable to be called (L67).
        judge.exposed = [x for x in judge.exposed if not (x.seat == first.seat and x.card == first.card)]
    trick_laws = TRICK_LAWS[table.code.play_laws]
    if first.put_right:  # L81, L67: a card added to the trick its player missed
        if trick_laws.put_right(judge, table, e, t, first):
            _failure_to_follow(judge, table, e, t, first, laws)
        return True
    if e.kind == "put-right":
        trick_laws.nothing_to_put_right(judge, e, t, first)
    if table.contract is None and t.number == 1 and first.led:
        irregularities.no_contract(judge, e)
    if first.leftover:
        trick_laws.leftover(judge, table, e, t, first)
        return True
    return False


def _penalty_cards_played(judge: Judge, table: Table, e: Event, t: Trick, first: Play, played: list,
                          laws: "PlayLaws") -> list:
    """What the card does to the penalty cards on record (duplicate L50D1, L50C, L52, L50D2), and
    the ones it takes off the table (not a card this event exposed: two played at once, the other a
    penalty card, L58B2)."""
    laws.penalty_cards_played(judge, table, e, t, first)
    if not judge.exposed:
        return []
    faced = [x for x in judge.exposed if x.seat == first.seat and x.card in played and x.event != e.number]
    if faced:
        judge.exposed = [x for x in judge.exposed if x not in faced]
    return faced


def _failure_to_follow(judge: Judge, table: Table, e: Event, t: Trick, p: Play, laws: "RevokeLaws",
                       faced: list | None = None) -> None:
    """L83 (duplicate: L61): whether this card fails to follow; a revoke found is then ruled by
    the code's revoke laws (`laws.found`), `faced` the penalty cards just played."""
    known = len(judge.revokes)
    revokes.failure_to_follow(judge, table, e, t, p)
    if laws.found is not None and len(judge.revokes) > known:
        laws.found(judge, table, e, t, judge.revokes[-1], faced)


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


def quit(judge: Judge, table: Table, e: Event) -> None:
    t = next((t for t in reversed(table.tricks) if t.quitted_at == e.number), None)
    if t is None:
        return
    laws = TRICK_LAWS[table.code.play_laws]
    laws.quitted(judge, table, e, t)  # L83; L65B
    laws.missed(judge, table, e, t)  # L81; L67
    REVOKE_LAWS[table.code.revoke_laws].quitted(judge, table, e, t)


def withdraw(judge: Judge, table: Table, e: Event) -> None:
    REVOKE_LAWS[table.code.revoke_laws].withdrawn(judge, table, e)


def _end_of_play(judge: Judge, table: Table, e: Event) -> None:
    """A claim ends the play, the cut ends the hand: the tricks they quit, then the revokes left."""
    REVOKE_LAWS[table.code.revoke_laws].hand_over(judge, table, e)


def _exposed(judge: Judge, table: Table, e: Event) -> None:
    leads.exposed_at_the_opening_lead(judge, table, e)  # L54A, L54C
    PLAY_LAWS[table.code.play_laws].exposed(judge, table, e)  # L49; L48A


def _under_the_code(part: str) -> Callable[[Judge, Table, Event], None]:
    """The step of the hand's code's revoke laws for a kind of line (`RevokeLaws.<part>`)."""
    def step(judge: Judge, table: Table, e: Event) -> None:
        getattr(REVOKE_LAWS[table.code.revoke_laws], part)(judge, table, e)
    return step


class RevokeLaws(NamedTuple):
    """The judge's steps of one code's revoke laws, which `Code.revoke_laws` names: what a card
    played does to the revokes on record, a revoke just found, a trick quitted, a card withdrawn,
    the play or the hand over, a question, its answer, an election."""

    played_on: Callable[[Judge, Table, Event, Trick, str], None]
    found: Callable[..., None] | None
    quitted: Callable[[Judge, Table, Event, Trick], None]
    withdrawn: Callable[[Judge, Table, Event], None]
    hand_over: Callable[[Judge, Table, Event], None]
    ask: Callable[[Judge, Table, Event], None]
    answer: Callable[[Judge, Table, Event], None]
    elect: Callable[[Judge, Table, Event], None]


def _played_on_1912(judge: Judge, table: Table, e: Event, t: Trick, seat: str) -> None:
    revokes.played_on(judge, table, e, t, seat)  # L83: a play to the next trick establishes
    revokes.implicit_quits(judge, table, e)


def _quitted_1912(judge: Judge, table: Table, e: Event, t: Trick) -> None:
    revokes.quitted(judge, table, e, t, implicit=False)  # L83: the trick turned and quitted establishes


def _withdrawn_1912(judge: Judge, table: Table, e: Event) -> None:
    directions.taken_back(judge, table, e)
    if revokes.correct(judge, table, e):  # L86
        return
    irregularities.taken_back(judge, table, e)


def _hand_over_1912(judge: Judge, table: Table, e: Event) -> None:
    revokes.implicit_quits(judge, table, e)
    revokes.hand_over(judge, table, e)


def _quitted_duplicate(judge: Judge, table: Table, e: Event, t: Trick) -> None:
    """L63A: quitting a trick establishes nothing."""


def _withdrawn_duplicate(judge: Judge, table: Table, e: Event) -> None:
    if duplicate.correct(judge, table, e):  # L62, L63B
        return
    if e.args.get("misinformed") and retraction.misinformed(judge, table, e):  # L47E
        return
    if judge.premature and premature.lifted(judge, table, e):  # L57, L60B: the card taken up leaves the table
        return
    if retraction.not_named(judge, table, e):  # L45D
        return
    ruled = [duplicate.retracted(judge, table, e),  # L62C
             leads.taken_back(judge, table, e),  # L54D, L55B
             penalty_cards.taken_back(judge, table, e),  # L52A, L52B2
             irregularities.taken_from_quitted_trick(judge, table, e, defective.surplus_taken_back,
                                                     retraction.from_quitted_trick)]  # L66C, L67B2, L47F2
    if not any(ruled):
        retraction.not_allowed(judge, table, e)  # L47F2


REVOKE_LAWS: dict[str, RevokeLaws] = {
    "1912": RevokeLaws(_played_on_1912, None, _quitted_1912, _withdrawn_1912, _hand_over_1912,
                       revokes.ask, revokes.answer, directions.elect),
    # L63A1-A4 establish, L62 corrects, L64 transfers (`transfer`); no election.
    "duplicate": RevokeLaws(duplicate.played_on, duplicate.found, _quitted_duplicate, _withdrawn_duplicate,
                            duplicate.hand_over, duplicate.ask, duplicate.answer, duplicate.elect),
}


class PlayLaws(NamedTuple):
    """The judge's steps of one code's laws of the play beside the revoke's, which
    `Code.play_laws` names: several cards played at once, a card to a trick its player had played
    to, whether a card is the proper lead over a lead out of turn, a card out of turn, a lead out
    of turn that stands, what a card does to the penalty cards, a card exposed, what each event
    does to the exposed cards, and the law that kept a card taken back in its trick (one played
    again)."""

    several: Callable[[Judge, Table, Event, Trick, str], None]
    surplus: Callable[[Judge, Table, Event, Trick, Play], None]
    proper_lead: Callable[[Judge, Table, Event, Trick, Play], bool]
    out_of_turn: Callable[[Judge, Table, Event, Trick, Play, str], None]
    lead_stands: Callable[[Judge, Table, Trick], None]
    penalty_cards_played: Callable[[Judge, Table, Event, Trick, Play], None]
    exposed: Callable[[Judge, Table, Event], None]
    after: Callable[[Judge, Table, Event], None]
    kept_by: Callable[[Judge, Play], str]


def _surplus_1912(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    irregularities.surplus_card(judge, e, t, p)  # L82


def _surplus_duplicate(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    """A card to a trick its player had played to: a transcript's lead to the next trick is
    premature (L57A), forfeited by the next play (L60A); else too many cards to one trick (L67A2)."""
    if not (premature.of_the_table(table) and premature.surplus(judge, table, e, t, p)):
        defective.too_many(judge, e, t, p)
        return
    # A lead to the next trick (L57A), or a play to it (L60A), establishes a revoke of the player's
    # side on the trick in progress, "legal or illegal" (L63A1).
    led = any(pm.event == e.number and pm.seat == p.seat for pm in judge.premature)
    duplicate.played_to(judge, e, p.seat, t.number + 1, "led prematurely" if led else "played")


def _out_of_turn_duplicate(judge: Judge, table: Table, e: Event, t: Trick, p: Play, expected: str) -> None:
    """A lead out of turn (L53-L56; before declarer's required lead, L60B), a play out of turn
    (L57; an archive's record holds none of its acts, and keeps the play out of turn of L80)."""
    if table.contract is None:
        return
    if t.lead is p:
        if not premature.before_required_lead(judge, table, e, t, p):  # L60B
            leads.led_out_of_turn(judge, table, e, t, p, expected)  # L53-L56
    elif premature.of_the_table(table):
        premature.played_out_of_turn(judge, table, e, t, p, expected)  # L57
    else:
        irregularities.rotation(judge, table, e, t, p, expected)  # L80


def _penalty_cards_played_duplicate(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    penalty_cards.lost_the_lead(judge, t, p)  # L50D2
    penalty_cards.played(judge, table, e, t, p)  # L50D1, L50C, L52


def _no_proper_lead(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> bool:
    return False  # (L76-L78: the lead out of turn is not replaced by a proper lead)


def _unknown(judge: Judge, table: Table, e: Event) -> None:
    """A card not known (`projections.unknown_cards`): nothing of it can be ruled, its suit and
    rank not being known; played, it is a card played to its trick, which establishes a revoke of
    its player's side on an earlier trick (L83; duplicate L63A1)."""
    _after_claim(judge, table, e)
    t, new = _new_plays(table, e.number, e.args["seat"])
    if new and judge.revokes:
        REVOKE_LAWS[table.code.revoke_laws].played_on(judge, table, e, t, new[0].seat)


def _nothing(*_: object) -> None:
    """(A step the code's laws do not have.)"""


PLAY_LAWS: dict[str, PlayLaws] = {
    # L70, L82 several and surplus cards; L76-L80 out of turn, L78 the lead stands; L65-L68 exposed cards.
    "1912": PlayLaws(irregularities.several_cards, _surplus_1912, _no_proper_lead,
                     irregularities.rotation, irregularities.lead_stands, _nothing,
                     irregularities.card_exposed, _nothing, irregularities.kept_1912),
    # L58B2 several cards; L57, L60 premature; L53-L56 leads out of turn; L49-L52 penalty cards.
    "duplicate": PlayLaws(penalty_cards.several, _surplus_duplicate, leads.followed, _out_of_turn_duplicate,
                          _nothing, _penalty_cards_played_duplicate, penalty_cards.exposed,
                          penalty_cards.after, irregularities.kept_by_ruling),
}


class TrickLaws(NamedTuple):
    """The judge's steps of one code's laws of the tricks (`Code.play_laws` names them too): a trick
    quitted (by the wrong side; short of a card), the card put to a trick its player missed (True:
    judged as any card to it) or to none he missed, the card left over at the end, a surplus card named, a card restored
    from a quitted trick, attention drawn, the played cards mixed; a hand dealt short, its missing
    card found."""

    quitted: Callable[[Judge, Table, Event, Trick], None]
    missed: Callable[[Judge, Table, Event, Trick], None]
    put_right: Callable[[Judge, Table, Event, Trick, Play], bool]
    nothing_to_put_right: Callable[[Judge, Event, Trick, Play], None]
    leftover: Callable[[Judge, Table, Event, Trick, Play], None]
    surplus_named: Callable[[Judge, Table, Event], None]
    restore: Callable[[Judge, Table, Event], None]
    attention: Callable[[Judge, Table, Event], None]
    mix: Callable[[Judge, Table, Event], None]
    short_hand: Callable[[Judge, Table, Event], None]
    found: Callable[[Judge, Table, Event], None]
    fifth: Callable[[Judge, Table, Event, Trick, Play], None]
    deem: Callable[[Judge, Table, Event], None]


TRICK_LAWS: dict[str, TrickLaws] = {
    # L83 the wrong side's quit; L81 the missed trick; L82, L70 the surplus card; L90 a quitted trick
    # looked at; L92, L93 attention; L87 the tricks mixed after a claim of revoke; L38 the short hand.
    "1912": TrickLaws(irregularities.quitted, irregularities.missed_trick, irregularities.put_right,
                      irregularities.nothing_to_put_right, irregularities.leftover_card, irregularities.surplus_named,
                      irregularities.looked_without_count, irregularities.attention, revokes.mix,
                      irregularities.short_hand, irregularities.missing_card_found,
                      _surplus_1912, _nothing),  # (a fifth card: a surplus card, L82; no Director's decision)
    # L65 the arrangement of tricks; L66 their inspection; L67 the defective trick; L9, L43 attention;
    # L14 the missing card.
    "duplicate": TrickLaws(arrangement.pointed, defective.missed, defective.put_right,
                           defective.nothing_to_put_right, defective.leftover,
                           defective.surplus_named, defective.restore, arrangement.attention, arrangement.mixed,
                           defective.short_hand, defective.found, defective.fifth_card, defective.deemed),  # L45E
}


def _of_the_tricks(part: str) -> Callable[[Judge, Table, Event], None]:
    """The step of the hand's code's laws of the tricks for a kind of line (`TrickLaws.<part>`)."""
    def step(judge: Judge, table: Table, e: Event) -> None:
        getattr(TRICK_LAWS[table.code.play_laws], part)(judge, table, e)
    return step


# The kinds of line that put a card to a trick: ruled by `play`, the one step that also needs who
# was to play before it.
PLAYED = frozenset({"play", "put-right", "fifth"})

# The judge's step for each other kind of line the laws rule on.
STEPS: dict[str, Callable[[Judge, Table, Event], None]] = {
    "deal": _of_the_tricks("short_hand"), "quit": quit, "ask": _under_the_code("ask"),
    "answer": _under_the_code("answer"), "withdraw": withdraw, "elect": _under_the_code("elect"),
    "claim-revoke": revokes.claim_revoke, "mix": _of_the_tricks("mix"),
    "attention": _of_the_tricks("attention"), "restore": _of_the_tricks("restore"),
    "expose": _exposed, "surplus": _of_the_tricks("surplus_named"),
    "found": _of_the_tricks("found"), "deem": _of_the_tricks("deem"),
    "claim": _end_of_play, "cut": _end_of_play, "unknown": _unknown,
    "doubt": claims.doubt, "adjudicate": claims.adjudicate, "adjust": irregularities.adjusted,
}


def step(judge: Judge, table: Table, e: Event, expected: str | None) -> None:
    """What the laws make of event `e`, the table being as it left it; `expected` is who was to
    play before it (for a card played)."""
    if e.kind in PLAYED:
        play(judge, table, e, expected)
    else:
        act = STEPS.get(e.kind)
        if act is not None:
            act(judge, table, e)
    if judge.revokes:  # (no revoke on record, none to rule out)
        revokes.rule_out(judge, table, e)
    if judge.premature:
        premature.after(judge, table, e)  # L57D, L50D1: a premature card at its player's turn
    if judge.exposed:
        PLAY_LAWS[table.code.play_laws].after(judge, table, e)  # L50D2, L51: the partner to lead, several to play
