"""The rulings at event N under the `auction-1912` ruleset: revokes and the other irregularities
of the play, each with the laws and the event that decided it.

A pure fold: `Judge.step` reads the table (projections.table) after each event and moves each
revoke through its life: suspected → correctable → corrected or established (L83, L85, L86),
and `Judge.rulings` renders the interface's JSON, the penalties (L84, L89) and their bars (L61,
L63, L88) worked out from the whole state at that moment.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from recorder.cards import (
    SEAT_NAMES,
    SUIT_NAMES,
    SUITS,
    Card,
    card as parse_card,
    full_pack,
    next_seat,
    partner,
    side_of,
)

from recorder.transcript import CHOICES

from .table import Event, Play, Table, Trick, apply, as_events, beats

L86_OPTIONS = ["exposed", "highest", "lowest"]


def name(seat: str) -> str:
    return SEAT_NAMES[seat]


@dataclass
class Revoke:
    """A failure to follow suit, or a deemed revoke (L73), and where it stands."""

    seat: str
    trick: int
    card: Card
    suit: str  # the suit led, not followed
    event: int
    kind: str = "revoke"  # revoke (L83) · dummy (L63) · deemed (L73)
    via: list[str] = field(default_factory=list)  # L82 or L38 when the suit is only deemed held
    proven: bool = True  # False while the revoker's hand is not known (suspected)
    ruled_out_at: int | None = None
    status: str = "correctable"  # correctable · corrected · established
    status_event: int | None = None
    laws: list[str] = field(default_factory=list)
    explanation: str = ""
    asked_at: int | None = None  # a proper "having none?" (L85, L60a)
    suspended_by: int | None = None  # ... asked before the quit: quitting does not establish
    answered_no_at: int | None = None
    elected: str | None = None
    barred_61_at: int | None = None
    claimed_at: int | None = None
    direction: str | None = None  # the penalty direction not obeyed (L73)

    @property
    def side(self) -> str:
        return side_of(self.seat)

    @property
    def open(self) -> bool:
        return self.status == "correctable" and self.ruled_out_at is None


@dataclass
class Irregularity:
    kind: str
    seat: str | None
    event: int
    laws: list[str]
    explanation: str
    trick: int | None = None
    elector: str | None = None
    options: list[str] = field(default_factory=list)
    elected: str | None = None
    target: str | None = None  # the seat a direction would bind (L80: second hand)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind, "seat": self.seat, "event": self.event, "laws": list(self.laws),
            "explanation": self.explanation,
        }
        if self.trick is not None:
            out["trick"] = self.trick
        if self.options:
            out["penalty"] = {"elector": self.elector, "options": list(self.options), "elected": self.elected}
        return out


@dataclass
class Exposed:
    """An adversary's card liable to be called, face up until it is played (L67, L75)."""

    seat: str
    card: Card
    event: int
    law: str  # the law that exposed it: 70, 76 or 86


@dataclass
class Direction:
    """A penalty direction elected by declarer, binding one adversary (L73 lists these)."""

    seat: str
    choice: str  # highest · lowest · win · lose · lead · forbid · call
    event: int
    trick: int | None = None  # the trick it binds; None: the seat's next lead
    suit: str | None = None
    card: Card | None = None
    law: str = "73"
    done: bool = False
    played_event: int | None = None  # the card judged against it; withdrawn, the next one is judged


