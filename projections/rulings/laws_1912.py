"""The family of the Whist Club of New York's Laws of Auction Bridge, November 1912 (`Laws1912`):
the revoke's life of L81-L91 (a quit establishes, a penalty is elected, "having none?" suspends),
the rest of the play by L65-L70 and L76-L82 (a lead out of turn: declarer calls a suit or treats
the card as exposed; a card exposed, liable to be called; several and surplus cards), the tricks by
L38, L81-L83, L87, L90, L92, and a claim by L72 (a claim not accepted is played out; no one
adjudicates). The code that names it is `projections.codes.auction_1912`."""

from __future__ import annotations

from ..codes.family import ClaimLaws, LawFamily, PlayLaws, RevokeLaws, TrickLaws, nothing
from ..events import Event
from ..table import Table
from ..tricks import Play, Trick
from . import directions, irregularities, revokes
from .claims import PLAY_AFTER_CLAIM_1912, adjudicate_1912, doubt_1912
from .state import Decided, Judge


def _played_on(judge: Judge, table: Table, e: Event, t: Trick, seat: str) -> None:
    revokes.played_on(judge, table, e, t, seat)  # L83: a play to the next trick establishes
    revokes.implicit_quits(judge, table, e)


def _quitted(judge: Judge, table: Table, e: Event, t: Trick) -> None:
    revokes.quitted(judge, table, e, t, implicit=False)  # L83: the trick turned and quitted establishes


def _withdrawn(judge: Judge, table: Table, e: Event) -> Decided | None:
    directions.taken_back(judge, table, e)
    corrected = revokes.correct(judge, table, e)  # L86
    if corrected is not None:
        return corrected
    return irregularities.taken_back(judge, table, e)


def _hand_over(judge: Judge, table: Table, e: Event) -> None:
    revokes.implicit_quits(judge, table, e)
    revokes.hand_over(judge, table, e)


def _surplus(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> None:
    irregularities.surplus_card(judge, e, t, p)  # L82


def _no_proper_lead(judge: Judge, table: Table, e: Event, t: Trick, p: Play) -> bool:
    return False  # (L76-L78: the lead out of turn is not replaced by a proper lead)


class Laws1912(LawFamily):
    # L83 establishes (a play to the next trick, the trick quitted), L86 corrects, L85 the question
    # and its answer, L84 the penalty elected (L73 the direction it gives).
    revoke = RevokeLaws(_played_on, None, _quitted, _withdrawn, _hand_over,
                        revokes.ask, revokes.answer, directions.elect)
    # L70, L82 several and surplus cards; L76-L80 out of turn, L78 the lead stands; L65-L68 exposed cards.
    play = PlayLaws(irregularities.several_cards, _surplus, _no_proper_lead,
                    irregularities.rotation, irregularities.lead_stands, nothing,
                    irregularities.card_exposed, nothing, irregularities.kept_1912)
    # L83 the wrong side's quit; L81 the missed trick; L82, L70 the surplus card; L90 a quitted trick
    # looked at; L92, L93 attention; L87 the tricks mixed after a claim of revoke; L38 the short hand.
    tricks = TrickLaws(irregularities.quitted, irregularities.missed_trick, irregularities.put_right,
                       irregularities.nothing_to_put_right, irregularities.leftover_card, irregularities.surplus_named,
                       irregularities.looked_without_count, irregularities.attention, revokes.mix,
                       irregularities.short_hand, irregularities.missing_card_found,
                       _surplus, nothing)  # (a fifth card: a surplus card, L82; no Director's decision)
    # L72: a claim not accepted is played out; no one adjudicates.
    claims = ClaimLaws(doubt_1912, adjudicate_1912, PLAY_AFTER_CLAIM_1912)


LAWS_1912 = Laws1912()
