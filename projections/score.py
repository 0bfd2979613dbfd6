"""The score of a hand under the 1912 code (laws-1912.md §2H), revoke penalties applied in the
end-of-hand order of §2I. A pure function of a moment (the table and the rulings).

Each side has a trick column (toward game, L2) and an honor column (everything else). Every
item says which side, which column, how many points, the laws and why.

A hand whose ruleset is a duplicate code (`duplicate-2017`, `duplicate-2007`, `duplicate-1997`) is
scored by the duplicate scoring table instead (L77, `projections.duplicate_score`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from bridge.cards import SEAT_NAMES, SUIT_NAMES, Card, other_side, side_of
from bridge.tags import FAULT_TAG
from bridge.words import how_many

from . import duplicate_score
from .claims import awaiting_adjudication, deciding, share_out
from .moment import Moment
from .rulings.penalties import counted
from .rulings.state import Election, IrregularityKind
from .table import Table

# L4: the value of each odd trick.
TRICK_VALUE = {"S": 2, "C": 6, "D": 7, "H": 8, "R": 9, "NT": 10}
DOUBLING = {"": 1, "X": 2, "XX": 4}  # L53
GAME = 30  # L2


class CannotScore(ValueError):
    """The hand cannot be scored yet; the message says why in one sentence, to the program's user
    (what line to record); `filed`, the same in a committee's words (a filed report prints it)."""

    def __init__(self, message: str, filed: str | None = None):
        super().__init__(message)
        self.filed = filed or message


@dataclass
class Item:
    side: str
    column: str  # trick · honor
    points: int
    laws: list[str]
    why: str

    def as_json(self) -> dict[str, Any]:
        return {"side": self.side, "column": self.column, "points": self.points, "laws": self.laws, "why": self.why}


@dataclass
class Sheet:
    """One way of scoring the hand: its items and the tricks they were scored on."""

    items: list[Item] = field(default_factory=list)
    tricks: dict[str, int] = field(default_factory=dict)
    penalty_tricks: int = 0
    notes: list[str] = field(default_factory=list)

    def add(self, side: str, column: str, points: int, laws: list[str], why: str) -> None:
        if points:
            self.items.append(Item(side, column, points, laws, why))

    def columns(self) -> dict[str, dict[str, int]]:
        out = {"NS": {"trick": 0, "honor": 0}, "EW": {"trick": 0, "honor": 0}}
        for i in self.items:
            out[i.side][i.column] += i.points
        return out

    def as_json(self) -> dict[str, Any]:
        cols = self.columns()
        return {"tricks": dict(self.tricks), "penalty_tricks": self.penalty_tricks,
                "NS": cols["NS"], "EW": cols["EW"], "items": [i.as_json() for i in self.items],
                "notes": list(self.notes)}


# ---------------------------------------------------------------- tricks


def tricks_won(table: Table) -> tuple[dict[str, int], bool]:
    """Tricks won in play by each side (a claim gives the claimant's side what it claims of the
    rest), and whether all thirteen are accounted for."""
    decided = deciding(table)
    if decided is not None:
        # The claim, or the Director's adjudication of it (L69B, L70, L71), gives the tricks not yet
        # played at it.
        c, n = decided
        won = dict(c.won_before)
        for side, k in share_out(c.seat, n, max(0, 13 - sum(won.values()))).items():
            won[side] += k
        return won, True
    won = table.won()
    return won, sum(won.values()) >= 13


# ---------------------------------------------------------------- honors and chicane (L5, L6, L9)


def _holder(table: Table, c: Card) -> str | None:
    """The seat that was dealt this card, when the record says it."""
    for s, h in table.dealt.items():
        if h is not None and c in h:
            return s
    for s, said in table.honors_said.items():
        if said and c in said:
            return s
    for s, shown in table.shown.items():
        if c in shown:
            return s
    excluded = [s for s in table.dealt if (table.dealt[s] is not None and c not in table.dealt[s])
                or (table.honors_said[s] is not None and c not in table.honors_said[s])
                or c.suit in table.voids[s]]
    left = [s for s in table.dealt if s not in excluded]
    return left[0] if len(left) == 1 else None


def _side_of_holder(table: Table, c: Card) -> str | None:
    s = _holder(table, c)
    if s is not None:
        return side_of(s)
    for side, seats in (("NS", ("N", "S")), ("EW", ("E", "W"))):
        if all(table.dealt[x] is not None and c not in table.dealt[x] for x in seats):
            return other_side(side)
    return None


