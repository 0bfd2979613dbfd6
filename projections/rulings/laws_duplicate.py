"""The family of the World Bridge Federation's Laws of Duplicate Bridge, 1997, 2007 and 2017
(`DuplicateLaws`): the revoke's life of L61-L64 (corrected, established by a play to the next trick
or a claim, tricks transferred at the end of the play; no election), the rest of the play by
L45-L60 (a lead out of turn accepted, or retracted to the correct hand; an exposed card a major or
minor penalty card, the partner's leads restricted; premature leads and plays; two cards at once),
the tricks by L14, L45E, L65-L67, L9 and L43, and a claim by L68-L71 (play suspended, a doubt
adjudicated by the Director, agreement withdrawn, a concession cancelled). Where its codes differ
within it, the code answers (`projections.codes.duplicate_2017` and the revisions below it)."""

from __future__ import annotations

from ..codes.family import ClaimLaws, LawFamily, PlayLaws, RevokeLaws, TrickLaws, nothing
from ..events import Event
from ..table import Table
from ..tricks import Play, Trick
from . import (arrangement, defective, duplicate, irregularities, leads, penalty_cards, premature,
               retraction)
from .claims import PLAY_AFTER_CLAIM_DUPLICATE, adjudicate_duplicate, doubt_duplicate
from .sentences import said
from .state import NOTHING, Decided, Judge


def _quitted(judge: Judge, table: Table, e: Event, t: Trick) -> None:
    """L63A: quitting a trick establishes nothing."""


def _withdrawn(judge: Judge, table: Table, e: Event) -> Decided | None:
    corrected = duplicate.correct(judge, table, e)  # L62, L63B
    if corrected is not None:
        return corrected
    misinformed = retraction.misinformed(judge, table, e) if e.args.get("misinformed") else None  # L47E
    if misinformed is not None:
        return misinformed
    if judge.premature and premature.lifted(judge, table, e):  # L57, L60B: the card taken up leaves the table
        return None
    not_named = retraction.not_named(judge, table, e)  # L45D
    if not_named is not None:
        return not_named
    retracted = duplicate.retracted(judge, table, e)  # L62C
    led = leads.taken_back(judge, table, e)  # L54D, L55B
    penalty = penalty_cards.taken_back(judge, table, e)  # L52A, L52B2
    quitted = irregularities.taken_from_quitted_trick(judge, table, e, defective.surplus_taken_back,
                                                      retraction.from_quitted_trick)  # L66C, L67B2, L47F2
    if not (retracted or led) and penalty is None and quitted is None:
        return retraction.not_allowed(judge, table, e)  # L47F2
    return NOTHING.then(penalty).then(quitted)


def _surplus(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> Decided | None:
    """A card to a trick its player had played to: a transcript's lead to the next trick is
    premature (L57A), forfeited by the next play (L60A); else too many cards to one trick (L67A2)."""
    decided = premature.surplus(judge, table, e, t, p) if premature.of_the_table(table) else None
    if decided is None:
        defective.too_many(judge, e, t, p)
        return None
    # A lead to the next trick (L57A), or a play to it (L60A), establishes a revoke of the player's
    # side on the trick in progress, "legal or illegal" (L63A1).
    led = any(pm.event == e.number and pm.seat == p.seat for pm in judge.premature)
    duplicate.played_to(judge, e, p.seat, t.number + 1, said("act.led-prematurely") if led else said("act.played"))
    return decided


def _out_of_turn(judge: Judge, table: Table, e: Event, t: Trick, p: Play, expected: str) -> Decided | None:
    """A lead out of turn (L53-L56; before declarer's required lead, L60B), a play out of turn
    (L57; an archive's record holds none of its acts, and keeps the play out of turn of L80)."""
    if table.contract is None:
        return None
    if t.lead is p:
        taken_up = premature.before_required_lead(judge, table, e, t, p)  # L60B
        if taken_up is None:
            leads.led_out_of_turn(judge, table, e, t, p, expected)  # L53-L56
        return taken_up
    if premature.of_the_table(table):
        return premature.played_out_of_turn(judge, table, e, t, p, expected)  # L57
    irregularities.rotation(judge, table, e, t, p, expected)  # L80
    return None


def _penalty_cards_played(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    penalty_cards.lost_the_lead(judge, t, p)  # L50D2
    penalty_cards.played(judge, table, e, t, p)  # L50D1, L50C, L52


class DuplicateLaws(LawFamily):
    # L63A1-A4 establish, L62 corrects, L64 transfers (`transfer`); no election.
    revoke = RevokeLaws(duplicate.played_on, duplicate.found, _quitted, _withdrawn,
                        duplicate.hand_over, duplicate.ask, duplicate.answer, duplicate.elect)
    # L58B2 several cards; L57, L60 premature; L53-L56 leads out of turn; L49-L52 penalty cards.
    play = PlayLaws(penalty_cards.several, _surplus, leads.followed, _out_of_turn,
                    nothing, _penalty_cards_played, penalty_cards.exposed,
                    penalty_cards.after, irregularities.kept_by_ruling)
    # L65 the arrangement of tricks; L66 their inspection; L67 the defective trick; L9, L43 attention;
    # L14 the missing card; L45E the fifth card.
    tricks = TrickLaws(arrangement.pointed, defective.missed, defective.put_right,
                       defective.nothing_to_put_right, defective.leftover,
                       defective.surplus_named, defective.restore, arrangement.attention, arrangement.mixed,
                       defective.short_hand, defective.found, defective.fifth_card, defective.deemed)
    # L68-L71: play suspended, a doubt adjudicated by the Director, agreement withdrawn, a
    # concession cancelled.
    claims = ClaimLaws(doubt_duplicate, adjudicate_duplicate, PLAY_AFTER_CLAIM_DUPLICATE)

    claim_suspends_play = True  # L68D "After any claim or concession, play is suspended"
    director_adjudicates_claims = True  # L69B, L70, L71
    claim_agreed_when_board_ends = True  # L69A
    rulings_appealable = True  # L92A


DUPLICATE_LAWS = DuplicateLaws()
