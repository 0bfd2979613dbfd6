"""A family of codes of laws (`LawFamily`): the laws its codes share, as the judge runs them and as
the table asks them.

The codes fall into families that rule the same acts by different laws: the Whist Club of New
York's Laws of Auction Bridge of 1912 (L81-L91 for the revoke: a quit establishes it, the
non-offenders elect a penalty, "having none?" suspends; L65-L82 for the rest of the play; L72 for a
claim), and the World Bridge Federation's Laws of Duplicate Bridge of 1997, 2007 and 2017 (L61-L64
for the revoke: corrected, established by a play to the next trick or a claim, tricks transferred
at the end of the play; L45-L60 and L65-L67 for the rest of the play; L68-L71 for a claim). Each
code names its family (`Code.family`), an object whose parts are that family's steps, so the
judge runs the laws of the hand's family by asking the table's code for them (as python-chess
chooses a variant's rules by its board's class), never by a name; the answers below are what the
table, the claims and the report ask of a family, each named for what it decides.

A family is a class of its parts and answers, like a code: a new family (the Laws of Rubber
Bridge) is a subclass of the family whose laws it shares, changing the steps it rules otherwise.
The families' steps are `projections.rulings`' (`laws_1912`, `laws_duplicate`); this module, below
the table, holds only their shape.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, NamedTuple

from bridge.terms import StrEnum

# A step of the judge under a family's laws: it takes the judge's state, the table and the event
# (`projections.rulings.state.Judge`, `projections.table.Table`, `projections.events.Event`), with
# the trick and the card or seat where a field's comment says so, writes only the judge's state,
# and returns what the laws decided that the table is to carry out
# (`projections.rulings.state.Decided`), or None: nothing.
Step = Callable[..., object]


def nothing(*_: object) -> None:
    """(A step the family's laws do not have.)"""


class RevokeLaws(NamedTuple):
    """The judge's steps of one family's revoke laws: what a card played does to the revokes on
    record, a revoke just found, a trick quitted, a card withdrawn, the play or the hand over, a
    question, its answer, an election."""

    played_on: Step  # (judge, table, event, trick, seat)
    found: Step | None  # (judge, table, event, trick, revoke, faced): None, nothing more than the finding
    quitted: Step  # (judge, table, event, trick)
    withdrawn: Step  # (judge, table, event)
    hand_over: Step  # (judge, table, event)
    ask: Step  # (judge, table, event)
    answer: Step  # (judge, table, event)
    elect: Step  # (judge, table, event)


class PlayLaws(NamedTuple):
    """The judge's steps of one family's laws of the play beside the revoke's: several cards played
    at once, a card to a trick its player had played to, whether a card is the proper lead over a
    lead out of turn, a card out of turn, a lead out of turn that stands, what a card does to the
    penalty cards, a card exposed, what each event does to the exposed cards, and the law that kept
    a card taken back in its trick (one played again)."""

    several: Step  # (judge, table, event, trick, seat)
    surplus: Step  # (judge, table, event, trick, play)
    proper_lead: Callable[..., bool]  # (judge, table, event, trick, play)
    out_of_turn: Step  # (judge, table, event, trick, play, expected seat)
    lead_stands: Step  # (judge, table, trick)
    penalty_cards_played: Step  # (judge, table, event, trick, play)
    exposed: Step  # (judge, table, event)
    after: Step  # (judge, table, event)
    kept_by: Callable[..., str]  # (judge, play): the law


class TrickLaws(NamedTuple):
    """The judge's steps of one family's laws of the tricks: a trick quitted (by the wrong side;
    short of a card), the card put to a trick its player missed (True: judged as any card to it) or
    to none he missed, the card left over at the end, a surplus card named, a card restored from a
    quitted trick, attention drawn, the played cards mixed; a hand dealt short, its missing card
    found; a fifth card played to a trick; the Director's deeming of a card."""

    quitted: Step  # (judge, table, event, trick)
    missed: Step  # (judge, table, event, trick)
    put_right: Callable[..., bool]  # (judge, table, event, trick, play)
    nothing_to_put_right: Step  # (judge, event, trick, play)
    leftover: Step  # (judge, table, event, trick, play)
    surplus_named: Step  # (judge, table, event)
    restore: Step  # (judge, table, event)
    attention: Step  # (judge, table, event)
    mix: Step  # (judge, table, event)
    short_hand: Step  # (judge, table, event)
    found: Step  # (judge, table, event)
    fifth: Step  # (judge, table, event, trick, play)
    deem: Step  # (judge, table, event)


class PlayAfterClaim(StrEnum):
    """What a card played after a claim makes of it: what the code makes of play after a claim
    (`Code.play_after_claim`: VOID, VOID_IF_DOUBTED, EVIDENCE, VOIDED), and what the judge reads of
    the one card where the record decides (UNDOUBTED, AFTER_THE_BOARD)."""

    VOID = "void"  # the claim lapses and the play decides (1912 L72)
    # The same where the claim was doubted before the play went on (2017 L68D2(b): play continues at
    # the non-claiming side's request, all four agreeing); else play should have been suspended
    # (L68D) and the claim stays for the Director should a player doubt it (UNDOUBTED).
    VOID_IF_DOUBTED = "void-if-doubted"
    UNDOUBTED = "undoubted"
    # Play should have ceased, and what was played is evidence for the Director's adjudication
    # (2007 L68D, L70D3).
    EVIDENCE = "evidence"
    VOIDED = "voided"  # the Director voids the play after the claim and adjudicates it (1997 L68D)
    # The cut for the next deal made with the claim standing, no one objecting: it is agreed (L69A).
    AFTER_THE_BOARD = "after-the-board"


class ClaimLaws(NamedTuple):
    """One family's steps on a claim (a doubt, an adjudication), and what a card played after it
    makes of it (`PlayAfterClaim`): the laws, and the identifier of the words after the card and
    the claim (`projections.rulings.sentences`)."""

    doubt: Step  # (judge, table, event)
    adjudicate: Step  # (judge, table, event)
    played_on: dict[PlayAfterClaim, tuple[tuple[str, ...], Any]]  # (laws, what is said: `sentences.Said`)


class LawFamily:
    """A family of codes of laws, as the judge and the table ask it. Instances are the values a
    code names (`Code.family`); they hold nothing but their class's parts and answers."""

    # -- the parts: the judge's steps under the family's laws (`projections.rulings.judge`)
    # The revoke's life (1912 L81-L91; duplicate L61-L64).
    revoke: ClassVar[RevokeLaws]
    # The play beside the revoke: leads and plays out of turn, exposed and penalty cards, several
    # and surplus cards (1912 L65-L70, L76-L82; duplicate L49-L60).
    play: ClassVar[PlayLaws]
    # The tricks: quitted, defective, inspected, mixed; the hand dealt short (1912 L38, L81-L83,
    # L87, L90, L92; duplicate L14, L45E, L65-L67, L9, L43).
    tricks: ClassVar[TrickLaws]
    # A claim, its doubt and adjudication, a card played after it (1912 L72; duplicate L68-L71).
    claims: ClassVar[ClaimLaws]

    # -- the answers
    # A claim suspends play (duplicate L68D: "After any claim or concession, play is suspended"):
    # a card played while it stands is no play of the board, and nothing of it is ruled, a fifth
    # card to a trick (L45E) no more than any other; False where a claim not accepted is played
    # out and the play decides (1912 L72).
    claim_suspends_play: ClassVar[bool] = False
    # The Director adjudicates a claim doubted, or one whose agreement is withdrawn or whose
    # concession is cancelled, and his adjudication decides the tricks not played (duplicate L69B,
    # L70, L71); False where no one has that power (1912 L72).
    director_adjudicates_claims: ClassVar[bool] = False
    # A claim standing when the board ends (the cut for the next deal) is agreed, no one having
    # objected before it (duplicate L69A), so a card played after it is no play of the board.
    claim_agreed_when_board_ends: ClassVar[bool] = False
    # Each side may appeal the Director's ruling (duplicate L92A, within the time of L92B); the
    # 1912 code has no Director and no appeal.
    rulings_appealable: ClassVar[bool] = False

    def __repr__(self) -> str:
        return f"<law family {type(self).__name__}>"


class FamilyWhenAsked:
    """A code's family (`Code.family`) imported when the code is first asked for it, by `find` (a
    function that imports the family's module): a hand of another family's code, the read command
    of a 1912 hand, does not import the duplicate family's steps (`projections.rulings.laws_duplicate`
    and the rulings only it runs), and a code registered is no import of its family."""

    def __init__(self, find: Callable[[], LawFamily]) -> None:
        self.find = find
        self.family: LawFamily | None = None

    def __get__(self, code: object, owner: type | None = None) -> LawFamily:
        if self.family is None:
            self.family = self.find()
        return self.family


__all__ = ["ClaimLaws", "FamilyWhenAsked", "LawFamily", "PlayAfterClaim", "PlayLaws", "RevokeLaws", "Step", "TrickLaws",
           "nothing"]