def honors(table: Table, sheet: Sheet) -> None:
    """L5, L6 honors and L9 chicane, scored as held whatever else happened (§2I step 6)."""
    contract = table.contract
    assert contract is not None
    trump = contract.trump
    unit = TRICK_VALUE[contract.strain]  # L10: doubling does not change honors
    if trump is None:
        cards = [Card(s, "A") for s in "SHDC"]
        what = "aces"
    else:
        cards = [Card(trump, r) for r in "AKQJT"]
        what = f"honors in {SUIT_NAMES[trump]}"
    sides = {c: _side_of_holder(table, c) for c in cards}
    if None in sides.values():
        sheet.notes.append(f"The {what} are not all known: honors are not scored. Record them with "
                           f"'honors SEAT CARD ...' lines.")
        honor_side, value, why = None, 0, ""
    else:
        honor_side, value, why = _honor_value(table, cards, sides, trump, unit, what)
        if honor_side is None and why:
            sheet.notes.append(why)
    chicane = {"NS": 0, "EW": 0}
    chicane_why: dict[str, str] = {}
    if trump is not None:
        for side, seats in (("NS", ("N", "S")), ("EW", ("E", "W"))):
            void = [s for s in seats if _void_of_trumps(table, s, trump)]
            if len(void) == 2:
                chicane[side] = 4 * unit  # L9: double chicane is worth four honors
                chicane_why[side] = f"double chicane: {SEAT_NAMES[void[0]]} and {SEAT_NAMES[void[1]]} held no trumps"
            elif void:
                chicane[side] = 2 * unit  # L9: chicane is worth simple honors
                chicane_why[side] = f"chicane: {SEAT_NAMES[void[0]]} held no trumps"
            unknown = [s for s in seats if s not in void and table.dealt[s] is None and not _shown_trump(table, s, trump)]
            if unknown:
                sheet.notes.append(f"{' and '.join(SEAT_NAMES[s] for s in unknown)}'s hand is not known: chicane "
                                   f"is scored only where a void in trumps is recorded ('void SEAT {trump}').")
    if honor_side:
        sheet.add(honor_side, "honor", value, ["6" if trump is None else "5"], why)
    # L9: chicane adds simple honors (double chicane four honors) to its side when that side
    # scores the honors, else takes that value off the other side's honors; what is left over
    # after taking it off goes to the chicane side ([INFER]).
    left = value
    for side in ("NS", "EW"):
        c = chicane[side]
        if not c:
            continue
        if honor_side is None or honor_side == side:
            sheet.add(side, "honor", c, ["9"], chicane_why[side])
            continue
        taken = min(c, left)
        left -= taken
        sheet.add(honor_side, "honor", -taken, ["9"], f"{chicane_why[side]} ({side}): taken off {honor_side}'s honors")
        sheet.add(side, "honor", c - taken, ["9"],
                  f"{chicane_why[side]}: what is left after taking it off {honor_side}'s honors")


def _void_of_trumps(table: Table, seat: str, trump: str) -> bool:
    if trump in table.voids[seat]:
        return True
    h = table.dealt[seat]
    return h is not None and not any(c.suit == trump for c in h)


def _shown_trump(table: Table, seat: str, trump: str) -> bool:
    return any(c.suit == trump for c in table.shown[seat])


def _honor_value(table: Table, cards: list[Card], sides: dict, trump: str | None, unit: int,
                 what: str) -> tuple[str | None, int, str]:
    for side in ("NS", "EW"):
        mine = [c for c in cards if sides[c] == side]
        n = len(mine)
        if trump is None:
            if n < 3:
                continue
            seats = [_holder(table, c) for c in mine]
            if n == 4 and None in seats:
                return None, 0, f"{side} held the four aces, but not known in which hands: record them with 'honors' lines."
            if n == 4 and len(set(seats)) == 1:
                return side, 100, f"four aces in one hand ({SEAT_NAMES[seats[0]]})"
            return side, 10 * n, f"{n} aces between the partners"
        if n < 3:
            continue
        if n == 3:
            return side, 2 * unit, f"simple honors: 3 {what} between the partners"
        seats = [_holder(table, c) for c in mine]
        if None in seats:
            return None, 0, (f"{side} held {n} {what}, but not known in which hands: record them with "
                             f"'honors' lines.")
        most = max(seats.count(s) for s in set(seats))
        holder = max(set(seats), key=seats.count)
        if n == 4:
            if most == 4:
                return side, 8 * unit, f"four {what} in one hand ({SEAT_NAMES[holder]})"
            return side, 4 * unit, f"four {what} between the partners"
        if most == 5:
            return side, 10 * unit, f"five {what} in one hand ({SEAT_NAMES[holder]})"
        if most == 4:
            return side, 9 * unit, f"four {what} in {SEAT_NAMES[holder]}'s hand, the fifth in his partner's"
        return side, 5 * unit, f"five {what} between the partners"
    if trump is None:
        return None, 0, "the aces were divided two and two: no honors (L6)"
    return None, 0, ""


