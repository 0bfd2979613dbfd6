"""The score of a board under the Laws of Duplicate Bridge (L77, the duplicate bridge scoring
table), for the rulesets `duplicate-2017`, `duplicate-2007` and `duplicate-1997`. A pure function of
a moment.

L77 reads the same in the 1997, 2007 and 2017 codes (trick values, over-tricks, the premiums for
game, part-score, slam and the insult, the under-tricks with the 1987 change that made a
non-vulnerable doubled fourth under-trick and each after it 300): one table serves the three.
The codes differ in the revoke's trick transfer (L64), which reaches the score only through the
declarer's tricks: `declarer_tricks` is the one place that counts them.

Every item says which side scores it, its column (`trick`: the trick score, odd tricks bid and
made; `premium`: everything else), its points, its law and why. There are no honors in L77.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from bridge.cards import SEAT_NAMES, Contract, contract_from_auction, other_side, side_of
from bridge.words import how_many

from .moment import Moment
from .record import corrected
from .rulings.transfer import transfers as revoke_transfers
from .rulings.transfer import tricks_transferred
from .rulings.state import RevokeStatus
from .events import as_events
from .table import Table

# L77: the value of each odd trick (no trump: 40 for the first, 30 for each after it).
TRICK_VALUE = {"C": 20, "D": 20, "H": 30, "S": 30}
NT_FIRST, NT_NEXT = 40, 30
DOUBLING = {"": 1, "X": 2, "XX": 4}
GAME_SCORE = 100  # L77: a trick score of 100 or more on one board is game
GAME = {False: 300, True: 500}  # L77: premium for game, not vulnerable / vulnerable
PART_SCORE = 50  # L77: for making any part-score
SMALL_SLAM = {False: 500, True: 750}
GRAND_SLAM = {False: 1000, True: 1500}
INSULT = {"X": 50, "XX": 100}  # L77: for making a doubled (redoubled) contract
OVER_DOUBLED = {False: 100, True: 200}  # L77: each over-trick doubled (twice that redoubled)
UNDER = {False: 50, True: 100}  # L77: each under-trick undoubled

# The vulnerability as PBN (and BBO's sv|, read into the same words) writes it: the sides vulnerable.
VULNERABLE_WORDS = {"none": frozenset(), "love": frozenset(), "-": frozenset(), "o": frozenset(),
                    "ns": frozenset({"NS"}), "n": frozenset({"NS"}), "ew": frozenset({"EW"}), "e": frozenset({"EW"}),
                    "all": frozenset({"NS", "EW"}), "both": frozenset({"NS", "EW"}), "b": frozenset({"NS", "EW"})}
# The standard rotation of duplicate boards (the one printed on every board of 16): board 1 none,
# 2 NS, 3 EW, 4 all, 5 NS, ...; board 17 is board 1 again.
ROTATION = ("None", "NS", "EW", "All", "NS", "EW", "All", "None",
            "EW", "All", "None", "NS", "All", "None", "NS", "EW")


class NotScorable(ValueError):
    """The board cannot be scored under L77; the message says why in one sentence, to the program's
    user; `filed`, the same in a committee's words (`score.CannotScore`)."""

    def __init__(self, message: str, filed: str | None = None):
        super().__init__(message)
        self.filed = filed or message


# ---------------------------------------------------------------- vulnerability


def board_facts(events: Iterable[Any]) -> dict[str, str]:
    """The facts of the board a record gives anywhere in it (its `tag Vulnerable` and `tag Board`,
    as corrected): a fact of the board, not a moment of the play, so the score at every moment reads
    them, even where the tag is recorded after that moment."""
    facts: dict[str, str] = {}
    for e in corrected(as_events(events)):
        if e.kind == "tag" and e.args["name"] in BOARD_TAGS:
            facts[e.args["name"]] = e.args["value"]
    return facts


BOARD_TAGS = ("Vulnerable", "Board")