@dataclass
class Judge:
    """The rulings' own state, beside the table."""

    revokes: list[Revoke] = field(default_factory=list)
    irregularities: list[Irregularity] = field(default_factory=list)
    directions: list[Direction] = field(default_factory=list)
    exposed: list[Exposed] = field(default_factory=list)
    _claims_seen: int = 0  # the event of the last claim found played out

    # ------------------------------------------------------------ one event

    def step(self, table: Table, e: Event, expected: str | None) -> None:
        k = e.kind
        if k == "deal":
            self._deal(table, e)
        elif k == "play":
            self._play(table, e, expected)
        elif k == "quit":
            self._explicit_quit(table, e)
        elif k == "ask":
            self._ask(table, e)
        elif k == "answer":
            self._answer(table, e)
        elif k == "withdraw":
            self._withdraw(table, e)
        elif k == "elect":
            self._elect(table, e)
        elif k == "claim-revoke":
            self._claim_revoke(table, e)
        elif k == "mix":
            self._mix(table, e)
        elif k == "attention":
            self._attention(table, e)
        elif k == "restore":
            self._looked_without_count(table, e)
        if k in ("claim", "cut"):
            self._implicit_quits(table, e)
        if k in ("claim", "cut"):
            self._hand_over(table, e)
        self._rule_out(table, e)

    # ------------------------------------------------------------ the deal

    def _deal(self, table: Table, e: Event) -> None:
        sizes = {s: len(h) for s, h in table.dealt.items() if h is not None}
        for s, n in sizes.items():
            if n < 13:
                self.irregularities.append(Irregularity(
                    "short-hand", s, e.number, ["38"],
                    f"{name(s)} was dealt {n} cards. The deal stands; unless he is dummy he is treated as "
                    f"holding the missing card(s) and answers for any revoke that results (L38).",
                ))

    def deemed_held(self, table: Table, seat: str) -> dict[Card, str]:
        """Cards a seat answers for without holding them: a short hand's missing cards (L38) and
        surplus cards it left in a trick (L82)."""
        out: dict[Card, str] = {}
        if all(h is not None for h in table.dealt.values()):
            dealt = set().union(*table.dealt.values())
            missing = full_pack() - dealt
            short = [s for s, h in table.dealt.items() if h is not None and len(h) < 13]
            if seat in short and len(short) == 1 and seat != table.dummy:
                for c in missing:
                    out[c] = "38"
        for t in table.tricks:
            for p in t.live:
                if p.surplus and p.seat == seat:
                    out[p.card] = "82"
        return out

    # ------------------------------------------------------------ a card played

    def _play(self, table: Table, e: Event, expected: str | None) -> None:
        seat = e.args["seat"]
        new: list[tuple[Trick, Play]] = []
        for t in reversed(table.tricks):  # the cards of one event go to one trick, mostly the last
            new = [(t, p) for p in t.plays if p.event == e.number]
            if new:
                break
        if not new:
            return
        if table.claims_played_out and table.claims_played_out[-1][2] > self._claims_seen:
            self._played_after_claim(table, e)
        t, first = new[0]
        # The lead, or the order of play.
        if first.leftover:
            self.irregularities.append(Irregularity(
                "leftover-card", seat, e.number, ["81"],
                f"{name(seat)} had missed trick {t.number}; his leftover card {first.card} counts as played "
                f"to it, is not a revoke there and does not change who won it (L81, §2K.6).",
                trick=t.number,
            ))
            return
        if len(new) > 1 and not first.surplus:
            self._several_cards(table, e, t, seat)
        elif first.surplus:
            self.irregularities.append(Irregularity(
                "surplus-card", seat, e.number, ["82"],
                f"{name(seat)} played {first.card} to trick {t.number}, to which he had already played: "
                f"unless it is restored he answers for any revoke that follows (L82).",
                trick=t.number,
            ))
        self._lead_stands(t)
        if first.replaces and t.played_by(seat) is not first:
            return  # put in place of a card that still counts in law (late-correction): it does not count
        played = {p.card for _, p in new}
        self._played_again(table, e, t, played)
        self._directions_lapse(e, t, seat)
        self.exposed = [x for x in self.exposed if not (x.seat == seat and x.card in played)]
        if not first.surplus:
            if not first.replaces:
                self._rotation(table, e, t, first, expected)
            # Revokes are judged first, then what this card does to the revokes already on record.
            self._played_on(table, e, t, seat)
            self._implicit_quits(table, e)
            self._failure_to_follow(table, e, t, first)
            self._obey_directions(table, e, t, first)
        self._prove(table, e, seat, [p.card for _, p in new])

    def _rotation(self, table: Table, e: Event, t: Trick, p: Play, expected: str | None) -> None:
        if expected is None or p.seat == expected or table.contract is None:
            return
        seat = p.seat
        is_lead = t.lead is p
        if is_lead:
            if table.is_adversary(seat):
                # L76: an adversary's lead out of turn: declarer may treat the card as exposed, or
                # call a suit when an adversary next leads; L78: the trick stands if all followed.
                self.irregularities.append(Irregularity(
                    "lead-out-of-turn", seat, e.number, ["76", "78"],
                    f"{name(seat)} led {p.card} to trick {t.number} when it was {name(expected)}'s lead. "
                    f"Declarer may treat the card as exposed or call a suit from the adversary who next "
                    f"leads (L76); if all three others follow, the trick stands (L78).",
                    trick=t.number, elector=table.declarer, options=["exposed", "lead"],
                ))
            else:
                self.irregularities.append(Irregularity(
                    "lead-out-of-turn", seat, e.number, ["77"],
                    f"Declarer led {p.card} from {name(seat)}'s hand to trick {t.number} when the lead was "
                    f"in {name(expected)}'s hand: no penalty, and he may withdraw it until second hand has "
                    f"played (L77).",
                    trick=t.number,
                ))
            return
        leader = t.leader
        fourth = next_seat(leader, 3) if leader else None
        second = next_seat(leader, 1) if leader else None
        if seat == fourth and expected == second and table.is_adversary(seat):
            self.irregularities.append(Irregularity(
                "play-out-of-turn", seat, e.number, ["80"],
                f"{name(seat)}, fourth hand, played {p.card} before {name(second)}, second hand: declarer "
                f"may direct {name(second)} to play his highest or lowest of the suit led, or to win or "
                f"lose the trick (L80).",
                trick=t.number, elector=table.declarer, options=["highest", "lowest", "win", "lose"],
                target=second,
            ))
        else:
            self.irregularities.append(Irregularity(
                "play-out-of-turn", seat, e.number, ["80"],
                f"{name(seat)} played {p.card} to trick {t.number} before {name(expected)}, whose turn it "
                f"was; L80 gives a penalty only when an adversary in fourth hand plays before second hand.",
                trick=t.number,
            ))

    def _lead_stands(self, t: Trick) -> None:
        """L78: a lead out of turn to which all three others have followed stands as played."""
        if not t.complete or t.lead is None:
            return
        for irr in self.irregularities:
            if (irr.kind == "lead-out-of-turn" and irr.trick == t.number and irr.event == t.lead.event
                    and irr.options and irr.elected is None):
                irr.options = []
                irr.explanation += " All three others followed, so the trick stands as played (L78)."

    def _directions_lapse(self, e: Event, t: Trick, seat: str) -> None:
        """L80, L92: declarer may require the partner "to play" highest or lowest, or to win or lose
        the trick; once that partner has played to it, there is nothing left to require."""
        for irr in self.irregularities:
            if (irr.kind in ("play-out-of-turn", "attention-to-trick") and irr.target == seat
                    and irr.trick == t.number and irr.options and irr.elected is None):
                irr.options = []
                irr.explanation += (f" {name(seat)} played to the trick at event {e.number} before declarer "
                                    f"elected: the option lapsed (L{irr.laws[0]}).")

    def _played_again(self, table: Table, e: Event, t: Trick, played: set[Card]) -> None:
        """A card taken back that the laws keep in an earlier trick (L90; an established revoke,
        L83), played again: the record shows it in two tricks."""
        for earlier in table.tricks:
            if earlier is t or earlier.plain:  # a card kept in a trick was taken back from it
                continue
            for p in earlier.plays:
                if p.stands and p.card in played:
                    law = "90" if not p.substitute_owed else "83"
                    self.irregularities.append(Irregularity(
                        "played-again", p.seat, e.number, [law],
                        f"{name(p.seat)} played {p.card} to trick {t.number}, but the laws keep it in trick "
                        f"{earlier.number}, from which it was taken back at event {p.withdrawn_at} (L{law}): it "
                        f"counts in trick {earlier.number}; this play is recorded as the table made it.",
                        trick=t.number,
                    ))

    def _several_cards(self, table: Table, e: Event, t: Trick, seat: str) -> None:
        shown = " ".join(e.args["cards"])
        if table.is_adversary(seat):
            self.irregularities.append(Irregularity(
                "several-cards", seat, e.number, ["70"],
                f"{name(seat)} played {shown} at once to trick {t.number}: declarer picks the card that "
                f"goes to the trick; the others are exposed (L70).",
                trick=t.number,
            ))
        else:
            self.irregularities.append(Irregularity(
                "several-cards", seat, e.number, ["82"],
                f"{name(seat)} played {shown} at once to trick {t.number}: declarer's cards are never "
                f"exposed, but unless corrected the player answers for any revoke that follows (L82).",
                trick=t.number,
            ))

    def _failure_to_follow(self, table: Table, e: Event, t: Trick, p: Play) -> None:
        """L83: a revoke is a card of another suit from a player (not dummy) holding the suit led."""
        led = t.suit_led
        if t.lead is p or led is None or p.card.suit == led:
            return
        seat = p.seat
        holds = table.holds(seat, led)
        via: list[str] = []
        if holds is False:
            deemed = {law for c, law in self.deemed_held(table, seat).items() if c.suit == led}
            if deemed:
                via = sorted(deemed)
                holds = True
        if holds is False:
            return
        r = Revoke(seat, t.number, p.card, led, e.number, via=via, proven=holds is True)
        if seat == table.dummy:
            # L63: dummy's failure to follow is not an L83 revoke and carries no penalty.
            r.kind = "dummy"
            r.laws = ["63"]
            r.explanation = (
                f"Dummy ({name(seat)}) played {p.card} to trick {t.number} holding {SUIT_NAMES[led]}: no "
                f"penalty (L63); it may be corrected until the trick is turned and quitted."
            )
        else:
            r.laws = ["83", *via]
            played = f"{name(seat)} played {p.card} to trick {t.number}, {SUIT_NAMES[led]} led"
            if holds is None:
                r.explanation = (f"{played}; his hand is not known, so a revoke is suspected until a later "
                                 f"event shows whether he held {SUIT_NAMES[led]} (L83).")
            elif via:
                r.explanation = (f"{played}; he answers for {SUIT_NAMES[led]} he did not hold (L"
                                 f"{', L'.join(via)}): a revoke (L83), correctable until it is established.")
            else:
                r.explanation = (f"{played}, holding {SUIT_NAMES[led]}: a revoke (L83), correctable until it "
                                 f"is established.")
        self.revokes.append(r)

    def _played_on(self, table: Table, e: Event, t: Trick, seat: str) -> None:
        """L83: the revoker or his partner leading or playing to the following trick, in turn or
        not, establishes the revoke; L85: so does the offending side playing on after the question."""
        is_lead = t.lead is not None and t.lead.seat == seat and t.lead.event == e.number
        for r in self.revokes:
            if not r.open or r.kind == "dummy" or t.number <= r.trick:
                continue
            if seat not in (r.seat, partner(r.seat)):
                continue
            who = "himself" if seat == r.seat else f"his partner {name(seat)}"
            act = "led" if is_lead else "played"
            if r.kind == "deemed":
                self._establish(r, e.number, ["73"],
                                f"{name(r.seat)} did not obey the direction ({r.direction}) and the offending "
                                f"side {act} to trick {t.number} at event {e.number} before it was corrected (L73).")
            elif r.suspended_by is not None or r.answered_no_at is not None:
                self._establish(r, e.number, ["83", "85"],
                                f"{name(r.seat)}'s partner asked 'having none?' in time, but {who} {act} to "
                                f"trick {t.number} at event {e.number}: correction is no longer open (L85, L83).")
            else:
                self._establish(r, e.number, ["83"],
                                f"{name(r.seat)}{'' if seat == r.seat else chr(39) + 's partner'} {act} to trick "
                                f"{t.number} at event {e.number} (L83).")

    def _implicit_quits(self, table: Table, e: Event) -> None:
        for t in table.tricks:
            if t.quit_implicit and t.quitted_at == e.number:
                self._quitted(table, e, t, implicit=True)

    def _explicit_quit(self, table: Table, e: Event) -> None:
        t = next((t for t in reversed(table.tricks) if t.quitted_at == e.number), None)
        if t is None:
            return
        rightful = table.tricks and t.winner(table.trump)
        if t.complete and rightful and side_of(rightful) != t.quitted_by:
            self.irregularities.append(Irregularity(
                "wrong-side-quit", None, e.number, ["83"],
                f"Trick {t.number} was turned and quitted by {t.quitted_by}, but its rightful winners are "
                f"{side_of(rightful)} ({name(rightful)}'s {t.winning(table.trump).card}); a trick quitted by the "
                f"wrong side does not establish a revoke in it (L83).",
                trick=t.number,
            ))
        if not t.complete and t.cards:
            for s in sorted(set("NESW") - t.seats):
                if table.hands[s] == set():
                    continue  # he has no card left to play: a short hand (L38), not a missed trick
                if s == table.dummy:
                    self.irregularities.append(Irregularity(
                        "missed-trick", s, e.number, ["81"],
                        f"Trick {t.number} was quitted without a card from dummy ({name(s)}): recorded and "
                        f"flagged, with no penalty (§2K.6).",
                        trick=t.number,
                    ))
                else:
                    adversaries = "NS" if side_of(s) == "EW" else "EW"
                    self.irregularities.append(Irregularity(
                        "missed-trick", s, e.number, ["81"],
                        f"Trick {t.number} was quitted without a card from {name(s)}: if he plays to the next "
                        f"trick before putting it right, {adversaries} may demand a new deal (L81); if the deal "
                        f"stands, his leftover card counts as played to trick {t.number}.",
                        trick=t.number, elector=None, options=["new-deal", "stand"],
                    ))
        self._quitted(table, e, t, implicit=False)

    def _quitted(self, table: Table, e: Event, t: Trick, implicit: bool) -> None:
        winner = t.winner(table.trump)
        rightful = side_of(winner) if winner else None
        how = "counted as turned and quitted by its rightful winners (§2K.9)" if implicit else \
            f"turned and quitted by {t.quitted_by}"
        for r in self.revokes:
            if not r.open or r.trick != t.number:
                continue
            if r.kind == "dummy":
                # L63: once the trick is turned and quitted, by either side, it stands as played.
                self._establish(r, e.number, ["63"],
                                f"Trick {t.number} was {how} at event {e.number}: dummy's revoke stands as "
                                f"played, with no penalty (L63).")
            elif r.kind == "deemed":
                self._establish(r, e.number, ["73"],
                                f"Trick {t.number} was {how} at event {e.number} before the direction was obeyed "
                                f"(L73).")
            elif t.quitted_by != rightful:
                continue  # R-D3: quitting by the wrong side does not establish it
            elif r.suspended_by is not None:
                continue  # L85: asked before the quit, so the quit does not establish it
            else:
                self._establish(r, e.number, ["83"],
                                f"Trick {t.number} was {how} at event {e.number}"
                                f"{'' if implicit else ', its rightful winners'} (L83).")

    def _hand_over(self, table: Table, e: Event) -> None:
        """A claim ends the play and the cut for the next deal ends the hand: what was not
        corrected by then can no longer be."""
        what = "the play ended with a claim" if e.kind == "claim" else "the cards were cut for the next deal"
        for r in self.revokes:
            if r.open:
                law = {"dummy": "63", "deemed": "73"}.get(r.kind, "83")
                self._establish(r, e.number, [law],
                                f"At event {e.number} {what} with the revoke uncorrected: it stands (L{law}).")

    def _establish(self, r: Revoke, event: int, laws: list[str], why: str) -> None:
        r.status, r.status_event = "established", event
        r.laws = [*laws, *[v for v in r.via if v not in laws]] if r.kind == "revoke" else laws
        r.explanation = why

    # ------------------------------------------------------------ proof for hands not known

    def _prove(self, table: Table, e: Event, seat: str, played: list[Card]) -> None:
        for r in self.revokes:
            if r.seat == seat and not r.proven and r.ruled_out_at is None and e.number > r.event:
                if any(c.suit == r.suit for c in played):
                    r.proven = True

    def _rule_out(self, table: Table, e: Event) -> None:
        """A suspected revoke is ruled out when every card of the suit is accounted for elsewhere."""
        for r in self.revokes:
            if r.proven or r.ruled_out_at is not None:
                continue
            possible = {Card(r.suit, rank) for rank in "23456789TJQKA"}
            for s, h in table.dealt.items():
                if s != r.seat and h is not None:
                    possible -= set(h)
            for s, shown in table.shown.items():
                if s != r.seat:
                    possible -= set(shown)
            for t in table.tricks:
                for p in t.plays:
                    if p.seat == r.seat and p.event < r.event and p.withdrawn_at is None:
                        possible.discard(p.card)
            if not possible:
                r.ruled_out_at = e.number

    # ------------------------------------------------------------ "having none?"

    def _ask(self, table: Table, e: Event) -> None:
        asker, asked = e.args["asker"], e.args["asked"]
        proper = asked == partner(asker) and (
            table.contract is None
            or table.is_adversary(asker)  # L85: either adversary may ask his partner
            or (asker == table.dummy and asked == table.declarer)  # L60a: dummy may ask declarer
        )
        if not proper:
            laws = ["85", "60"] if asker == table.dummy else ["85"]
            why = (f"{name(asker)} asked {name(asked)} 'having none?': L85 gives that question to a partner "
                   f"(and L60a to dummy toward declarer) only; it does not suspend the establishment of a revoke.")
            if asker == table.dummy and table.is_adversary(asked):
                laws.append("61")
                why += " Dummy has drawn attention to the adversary's failure to follow: declarer loses its penalty (L61, Case 11)."
                for r in self.revokes:
                    if r.seat == asked and r.barred_61_at is None:
                        r.barred_61_at = e.number
            self.irregularities.append(Irregularity("question-to-opponent", asker, e.number, laws, why))
            return
        for r in self.revokes:
            if r.seat != asked or not r.open or r.kind == "dummy":
                continue
            r.asked_at = r.asked_at or e.number
            trick = table.tricks[r.trick - 1]
            if not trick.quitted and r.suspended_by is None:
                # L85: asked before the trick is turned and quitted.
                r.suspended_by = e.number
                r.laws = ["85", *r.via]
                r.explanation = (f"{name(asker)} asked 'having none?' at event {e.number}, before trick {r.trick} "
                                 f"was quitted: quitting it will not establish the revoke, which may be corrected "
                                 f"unless the answer is 'no' or the offending side plays on (L85).")

    def _answer(self, table: Table, e: Event) -> None:
        seat, answer = e.args["seat"], e.args["answer"]
        if not any(q.answered_at == e.number for q in table.questions):
            self.irregularities.append(Irregularity(
                "answer-without-question", seat, e.number, ["85"],
                f"{name(seat)} answered '{answer}' at event {e.number}, but no 'having none?' was put to him: "
                f"the answer is recorded and has no effect on a revoke (L85).",
            ))
            return
        if answer != "no":
            for r in self.revokes:
                if r.seat == seat and r.asked_at is not None and not r.proven and r.ruled_out_at is None:
                    r.proven = True  # he says he holds the suit he renounced
            return
        for r in self.revokes:
            if r.seat != seat or not r.open or r.kind == "dummy" or r.asked_at is None:
                continue
            if table.settings["wrong-no"] == "at-answer":
                # §2K.1 default: a wrong "no" establishes the revoke at the answer.
                self._establish(r, e.number, ["85"],
                                f"{name(seat)} answered 'no' to 'having none?' at event {e.number} although he "
                                f"held {SUIT_NAMES[r.suit]}: the revoke can no longer be corrected (L85, §2K.1).")
            else:
                r.answered_no_at = e.number
                r.suspended_by = r.suspended_by or e.number
                r.explanation = (f"{name(seat)} answered 'no' at event {e.number}: no correction, established at "
                                 f"the next L83 trigger (option wrong-no=next-trigger).")

    # ------------------------------------------------------------ correction (L86)

    def _withdraw(self, table: Table, e: Event) -> None:
        seat, c = e.args["seat"], e.args["card"]
        withdrawn = {p.event for t in table.tricks for p in t.plays if p.withdrawn_at == e.number}
        for d in self.directions:
            if d.played_event in withdrawn:
                d.done, d.played_event = False, None  # L73: the card put in its place is judged again
        for r in reversed(self.revokes):
            if r.seat == seat and str(r.card) == c and r.event < e.number:
                if r.open and r.answered_no_at is None:
                    r.status, r.status_event = "corrected", e.number
                    if r.kind == "dummy":
                        r.laws = ["63", "86"]
                        r.explanation = f"Dummy's {c} was withdrawn at event {e.number} and the trick put right: no penalty (L63)."
                    elif r.kind == "deemed":
                        r.laws = ["73"]
                        r.explanation = f"{name(seat)} corrected the card at event {e.number}, before the trick was quitted: no revoke penalty (L73)."
                    else:
                        r.laws = ["86"]
                        r.explanation = (f"{name(seat)} withdrew {c} at event {e.number} and must follow suit; those "
                                         f"who played after him may take back their cards, which are not exposed (L86).")
                elif r.status == "correctable":
                    self.irregularities.append(Irregularity(
                        "late-correction", seat, e.number, ["85"],
                        f"{name(seat)} took back {c} at event {e.number}, but he had answered 'no' to "
                        f"'having none?' (event {r.answered_no_at}): correction is no longer open (L85).",
                        trick=r.trick,
                    ))
                else:
                    self.irregularities.append(Irregularity(
                        "late-correction", seat, e.number, list(r.laws) or ["83"],
                        f"{name(seat)} took back {c} at event {e.number}, but the revoke was already "
                        f"{r.status} (event {r.status_event}): it cannot be corrected now; the trick stands as "
                        f"played (L{r.laws[0] if r.laws else '83'}), and the card put in its place goes back "
                        f"to his hand.",
                        trick=r.trick,
                    ))
                    if r.status == "established":
                        table.void_withdrawal(e.number)
                return
        # L70: an adversary's further cards played at once are exposed once declarer has picked one.
        for t in table.tricks:
            for p in t.plays:
                if p.withdrawn_at == e.number and p.surplus and table.is_adversary(seat):
                    self.exposed.append(Exposed(seat, p.card, e.number, "70"))
        self._taken_from_quitted_trick(table, e)

    def _looked_without_count(self, table: Table, e: Event) -> None:
        """L82, L90: a surplus card goes back to its owner from a quitted trick only after the
        tricks have been counted face down (`inspect`)."""
        if table.inspected_at is None:
            self.irregularities.append(Irregularity(
                "looked-at-quitted-trick", e.args["seat"], e.number, ["90", "82"],
                "A card was taken back from a quitted trick without the tricks first being counted "
                "face down; L90 lets a quitted trick be looked at only for the L82 count.",
            ))

    def _taken_from_quitted_trick(self, table: Table, e: Event) -> None:
        """L90: no one may look at a quitted trick during the play. A card taken back from one, when
        it corrects no revoke and follows no corrected revoke in that trick (L86), stays in it."""
        for t in table.tricks:
            for p in t.plays:
                if p.withdrawn_at != e.number or not t.quitted or (t.quitted_at or 0) > e.number:
                    continue
                if p.surplus:
                    self._looked_without_count(table, e)  # L82: the surplus card goes back to its owner
                    return
                if p.replaces:
                    continue  # a card put in place of one that stands, taken back: the record put right
                if any(r.trick == t.number and r.status == "corrected" and r.event < p.event for r in self.revokes):
                    continue  # L86: those who played after a corrected revoke may take their cards back
                table.void_withdrawal(e.number, substitute_owed=False)
                self.irregularities.append(Irregularity(
                    "taken-from-quitted-trick", p.seat, e.number, ["90"],
                    f"{name(p.seat)} took {p.card} back from trick {t.number}, which had been turned and "
                    f"quitted (event {t.quitted_at}): no one may look at a quitted trick during the play "
                    f"(L90), and no law lets this card be taken back: it stays in the trick as played, and he "
                    f"owes that trick no other card.",
                    trick=t.number,
                ))
                return

    # ------------------------------------------------------------ elections

    def _elect(self, table: Table, e: Event) -> None:
        seat, choice, words = e.args["seat"], e.args["choice"], e.args["words"]
        if choice in ("new-deal", "stand"):
            # L81: either adversary of the player who missed the trick may demand a new deal.
            missed = [i for i in self.irregularities if i.kind == "missed-trick" and i.options and i.elected is None]
            if missed and all(side_of(i.seat or seat) == side_of(seat) for i in missed):
                self.irregularities.append(Irregularity(
                    "election-not-theirs", seat, e.number, ["81"],
                    f"{name(seat)} elected '{choice}', but a new deal for a missed trick is for the adversaries "
                    f"of the player who missed it (L81); the election is not applied.",
                ))
                return
        elif table.contract is not None and seat != table.declarer:
            whose = ("dummy takes no part in the play beyond the rights L60 gives him, and electing a penalty "
                     "is not one of them" if seat == table.dummy else "the penalties of the play are declarer's "
                     "to elect (R-G9)")
            self.irregularities.append(Irregularity(
                "election-not-theirs", seat, e.number, ["60", "84", "86"] if seat == table.dummy else ["84", "86"],
                f"{name(seat)} elected '{choice}', but {whose}; the election is not applied.",
            ))
            return
        target_seat = next((w for w in words if w in "NESW" and len(w) == 1), None)
        suit = next((w for w in words if w in SUITS and len(w) == 1), None)
        if choice in ("points", "tricks"):
            for r in self.revokes:
                if (r.status == "established" and r.kind in ("revoke", "deemed") and r.elected is None
                        and table.is_adversary(r.seat) and r.proven):
                    r.elected = choice
                    r.claimed_at = r.claimed_at or e.number  # electing the penalty claims the revoke (L88)
                    return
            self._unmatched(e, choice)
            return
        # The most recent incident whose options include this choice.
        pending: list[tuple[int, Any]] = []
        if choice in L86_OPTIONS:
            for r in self.revokes:
                if r.status == "corrected" and r.kind == "revoke" and table.is_adversary(r.seat) and r.elected is None:
                    pending.append((r.status_event or 0, r))
        for irr in self.irregularities:
            if choice in irr.options and irr.elected is None:
                pending.append((irr.event, irr))
        if not pending:
            if choice == "call" and any(str(x.card) in words for x in self.exposed):
                self._direct(table, e, choice, target_seat, suit, words, trick=None, law="75")
                return
            self._unmatched(e, choice)
            return
        _, item = max(pending, key=lambda x: x[0])
        if isinstance(item, Revoke):
            item.elected = choice
            if choice == "exposed":
                self.exposed.append(Exposed(item.seat, item.card, e.number, "86"))
            else:
                # L86(b): highest or lowest of the suit led, to the trick of the revoke.
                self.directions.append(Direction(item.seat, choice, e.number, trick=item.trick, suit=item.suit, law="86"))
            return
        item.elected = choice
        if item.kind == "lead-out-of-turn" and choice == "exposed":
            # L76: the card led out of turn becomes an exposed card.
            card = next((p.card for t in table.tricks for p in t.plays if p.event == item.event), None)
            if card is not None:
                self.exposed.append(Exposed(item.seat, card, e.number, "76"))
        elif item.kind == "lead-out-of-turn" and choice == "lead":
            self._direct(table, e, "lead", target_seat, suit, words, trick=None, law="76")
        elif item.kind == "remark-about-the-play":  # L93: a suit called from the next adversary to lead
            self._direct(table, e, "lead", target_seat, suit, words, trick=None, law="93")
        elif item.kind in ("play-out-of-turn", "attention-to-trick"):  # L80, L92: the partner's card
            self._direct(table, e, choice, item.target, suit, words, trick=item.trick, law=item.laws[0])

    def _unmatched(self, e: Event, choice: str) -> None:
        self.irregularities.append(Irregularity(
            "election-without-penalty", e.args["seat"], e.number, [CHOICES[choice]],
            f"'{choice}' was elected at event {e.number}, but no penalty open at that moment offers it; "
            f"the election is recorded and not applied.",
        ))

    def _direct(self, table: Table, e: Event, choice: str, target: str | None, suit: str | None,
                words: list[str], trick: int | None, law: str = "73") -> None:
        card = None
        if choice == "call":
            card = next((parse_card(w) for w in words if len(w) > 1), None)
            target = target or next((x.seat for x in self.exposed if x.card == card), None)
        if target is None and choice not in ("lead", "forbid") and table.current is not None:
            target = table.expected()  # a lead direction binds the adversary who next leads
        if choice in ("highest", "lowest", "win", "lose") and trick is None:
            trick = len(table.tricks) if table.current is not None else len(table.tricks) + 1
        self.directions.append(Direction(target or "", choice, e.number, trick=trick, suit=suit, card=card, law=law))

    # ------------------------------------------------------------ L73: directions obeyed?

    def _obey_directions(self, table: Table, e: Event, t: Trick, p: Play) -> None:
        already = any(r.seat == p.seat and r.event == e.number for r in self.revokes)
        for d in self.directions:
            if d.done or d.event >= e.number:
                continue
            is_lead = t.lead is p
            if d.choice in ("lead", "forbid"):
                if not is_lead or not table.is_adversary(p.seat) or (d.seat and d.seat != p.seat):
                    continue
            elif d.choice == "call":
                if p.seat != d.seat:
                    continue
            elif p.seat != d.seat or d.trick != t.number:
                continue
            if not table.is_adversary(p.seat):
                continue  # L73: penalty directions bind the adversaries only
            d.done, d.played_event = True, e.number
            before = set(table.hands[p.seat] or ()) | {p.card}
            if table.hands[p.seat] is None:
                continue  # not known: compliance cannot be judged
            if already:
                continue  # the card is a revoke already: one card, one revoke (L73 makes it "a revoke")
            failure = _disobeys(d, t, p, before, table.trump)
            if failure is None:
                continue
            if d.choice == "call" and table.settings["called-card"] != "revoke":
                continue  # §2K.2 default: not playing a called exposed card is not a revoke
            r = Revoke(p.seat, t.number, p.card, t.suit_led or p.card.suit, e.number, kind="deemed",
                       laws=["73"], direction=failure)
            r.explanation = (f"{name(p.seat)} played {p.card} although directed ({failure}) and able to obey: "
                             f"a deemed revoke, unless corrected before the trick is turned and quitted (L73).")
            self.revokes.append(r)

    def _claim_revoke(self, table: Table, e: Event) -> None:
        for r in self.revokes:
            if r.seat == e.args["seat"] and r.claimed_at is None and side_of(r.seat) != e.args["side"]:
                r.claimed_at = e.number

    def _mix(self, table: Table, e: Event) -> None:
        mixer = e.args["seat"]
        for side, accused, at in table.claims_of_revoke:
            if mixer in (accused, partner(accused)) and side_of(accused) != side:
                self.irregularities.append(Irregularity(
                    "mixed-after-claim", mixer, e.number, ["87"],
                    f"{name(mixer)} mixed the tricks after {side} claimed that {name(accused)} revoked (event "
                    f"{at}): the claim is upheld without proof (L87).",
                ))
                for r in self.revokes:
                    if r.seat == accused and not r.proven and r.ruled_out_at is None:
                        r.proven = True
                        r.laws = [*r.laws, "87"]
                        r.explanation += (f" The revoke is taken as proven: {name(mixer)} mixed the tricks at "
                                          f"event {e.number} after the claim (L87).")
                return

    def _attention(self, table: Table, e: Event) -> None:
        seat = e.args["seat"]
        if seat != table.dummy:
            self._adversary_attention(table, e)
            return
        # The incidents of the adversaries not yet claimed or elected on by declarer's side.
        for r in self.revokes:
            if table.is_adversary(r.seat) and r.barred_61_at is None and r.claimed_at is None and r.elected is None:
                r.barred_61_at = e.number
        for irr in self.irregularities:
            if irr.options and irr.elected is None and irr.seat and table.is_adversary(irr.seat):
                irr.options = []
                irr.explanation += f" Dummy drew attention to it at event {e.number}: no penalty (L61)."
        self.irregularities.append(Irregularity(
            "dummy-attention", seat, e.number, ["61"],
            f"Dummy ({name(seat)}) drew attention to an incident ('{e.args['text']}'): declarer loses any "
            f"penalty it would have earned (L61, Case 11).",
        ))

    def _played_after_claim(self, table: Table, e: Event) -> None:
        """A card played after a claim: the claim was not accepted and the hand is played out."""
        claimant, tricks, at_event = table.claims_played_out[-1]
        self._claims_seen = at_event
        self.irregularities.append(Irregularity(
            "claim-played-out", claimant, e.number, ["72"],
            f"{name(e.args['seat'])} played {' '.join(e.args['cards'])} after {name(claimant)}'s claim of "
            f"{tricks} trick{'s' if tricks != 1 else ''} (event {at_event}): the hand is being played out, the "
            f"claim no longer counts and the play decides (L72). A revoke left uncorrected at the claim "
            f"stands.",
        ))

    def _adversary_attention(self, table: Table, e: Event) -> None:
        """L92: an adversary draws attention to the trick (says it is his, names his card unasked,
        draws it towards himself) before his partner has played to it; L93: any other reference."""
        seat, t = e.args["seat"], table.current
        if table.contract is None or not table.is_adversary(seat):
            return
        mate = partner(seat)
        text = e.args["text"]
        if t is None or not t.plays or t.played_by(mate) is not None:
            # L93: any other reference by an adversary to an incident of the play (save those the
            # laws allow: claiming a penalty, warning partner against leading out of turn).
            self.irregularities.append(Irregularity(
                "remark-about-the-play", seat, e.number, ["93"],
                f"{name(seat)} drew attention to an incident of the play" + (f" ('{text}')" if text else "") +
                ": unless it was a remark the laws allow (claiming a penalty, warning his partner against "
                "leading out of turn), declarer may call a suit from the adversary who next leads (L93).",
                elector=table.declarer, options=["lead"],
            ))
            return
        self.irregularities.append(Irregularity(
            "attention-to-trick", seat, e.number, ["92"],
            f"{name(seat)} drew attention to trick {t.number}" + (f" ('{text}')" if text else "") +
            f" before his partner {name(mate)} had played to it: declarer may direct {name(mate)} to play "
            f"his highest or lowest of the suit led, or to win or lose the trick (L92).",
            trick=t.number, elector=table.declarer, options=["highest", "lowest", "win", "lose"], target=mate,
        ))

    # ------------------------------------------------------------ rendering

    def rulings(self, table: Table) -> dict[str, Any]:
        return {
            "hand": table.hand_id,
            "at": table.at,
            "ruleset": table.ruleset,
            "revokes": [self._revoke_json(table, r) for r in self.revokes if r.ruled_out_at is None],
            "irregularities": [i.as_json() for i in self.irregularities],
            "exposed": [{"seat": x.seat, "card": str(x.card), "law": x.law, "event": x.event} for x in self.exposed],
        }

    def _revoke_json(self, table: Table, r: Revoke) -> dict[str, Any]:
        penalty, barred = self._penalty(table, r)
        status = r.status if r.proven else "suspected"
        return {
            "seat": r.seat,
            "side": r.side,
            "trick": r.trick,
            "suit": r.suit,
            "card": str(r.card),
            "event": r.event,
            "kind": r.kind,
            "status": status,
            "status_event": r.status_event if r.proven and r.status != "correctable" else None,
            "laws": list(r.laws),
            "explanation": r.explanation,
            "penalty": penalty if r.proven else None,
            "penalty_barred_by": barred,
        }

    def _bar(self, table: Table, r: Revoke) -> str | None:
        """The law that takes this revoke's penalty away, if any (§2I step 1)."""
        if r.kind == "dummy":
            return "63"  # L63: dummy is never penalised for a revoke
        if r.barred_61_at is not None and table.is_adversary(r.seat):
            return "61"  # L61: dummy drew attention to it
        if (table.cut_at is not None and table.settings["claim-deadline"] == "cut"
                and r.status == "established" and (r.claimed_at is None or r.claimed_at > table.cut_at)):
            return "88"  # L88: a revoke must be claimed before the cards are cut for the next deal
        return None

    def _penalty(self, table: Table, r: Revoke) -> tuple[dict[str, Any] | None, str | None]:
        declarer = table.declarer
        bar = self._bar(table, r)
        if bar:
            return None, bar
        if r.status == "corrected":
            if r.kind == "revoke" and table.is_adversary(r.seat):
                # L86: the withdrawn card exposed, or highest/lowest of the suit led: declarer's choice.
                return {"law": "86", "elector": declarer, "options": list(L86_OPTIONS), "elected": r.elected}, None
            return None, None  # L86: no penalty for declarer's own corrected revoke (nor a deemed one, L73)
        if r.status != "established" or not r.proven:
            return None, None
        # Only the revokes whose penalty stands are counted (§2I step 1: L61, L63, L88 dropped).
        counted = [x for x in self.revokes
                   if x.status == "established" and x.proven and x.ruled_out_at is None and not self._bar(table, x)]
        sides = {x.side for x in counted}
        mine = [x for x in counted if x.side == r.side]
        first = mine[0] is r
        if len(sides) == 2:
            # L89 (§2K.7): each side's first revoke cancels out; each further one gives 100 to the other.
            if first:
                return None, "89"
            return {"law": "89", "elector": None, "options": ["points"], "elected": None}, None
        if declarer is None:
            return {"law": "84", "elector": None, "options": [], "elected": None}, None
        if not first:
            # L84c: each revoke after the first by the same side: 100 in the honor column.
            return {"law": "84c", "elector": None, "options": ["points"], "elected": None}, None
        if side_of(r.seat) == side_of(declarer):
            # L84a: declarer's side revokes: the adversaries add 150; no choice to make.
            return {"law": "84a", "elector": None, "options": ["points"], "elected": None}, None
        # L84b: an adversary revokes: declarer elects 150 points or three tricks.
        return {"law": "84b", "elector": declarer, "options": ["points", "tricks"], "elected": r.elected}, None


