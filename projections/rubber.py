"""The score sheet of a rubber (L1, L2, L11), from the scores of its hands in the order played,
with the score corrections the L12/L13 windows still allow. A pure function of the hands' moments.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .moment import Moment
from .score import GAME, CannotScore, score

RUBBER_BONUS = 250  # L11
SIDES = ("NS", "EW")


@dataclass
class Correction:
    hand: str  # the hand whose score is corrected
    side: str
    column: str
    points: int
    made_in: str  # the hand in whose record the correction was made
    order: int  # that hand's place in the rubber
    event: int


@dataclass
class Sheet:
    rows: list[dict[str, Any]] = field(default_factory=list)
    games: list[dict[str, Any]] = field(default_factory=list)
    won: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    game_of: dict[str, int] = field(default_factory=dict)
    after: list[str] = field(default_factory=list)
    unscored: list[dict[str, str]] = field(default_factory=list)


def rubber(name: str, hands: list[Moment]) -> dict[str, Any]:
    """The rubber's sheet: each hand's columns, the games, the rubber bonus and the totals."""
    scores: dict[str, dict[str, Any]] = {}
    unscored = []
    for m in hands:
        try:
            scores[m.table.hand_id] = score(m)
        except CannotScore as e:
            unscored.append({"hand": m.table.hand_id, "why": str(e)})
    corrections = [Correction(h, side, column, points, m.table.hand_id, i, event)
                   for i, m in enumerate(hands) for h, side, column, points, event in m.table.corrections]
    # The windows are judged on the games as the hands were first scored.
    first = _play_out(hands, scores, [])
    allowed, refused = [], []
    for c in corrections:
        ok, why = _window(c, hands, first)
        (allowed if ok else refused).append((c, why))
    sheet = _play_out(hands, scores, allowed)
    totals = {side: sum(r[side]["trick"] + r[side]["honor"] for r in sheet.rows) for side in SIDES}
    winner = next((side for side in SIDES if sheet.won[side] == 2), None)
    if winner:
        totals[winner] += RUBBER_BONUS  # L11: the winners add 250
    return {
        "rubber": name, "hands": sheet.rows, "games": sheet.games, "games_won": sheet.won,
        "finished": winner is not None, "winner": winner, "bonus": RUBBER_BONUS if winner else 0,
        "totals": totals, "value": abs(totals["NS"] - totals["EW"]),
        "agreed": any(m.table.agreed_at for m in hands),
        "hands_after_the_rubber": sheet.after, "unscored": unscored,
        "corrections_refused": [{**c.__dict__, "why": why} for c, why in refused],
    }


def _play_out(hands: list[Moment], scores: dict[str, dict[str, Any]],
              corrections: list[tuple[Correction, str]]) -> Sheet:
    sheet = Sheet()
    below = {"NS": 0, "EW": 0}  # trick points of the game in progress
    game = 1
    over = False
    for m in hands:
        hand_id = m.table.hand_id
        if hand_id not in scores:
            continue
        if over:
            sheet.after.append(hand_id)
            continue
        s = scores[hand_id]
        row = {"hand": hand_id, "contract": f"{s['contract']} by {s['declarer']}", "game": game,
               "NS": dict(s["NS"]), "EW": dict(s["EW"]), "items": list(s["items"]), "notes": list(s["notes"])}
        for c, why in corrections:
            if c.hand == hand_id:
                row[c.side][c.column] += c.points
                row["items"].append({"side": c.side, "column": c.column, "points": c.points,
                                     "laws": ["12" if c.column == "honor" else "13"],
                                     "why": f"corrected at event {c.event} of hand {c.made_in}: {why}"})
        sheet.rows.append(row)
        sheet.game_of[hand_id] = game
        for side in SIDES:
            below[side] += row[side]["trick"]
        winner = next((side for side in SIDES if below[side] >= GAME), None)  # L2: 30 wins a game
        if winner:
            sheet.won[winner] += 1
            sheet.games.append({"game": game, "won_by": winner, "trick_points": dict(below), "last_hand": hand_id})
            below = {"NS": 0, "EW": 0}
            game += 1
            over = sheet.won[winner] == 2  # L1: the first side to win two games wins the rubber
    return sheet


def _window(c: Correction, hands: list[Moment], sheet: Sheet) -> tuple[bool, str]:
    """L12: an honor-column error may be corrected until the rubber's score is made up and agreed.
    L13: a trick-score error, until the game in question is over (a bid made in the next game),
    or, for the last game, until the rubber's score is agreed."""
    order = {m.table.hand_id: i for i, m in enumerate(hands)}
    if c.hand not in sheet.game_of:
        return False, f"hand {c.hand} is not a scored hand of this rubber"
    agreed = [(i, m.table.agreed_at) for i, m in enumerate(hands) if m.table.agreed_at is not None]
    if any(i < c.order or (i == c.order and at < c.event) for i, at in agreed):
        return False, "the rubber's score had been made up and agreed (L12, L13)"
    if c.order < order[c.hand]:
        return False, f"the correction is recorded before hand {c.hand} was played"
    if c.column == "honor":
        return True, "an honor-column error may be corrected until the rubber's score is agreed (L12)"
    game = sheet.game_of[c.hand]
    made_in_game = sheet.game_of.get(c.made_in)
    if made_in_game == game:
        return True, "the game in question was not over (L13)"
    if made_in_game == game + 1:
        bid_at = hands[c.order].table.bid_at
        if bid_at is None or c.event < bid_at:
            return True, "no bid had yet been made in the next game (L13)"
    if game == max(sheet.game_of.values()) and c.made_in in sheet.after:
        return True, "the last game: until the rubber's score is agreed (L13)"
    return False, f"game {game} was over: a bid had been made in the next game (L13)"