def vulnerability(table: Table, board: Mapping[str, str] | None = None) -> tuple[frozenset[str], str]:
    """The sides vulnerable on this board and where that was read: the board's `tag Vulnerable`
    line (or an imported board's own `vulnerable`), else its board number by the standard
    rotation (said in the notes); neither: NotScorable. `board`: the record's facts of the board
    (`board_facts`), which stand for the tags at every moment."""
    tags = {**table.tags, **(board or {})}
    said = tags.get("Vulnerable") or table.source.get("vulnerable") or ""
    if said.strip():
        sides = VULNERABLE_WORDS.get(said.strip().lower())
        if sides is None:
            raise NotScorable(f"hand '{table.hand_id}': its vulnerability '{said}' is not one of None, NS, EW, "
                              f"All (Love, Both, -), so its duplicate score cannot be given")
        return sides, f"vulnerable: {_words(sides)} (the board's Vulnerable tag, '{said}')"
    board_number = tags.get("Board") or table.source.get("board") or ""
    m = re.fullmatch(r"\s*(?:board\s*)?0*([0-9]+)\s*", board_number, re.IGNORECASE)
    if m and int(m.group(1)) > 0:
        n = int(m.group(1))
        word = ROTATION[(n - 1) % 16]
        return VULNERABLE_WORDS[word.lower()], (
            f"vulnerable: {_words(VULNERABLE_WORDS[word.lower()])}, derived from board {n} by the standard "
            f"rotation (the record gives no Vulnerable tag)")
    raise NotScorable(f"hand '{table.hand_id}' records neither its vulnerability ('tag Vulnerable NS') nor a board "
                      f"number ('tag Board 7'), and the score assumes nothing, so it cannot be given",
                      "The record gives neither the board's vulnerability nor its number, and the score assumes "
                      "neither, so it cannot be given")


def _words(sides: frozenset[str]) -> str:
    return {0: "neither side", 2: "both sides"}.get(len(sides)) or next(iter(sides))


# ---------------------------------------------------------------- the declarer's tricks


def declarer_tricks(moment: Moment, won: dict[str, int], complete: bool
                    ) -> tuple[dict[str, int], bool, list[tuple[int, list[str], str]], list[str]]:
    """The one place that counts the tricks a duplicate board is scored on: those won in play and
    by the claim (`won`, `projections.score.tricks_won`; `complete`: all thirteen accounted for),
    then the tricks the revoke laws transfer after an established revoke (L64), each transfer as
    (tricks moved to the non-offending side, its laws, why); and notes on how they were counted.
    The transfer is the revoke rulings' (`projections.rulings.transfer.tricks_transferred`, the
    count the rulings JSON states), made for a hand under a duplicate code only: the analysis
    database's L77 score of a hand ruled by another code counts the tricks as played. A record that
    holds no play at all (an archive that gives only the contract and its [Result]) is scored on
    the source's result."""
    table = moment.table
    tricks = dict(won)
    notes: list[str] = []
    transfers: list[tuple[int, list[str], str]] = []
    said = table.tags.get("Result", "").strip()
    if (table.contract is not None and not table.tricks and table.claim is None and said.isascii()
            and said.isdigit() and int(said) <= 13):
        declaring = side_of(table.contract.declarer)
        tricks = {declaring: int(said), other_side(declaring): 13 - int(said)}
        notes.append(f"The record holds no play: the board is scored on the source's result, {said} tricks "
                     f"for declarer (its Result tag).")
        return tricks, True, transfers, notes
    # L64A: the transferred tricks are applied here, from the rulings on this moment: the one count
    # of them is `projections.rulings.transfer.tricks_transferred` (L64A less the L64B exceptions).
    if not table.code.transfers_tricks:
        return tricks, complete, transfers, notes  # (the analysis database's L77 score of another code's hand)
    moved = tricks_transferred(moment.judge.revokes, table)
    for r, t in revoke_transfers(moment.judge.revokes, table):
        if t.tricks:
            which = ", ".join(f"trick {w}" if isinstance(w, int) else "a trick of the claim" for w in t.which)
            why = (f"{SEAT_NAMES[r.seat]}'s established revoke on trick {r.trick}: {how_many(t.tricks, 'trick')} "
                   f"({which}) transferred to {t.to}{'' if t.final else ', so far'}")
            transfers.append((t.tricks, [t.law] if t.law else ["64"], why))
    for side in ("NS", "EW"):
        tricks[side] = max(0, tricks[side] + moved[side] - moved[other_side(side)])
    return tricks, complete, transfers, notes


# ---------------------------------------------------------------- L77


def trick_score(contract: Contract) -> int:
    """L77: the odd tricks bid, at their value, doubled or redoubled."""
    factor = DOUBLING[contract.doubling]
    if contract.strain == "NT":
        return (NT_FIRST + NT_NEXT * (contract.level - 1)) * factor
    return TRICK_VALUE[contract.strain] * contract.level * factor