def _disobeys(d: Direction, t: Trick, p: Play, before: set[Card], trump: str | None) -> str | None:
    """The direction not obeyed, described, or None when it was obeyed or could not be (L74, L79)."""
    led = t.suit_led
    if d.choice in ("highest", "lowest"):
        suit = d.suit or led
        of_suit = [c for c in before if c.suit == suit]
        if not of_suit:
            return None
        want = max(of_suit, key=lambda c: c.value) if d.choice == "highest" else min(of_suit, key=lambda c: c.value)
        return None if p.card == want else f"{d.choice} {SUIT_NAMES[suit]}, {want}"
    if d.choice in ("win", "lose"):
        legal = [c for c in before if c.suit == led] or list(before)
        best: Card | None = None
        for q in t.cards:
            if q is not p and q.event < p.event and (best is None or beats(q.card, best, led, trump)):
                best = q.card

        def wins(c: Card) -> bool:
            return best is None or beats(c, best, led, trump)
        can = [c for c in legal if wins(c) == (d.choice == "win")]
        if not can:
            return None
        return None if wins(p.card) == (d.choice == "win") else f"{d.choice} the trick"
    if d.choice == "lead":
        if d.suit and any(c.suit == d.suit for c in before) and p.card.suit != d.suit:
            return f"lead {SUIT_NAMES[d.suit]}"
        return None
    if d.choice == "forbid":
        if d.suit and p.card.suit == d.suit and any(c.suit != d.suit for c in before):
            return f"not lead {SUIT_NAMES[d.suit]}"
        return None
    if d.choice == "call" and d.card is not None:
        legal = d.card.suit == led or led is None or not any(c.suit == led for c in before)
        if legal and d.card in before and p.card != d.card:
            return f"play the called {d.card}"
    return None


# ---------------------------------------------------------------- the pure entry points


@dataclass
class Moment:
    """The table and the judge after some events."""

    table: Table
    judge: Judge

    def rulings(self) -> dict[str, Any]:
        return self.judge.rulings(self.table)


def moments(events: Iterable[Any]):
    """Yield (event, moment) after each event: the whole hand in one fold."""
    table = Table()
    judge = Judge()
    moment = Moment(table, judge)
    for e in as_events(events):
        expected = table.in_rotation() if e.kind == "play" else None
        apply(table, e)
        judge.step(table, e, expected)
        yield e, moment


def at(events: Iterable[Any], n: int | None = None) -> Moment:
    """The moment after events 1..n (all when n is None)."""
    moment = Moment(Table(), Judge())
    for _, moment in moments(e for e in as_events(events) if n is None or e.number <= n):
        pass
    return moment


def rulings_at(events: Iterable[Any], n: int | None = None) -> dict[str, Any]:
    return at(events, n).rulings()