# ---------------------------------------------------------------- the hand


def score(moment: Moment, board: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The hand's score at this moment. `board`: the facts of the board the whole record gives
    (`duplicate_score.board_facts`: its vulnerability, its number), read at every moment."""
    table = moment.table
    _scorable_now(table)
    if table.code.scores_the_board:
        # The Laws of Duplicate Bridge: the board scored by L77 (projections.duplicate_score).
        won, complete = tricks_won(table) if table.contract is not None else ({"NS": 0, "EW": 0}, False)
        try:
            return duplicate_score.score(moment, won, complete, board)
        except duplicate_score.NotScorable as e:
            raise CannotScore(str(e), e.filed) from None
    claimed = next((i for i in moment.judge.irregularities
                    if i.kind == IrregularityKind.MISSED_TRICK and i.elected == Election.NEW_DEAL), None)
    if claimed is not None:
        # L81: the adversaries of the player who missed a trick claimed a new deal: this one is void.
        raise CannotScore(f"hand '{table.hand_id}' is void: trick {claimed.trick} was missed by "
                          f"{SEAT_NAMES[claimed.seat]} and his adversaries claimed a new deal (L81)")
    contract = table.contract
    if contract is None:
        raise CannotScore(f"hand '{table.hand_id}' has no contract yet, so it cannot be scored")
    won, complete = tricks_won(table)
    declaring = side_of(contract.declarer)
    revokes = counted(moment.judge.revokes, table)  # §2I step 1
    r_decl = sum(1 for r in revokes if r.side == declaring)
    r_adv = sum(1 for r in revokes if r.side != declaring)
    to_play = 0 if complete else max(0, 13 - sum(won.values()))  # nobody's yet: not lost
    as_played = _sheet(table, won, declaring, 0, 0, None, to_play)
    final, election = _after_revokes(table, won, declaring, revokes, (r_decl, r_adv), to_play)
    if not complete:
        final.notes.append(f"The play is not over ({sum(won.values())} of 13 tricks accounted for): "
                           f"this is the score so far.")
    out = {"hand": table.hand_id, "contract": contract.bid, "declarer": contract.declarer,
           "complete": complete, **final.as_json(),
           "as_played": as_played.as_json(), "election": election,
           "revokes": {"declarer's side": r_decl, "adversaries": r_adv}}
    return out


def _scorable_now(table: Table) -> None:
    """CannotScore, saying why, for a hand that cannot be scored at all or not yet: an archive's
    play kept only up to a physical fault; a claim the Director is still to adjudicate (L70)."""
    fault = table.tags.get(FAULT_TAG)
    if fault:  # an archive's play kept up to a physical fault (formats.archive): the rest is not known
        raise CannotScore(f"hand '{table.hand_id}' is not scored: its record is faulty, its play kept only up to the "
                          f"fault, and what came after the fault is not known ({fault})")
    c = awaiting_adjudication(table)
    if c is not None:
        why = "is doubted" if c.doubts else "was played on, that play voided (L68D)"
        raise CannotScore(f"hand '{table.hand_id}' is not scored yet: {SEAT_NAMES[c.seat]}'s claim (event {c.event}) "
                          f"{why}, and the Director adjudicates it (L70); an 'adjudicate N LINE' line records "
                          f"his decision",
                          f"The hand is not scored yet: {SEAT_NAMES[c.seat]}'s claim (event {c.event}) {why}, and the "
                          f"Director adjudicates it (L70); no adjudication is recorded")


def _after_revokes(table: Table, won: dict[str, int], declaring: str, revokes: list[Any],
                   counts: tuple[int, int], to_play: int) -> tuple[Any, dict[str, Any] | None]:
    """The score sheet after the revokes' penalties (§2I), and declarer's election under L84b
    (None when there is none to make): where only the adversaries revoked, declarer elects to take
    150 points or three tricks, and both sheets are kept. `counts`: the revokes of declarer's side
    and of the adversaries."""
    r_decl, r_adv = counts
    if not (r_adv and not r_decl):
        return _sheet(table, won, declaring, r_decl, r_adv, None, to_play), None
    first = next(r for r in revokes if r.side != declaring)
    outcomes = {choice: _sheet(table, won, declaring, r_decl, r_adv, choice, to_play)
                for choice in (Election.POINTS, Election.TRICKS)}
    elected = first.elected
    election = {"law": "84b", "elector": table.contract.declarer, "elected": elected,
                "options": {k: v.as_json() for k, v in outcomes.items()}}
    # Until the election is made, the score shown is the first option's ("points").
    final = outcomes[elected or Election.POINTS]
    if elected is None:
        final.notes.append("Declarer has not yet elected under L84b: this is the score if he takes the "
                           "150 points; 'election' shows both options.")
    return final, election


def _sheet(table: Table, won: dict[str, int], declaring: str, r_decl: int, r_adv: int,
           choice: Election | None, to_play: int = 0) -> Sheet:
    """The score sheet; `to_play`: the tricks not yet played, which are nobody's: an under-trick is
    counted only once declarer's side can no longer take it."""
    contract = table.contract
    assert contract is not None
    defending = other_side(declaring)
    sheet = Sheet()
    value = TRICK_VALUE[contract.strain]
    factor = DOUBLING[contract.doubling]
    needed = 6 + contract.level
    tricks = dict(won)
    # §2I: the revoke penalty is settled first: three tricks change whether the contract is made.
    if r_adv and not r_decl and choice == Election.TRICKS:
        _penalty_tricks(sheet, tricks, declaring, defending)
    sheet.tricks = tricks
    honors(table, sheet)
    if r_decl and r_adv:
        _both_sides_revoked(sheet, declaring, defending, r_decl, r_adv)
    elif r_decl:
        _declarers_side_revoked(table, sheet, tricks, won, declaring, r_decl, needed, factor, to_play)
    elif r_adv:
        _adversaries_revoked(sheet, tricks, won, declaring, r_adv, choice, needed, value, factor)
    else:
        # No revoke: the hand as the cards fell.
        if tricks[declaring] >= needed:
            _made(sheet, tricks, won, declaring, needed, value, factor, penalty=0)
        else:
            _under_tricks(table, sheet, tricks, declaring, needed, factor, to_play)
        _slam(sheet, won, declaring)
        _slam(sheet, won, defending)
    return sheet


def _penalty_tricks(sheet: Sheet, tricks: dict[str, int], declaring: str, defending: str) -> None:
    """Declarer elected three tricks for an adversary's revoke (L84b): moved from their side to his."""
    moved = min(3, tricks[defending])  # §2K.3: all they hold, when fewer than three
    tricks[declaring] += moved
    tricks[defending] -= moved
    sheet.penalty_tricks = moved
    if moved < 3:
        sheet.notes.append(f"Declarer elected three tricks but {defending} held only {moved}: he takes "
                           f"all they hold (§2K.3).")


def _both_sides_revoked(sheet: Sheet, declaring: str, defending: str, r_decl: int, r_adv: int) -> None:
    """The items when each side has revoked."""
    # L89: both sides revoked: honors and chicane only; each further revoke gives 100.
    sheet.add(declaring, "honor", 100 * (r_adv - 1), ["89"],
              f"{how_many(r_adv - 1, 'revoke')} by the adversaries beyond their first (L89)")
    sheet.add(defending, "honor", 100 * (r_decl - 1), ["89"],
              f"{how_many(r_decl - 1, 'revoke')} by declarer's side beyond its first (L89)")
    sheet.notes.append("Both sides revoked: neither scores anything but honors and chicane (L89).")


def _declarers_side_revoked(table: Table, sheet: Sheet, tricks: dict[str, int], won: dict[str, int],
                            declaring: str, r_decl: int, needed: int, factor: int, to_play: int) -> None:
    """The items when declarer's side alone has revoked."""
    defending = other_side(declaring)
    # L84a: the adversaries add 150, and 100 for each further revoke (L84c); declarer's side
    # scores only honors and chicane, even if the contract was made.
    sheet.add(defending, "honor", 150, ["84a"], "declarer's side revoked (L84a)")
    sheet.add(defending, "honor", 100 * (r_decl - 1), ["84c"],
              f"{r_decl - 1} further {'revoke' if r_decl == 2 else 'revokes'} by declarer's side (L84c)")
    if tricks[declaring] < needed:
        _under_tricks(table, sheet, tricks, declaring, needed, factor, to_play)
    if table.settings["one-spade-cap"] == "all" and _one_spade_cap_applies(table):
        # Option one-spade-cap=all (§2K.4): the L48 limit of 100 covers the revoke penalty too.
        lost = sum(i.points for i in sheet.items if i.side == defending and set(i.laws) & {"84a", "84c", "47"})
        if lost > 100:
            sheet.add(defending, "honor", 100 - lost, ["48"],
                      "the dealer's one spade loses at most 100 in all (option one-spade-cap=all)")
    _slam(sheet, won, defending)


def _adversaries_revoked(sheet: Sheet, tricks: dict[str, int], won: dict[str, int], declaring: str, r_adv: int,
                         choice: Election | None, needed: int, value: int, factor: int) -> None:
    """The items when the adversaries alone have revoked; `choice`: declarer's election (L84b)."""
    if choice == Election.POINTS:
        sheet.add(declaring, "honor", 150, ["84b"], "an adversary revoked; declarer took 150 (L84b)")
    sheet.add(declaring, "honor", 100 * (r_adv - 1), ["84c"],
              f"{r_adv - 1} further {'revoke' if r_adv == 2 else 'revokes'} by the adversaries (L84c)")
    if tricks[declaring] >= needed:
        _made(sheet, tricks, won, declaring, needed, value, factor,
              penalty=sheet.penalty_tricks)
    # Failed: nobody scores the tricks; the revoking adversaries get no under-tricks (Case 12).
    _slam(sheet, won, declaring)


def _made(sheet: Sheet, tricks: dict[str, int], won: dict[str, int], declaring: str, needed: int,
          value: int, factor: int, penalty: int) -> None:
    odd = tricks[declaring] - 6
    laws = ["4", "47"] + (["53"] if factor > 1 else []) + (["84b"] if penalty else [])
    how = {1: "", 2: ", doubled", 4: ", redoubled"}[factor]
    extra = f", {penalty} of them penalty tricks" if penalty else ""
    sheet.add(declaring, "trick", odd * value * factor, laws, f"{how_many(odd, 'odd trick')} at {value}{how}{extra}")
    if factor > 1:
        # L56, §2K.8: the bonus is earned only on the tricks won in play.
        if won[declaring] >= needed:
            over = won[declaring] - needed
            bonus = (50 + 50 * over) * (factor // 2)
            sheet.add(declaring, "honor", bonus, ["56"],
                      f"{'redoubled' if factor == 4 else 'doubled'} contract made: 50 and 50 for each of "
                      f"{how_many(over, 'over-trick')} won in play{', doubled' if factor == 4 else ''}")
        else:
            sheet.notes.append("The contract was made only with penalty tricks: no L56 bonus (§2K.8).")


def _under_tricks(table: Table, sheet: Sheet, tricks: dict[str, int], declaring: str, needed: int,
                  factor: int, to_play: int = 0) -> None:
    contract = table.contract
    assert contract is not None
    short = needed - tricks[declaring] - to_play  # (while the play goes on: those it can no longer take)
    if short <= 0:
        sheet.notes.append(duplicate_score.not_yet_decided(declaring, tricks[declaring], needed, to_play))
        return
    points = short * 50 * factor  # L47: 50 each, 100 doubled, 200 redoubled
    laws = ["47"]
    why = f"{how_many(short, 'under-trick')} at {50 * factor}"
    if _one_spade_cap_applies(table) and points > 100:
        points = 100  # L48: the dealer's opening one spade loses at most 100, unless redoubled
        laws.append("48")
        why += ", limited to 100 (the dealer's one spade, L48)"
    sheet.add(other_side(declaring), "honor", points, laws, why)


def _one_spade_cap_applies(table: Table) -> bool:
    """L48: the dealer's opening bid of one spade, left in (doubled or not, not redoubled)."""
    c = table.contract
    if c is None or c.level != 1 or c.strain != "S" or c.doubling == "XX" or table.dealer is None:
        return False
    if c.declarer != table.dealer:
        return False
    if table.calls:
        bids = [x for x in table.calls if x not in ("pass", "X", "XX")]
        return table.calls[0] == "1S" and bids == ["1S"]
    return True


def _slam(sheet: Sheet, won: dict[str, int], side: str) -> None:
    """L7, L8: slam (all 13 tricks, 40) and little slam (12, 20), on tricks won in play only."""
    if won[side] == 13:
        sheet.add(side, "honor", 40, ["8"], "slam: all thirteen tricks won in play")
    elif won[side] == 12:
        sheet.add(side, "honor", 20, ["7"], "little slam: twelve tricks won in play")