def items(contract: Contract, tricks: int, vulnerable: bool) -> list[dict[str, Any]]:
    """The L77 items of a board: `tricks` is what declarer's side won; each item's side is the side
    that scores it."""
    declaring = side_of(contract.declarer)
    defending = other_side(declaring)
    needed = 6 + contract.level
    factor = DOUBLING[contract.doubling]
    how = {1: "", 2: " doubled", 4: " redoubled"}[factor]
    vul = "vulnerable" if vulnerable else "not vulnerable"
    out: list[dict[str, Any]] = []

    def add(side: str, column: str, points: int, why: str) -> None:
        if points:
            out.append({"side": side, "column": column, "points": points, "laws": ["77"], "why": why})

    if tricks >= needed:
        score = trick_score(contract)
        add(declaring, "trick", score, f"{how_many(contract.level, 'odd trick')} bid and made in "
            f"{'no trump' if contract.strain == 'NT' else contract.strain}{how}")
        over = tricks - needed
        if over:
            if factor == 1:
                each = NT_NEXT if contract.strain == "NT" else TRICK_VALUE[contract.strain]
                add(declaring, "premium", over * each, f"{how_many(over, 'over-trick')} at trick value, {each}")
            else:
                each = OVER_DOUBLED[vulnerable] * factor // 2
                add(declaring, "premium", over * each, f"{how_many(over, 'over-trick')}{how}, {vul}, at {each}")
        if score >= GAME_SCORE:
            add(declaring, "premium", GAME[vulnerable], f"game ({score} trick score), {vul}")
        else:
            add(declaring, "premium", PART_SCORE, f"part-score ({score} trick score)")
        if contract.level == 6:
            add(declaring, "premium", SMALL_SLAM[vulnerable], f"small slam bid and made, {vul}")
        elif contract.level == 7:
            add(declaring, "premium", GRAND_SLAM[vulnerable], f"grand slam bid and made, {vul}")
        if factor > 1:
            add(declaring, "premium", INSULT[contract.doubling], f"for making a{how} contract")
        return out
    short = needed - tricks
    add(defending, "premium", under_tricks(short, contract.doubling, vulnerable),
        f"{how_many(short, 'under-trick')}{how}, {vul}")
    return out


def under_tricks(short: int, doubling: str, vulnerable: bool) -> int:
    """L77: undoubled 50 each (100 vulnerable); doubled, not vulnerable, 100 for the first, 200 for
    the second and third, 300 each after; doubled vulnerable 200 for the first, 300 each after;
    redoubled, twice doubled."""
    if short <= 0:
        return 0
    if not doubling:
        return short * UNDER[vulnerable]
    if vulnerable:
        doubled = 200 + 300 * (short - 1)
    else:
        doubled = 100 + 200 * min(short - 1, 2) + 300 * max(short - 3, 0)
    return doubled * (2 if doubling == "XX" else 1)


def passed_out(table: Table) -> bool:
    """L22: all four players passed (the record's auction is four passes)."""
    return table.contract is None and len(table.calls) == 4 and all(c == "pass" for c in table.calls)


# ---------------------------------------------------------------- the board


def _sheet(contract: Contract, tricks: dict[str, int], vulnerable: frozenset[str]) -> dict[str, Any]:
    declaring = side_of(contract.declarer)
    its = items(contract, tricks[declaring], declaring in vulnerable)
    cols = {side: {"trick": 0, "honor": 0, "premium": 0} for side in ("NS", "EW")}
    for i in its:
        cols[i["side"]][i["column"]] += i["points"]
    for col in cols.values():
        col["total"] = col["trick"] + col["premium"]
    ns = cols["NS"]["total"] - cols["EW"]["total"]
    return {"tricks": dict(tricks), "NS": cols["NS"], "EW": cols["EW"], "items": its,
            "score": {"NS": ns, "EW": -ns}}


def not_yet_decided(declaring: str, have: int, needed: int, to_play: int) -> str:
    """While the play goes on and the contract is neither made nor beyond reach (both codes)."""
    return (f"No result yet: {declaring} have {have} trick{'' if have == 1 else 's'} of the {needed} needed, "
            f"with {to_play} to play.")


def _sheet_so_far(contract: Contract, tricks: dict[str, int], vulnerable: frozenset[str],
                  complete: bool) -> tuple[dict[str, Any], list[str]]:
    """The sheet, and what it means while the play is not over: the tricks still to play are
    nobody's yet, so the contract is made only once declarer's side has its tricks, and defeated
    only once it can no longer have them (by the tricks it cannot reach, at least); else the board
    has no result yet (it scored under-tricks for every trick not yet played)."""
    if complete:
        return _sheet(contract, tricks, vulnerable), []
    declaring = side_of(contract.declarer)
    needed, have = 6 + contract.level, tricks[declaring]
    to_play = max(0, 13 - tricks["NS"] - tricks["EW"])
    has = f"{have} trick{'' if have == 1 else 's'}"
    if have >= needed:
        return _sheet(contract, tricks, vulnerable), [
            f"{declaring} have made the contract so far ({has} of the {needed} needed, {to_play} to play)."]
    if have + to_play < needed:
        best = {**tricks, declaring: have + to_play}
        sheet = {**_sheet(contract, best, vulnerable), "tricks": dict(tricks)}
        return sheet, [f"The contract can no longer be made: {declaring} have {has} of the {needed} needed "
                       f"with {to_play} to play, so it goes down by {needed - have - to_play} at least "
                       f"(the score for that)."]
    cols = {side: {"trick": 0, "honor": 0, "premium": 0, "total": 0} for side in ("NS", "EW")}
    return ({"tricks": dict(tricks), "NS": cols["NS"], "EW": cols["EW"], "items": [], "score": {"NS": 0, "EW": 0}},
            [not_yet_decided(declaring, have, needed, to_play)])


def score(moment: Moment, won: dict[str, int], complete: bool,
          board: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The board's duplicate score: `won` and `complete` are the tricks won in play and by the
    claim (`projections.score.tricks_won`). The same JSON as the 1912 score where it fits, with
    `vulnerable`, `score` (the board's score for each side) and each side's `premium` and `total`."""
    table = moment.table
    contract = table.contract
    if contract is None:
        if passed_out(table):
            zero = {"trick": 0, "honor": 0, "premium": 0, "total": 0}
            sheet = {"tricks": {"NS": 0, "EW": 0}, "NS": dict(zero), "EW": dict(zero), "items": [],
                     "score": {"NS": 0, "EW": 0}}
            return {"hand": table.hand_id, "ruleset": table.ruleset, "contract": "Pass", "declarer": None,
                    "complete": True, **sheet, "penalty_tricks": 0, "transfers": [],
                    "notes": ["All four players passed: each side scores zero (L22, L77)."],
                    "as_played": {**sheet, "penalty_tricks": 0, "notes": []}, "election": None,
                    "vulnerable": None, "revokes": {"declarer's side": 0, "adversaries": 0}}
        raise NotScorable(f"hand '{table.hand_id}' has no contract yet, so it cannot be scored")
    if contract.strain == "R":
        raise NotScorable(f"hand '{table.hand_id}' is played in royal spades ({contract.bid}), a strain of the 1912 "
                          f"auction code that the Laws of Duplicate Bridge do not have: record it in S",
                          f"The contract is recorded in royal spades ({contract.bid}), a strain of the 1912 auction "
                          f"code that the Laws of Duplicate Bridge do not have, so the score cannot be given")
    vulnerable, said = vulnerability(table, board)
    tricks, complete, transfers, counted = declarer_tricks(moment, won, complete)
    declaring = side_of(contract.declarer)
    final, so_far = _sheet_so_far(contract, tricks, vulnerable, complete)
    as_played = _sheet_so_far(contract, dict(won) if table.tricks or table.claim else tricks, vulnerable, complete)[0]
    moved = sum(n for n, _, _ in transfers)
    notes = [said, *counted, *so_far]
    for n, laws, why in transfers:
        notes.append(f"{why} (L{', L'.join(laws)})")
    if not complete:
        notes.append(f"The play is not over ({sum(won.values())} of 13 tricks accounted for): this is the score "
                     f"so far.")
    revokes = [r for r in moment.judge.revokes
               if r.status == RevokeStatus.ESTABLISHED and r.proven and r.ruled_out_at is None]
    if revokes and table.code.equity_law and not table.adjustments:
        notes.append("L64C: where the tricks transferred do not make good the damage a revoke did, the Director "
                     "adjusts the score; the record does not say what would have happened, so no adjustment is "
                     "made here.")
    return adjusted(table, {"hand": table.hand_id, "ruleset": table.ruleset, "contract": contract.bid,
            "declarer": contract.declarer, "complete": complete, **final,
            "penalty_tricks": moved, "transfers": [{"tricks": n, "laws": laws, "why": why}
                                                        for n, laws, why in transfers],
            "notes": notes, "as_played": {**as_played, "penalty_tricks": 0, "notes": []}, "election": None,
            "vulnerable": {"NS": "NS" in vulnerable, "EW": "EW" in vulnerable},
            "revokes": {"declarer's side": sum(1 for r in revokes if r.side == declaring),
                        "adversaries": sum(1 for r in revokes if r.side != declaring)}})


def adjusted(table: Table, out: dict[str, Any]) -> dict[str, Any]:
    """L12C: the Director's adjusted score (the last `adjust` line) is the board's score, in place
    of the one the play and the rectifications give (the columns and `as_played` keep those);
    `adjusted` says what he gave, under which law, and why."""
    if not table.adjustments or table.code.adjusted_score_law is None:
        return out
    n, law, ns, ew, by, text = table.adjustments[-1]
    out["score"] = {"NS": ns, "EW": ew}
    out["adjusted"] = {"event": n, "law": law, "NS": ns, "EW": ew, "by": by, "text": text}
    out["notes"].append(f"The Director{' (' + by + ')' if by else ''} assigned an adjusted score at event {n} (L{law}, "
                        f"L{table.code.adjusted_score_law}): NS {ns:+d}, EW {ew:+d}, in place of the score above: "
                        f"{text}.")
    return out


# ---------------------------------------------------------------- the source's own score

_SOURCE_SCORE = re.compile(r"\s*(NS|EW)?\s*([+-]?[0-9]+)\s*$", re.IGNORECASE)


def source_score(table: Table) -> int | None:
    """The archive's own score of the board for NS, from its Score tag: `NS 420`, `EW -100`, or a
    bare number, which PBN gives from the declaring side's point of view (PBN 2.1 §3.4.x); None
    when the record keeps no score it can read."""
    said = table.tags.get("Score", "")
    m = _SOURCE_SCORE.match(said)
    if not m:
        return None
    points = int(m.group(2))
    side = (m.group(1) or "").upper()
    if not side:
        if table.contract is None:
            return points if points == 0 else None
        side = side_of(table.contract.declarer)
    return points if side == "NS" else -points


def _ns(contract: Contract, tricks: int, vulnerable: frozenset[str]) -> int:
    declaring = side_of(contract.declarer)
    total = sum(i["points"] if i["side"] == "NS" else -i["points"]
                for i in items(contract, tricks, declaring in vulnerable))
    return total


def agreement(moment: Moment, computed: dict[str, Any]) -> dict[str, Any]:
    """Whether the computed duplicate score (`score`'s value) is the source's, and if not the likeliest
    reason, the first that explains it: `other-side` (the source's number is the other side's),
    `incomplete-record` (the record's play stops and no result says how it ended),
    `different-contract` (the auction recorded makes another contract than the contract given),
    `transfer-not-in-source` (the source's score is the play's, without the tricks L64 transfers
    for a revoke the record shows established: a recording slip, or a revoke the table never
    noticed), `revoke-transfer` (a revoke was established and the source's score is that of one or
    two tricks moved, though the rulings move none or other ones), `different-result` (the source
    scores another number of tricks than the record gives: its Result tag, or a result that does
    not fit the play), `vulnerability` (the source's score is that of another vulnerability), else
    `other`. `agrees` is None when the source gives no score."""
    table = moment.table
    source = source_score(table)
    ours = computed["score"]["NS"]
    out: dict[str, Any] = {"computed_ns": ours, "source_ns": source, "agrees": None, "reason": None}
    if source is None:
        return out
    out["agrees"] = source == ours
    contract = table.contract
    if out["agrees"] or contract is None:
        if not out["agrees"]:
            out["reason"] = "other"
        return out
    declaring = side_of(contract.declarer)
    tricks = computed["tricks"][declaring]
    vulnerable = frozenset(side for side, v in (computed.get("vulnerable") or {}).items() if v)
    said = table.tags.get("Result", "").strip()
    shifted = [tricks + d for d in (-2, -1, 1, 2) if 0 <= tricks + d <= 13]
    auction = contract_from_auction(table.dealer, table.calls) if table.dealer and table.calls else None
    if source == -ours:
        out["reason"] = "other-side"
    elif not computed["complete"]:
        out["reason"] = "incomplete-record"
    elif auction is not None and auction != contract:
        out["reason"] = "different-contract"
    elif computed["transfers"] and computed["as_played"]["score"]["NS"] == source:
        out["reason"] = "transfer-not-in-source"
    elif any(r.status == RevokeStatus.ESTABLISHED for r in moment.judge.revokes) and any(
            _ns(contract, t, vulnerable) == source for t in shifted):
        out["reason"] = "revoke-transfer"
    elif said.isdigit() and int(said) != tricks and _ns(contract, int(said), vulnerable) == source:
        out["reason"] = "different-result"
    elif any(_ns(contract, tricks, v) == source for v in VULNERABLE_WORDS.values() if v != vulnerable):
        out["reason"] = "vulnerability"
    elif any(_ns(contract, t, vulnerable) == source for t in range(14) if t != tricks):
        out["reason"] = "different-result"
    else:
        out["reason"] = "other"
    return out
