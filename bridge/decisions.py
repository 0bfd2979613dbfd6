"""The words of a claim and of the Director's and the committee's decisions: a claim of tricks,
the Director's adjudication of a doubted claim (L70), his adjusted score (L12C), his finding of
fact and the committee's decision on appeal. `bridge.lines` holds each as one entry of its table."""

from __future__ import annotations

import re
from typing import Any, Callable

from bridge import cards
from bridge.cards import NotationError
from bridge.words import by, check_note, count, written_by

CLAIM = "claim SEAT N [STATEMENT] (the claimer's statement of his line of play, L68C)"
ADJUDICATE = "adjudicate N [by=NAME] LINE-OF-PLAY"
ADJUST = "adjust LAW NS+POINTS|NS-POINTS [EW+POINTS|EW-POINTS] [by=NAME] REASON"
FIND = "find by=NAME TEXT (the director's finding of fact)"
APPEAL = "appeal by=NAME TEXT (the appeal committee's decision)"


_LAW = re.compile(r"[0-9]{1,3}[A-Z0-9()]*$")
_SIDE_SCORE = re.compile(r"(NS|EW)([+-][0-9]{1,5})$")


def adjust(words: list[str], rest: str) -> dict[str, Any]:
    """`adjust LAW NS+POINTS [EW-POINTS] [by=NAME] REASON`: the Director's adjusted score of the
    board (duplicate L12C), under the law that gives it (64C, 16B, 12C1, ...): one side's score,
    the other's its opposite, or each side's (L12C1(b): they may differ)."""
    usage = ADJUST
    count(3, None, words, usage)
    law = words[0].upper().removeprefix("L")
    if not _LAW.match(law):
        raise NotationError(f"'{words[0]}' is not a law's number (64C, 12C1, 16B): {usage}")
    scores: dict[str, int] = {}
    rest_words = words[1:]
    while rest_words and _SIDE_SCORE.match(rest_words[0].upper()):
        side, points = _SIDE_SCORE.match(rest_words[0].upper()).groups()  # type: ignore[union-attr]
        if side in scores:
            raise NotationError(f"{side}'s score is given twice: {usage}")
        scores[side] = int(points)
        rest_words = rest_words[1:]
    if not scores:
        raise NotationError(f"an adjusted score gives a side's score, as NS+420 or EW-100: {usage}")
    author, tail = by(rest_words)
    if not tail:
        raise NotationError(f"an adjusted score says why the Director gave it: {usage}")
    check_note(" ".join(tail))
    ns = scores.get("NS", -scores.get("EW", 0))
    ew = scores.get("EW", -ns)
    return {"law": law, "ns": ns, "ew": ew, "author": author, "text": " ".join(tail)}


def adjust_text(a: dict[str, Any]) -> str:
    scores = [f"NS{a['ns']:+d}"] + ([f"EW{a['ew']:+d}"] if a["ew"] != -a["ns"] else [])
    return " ".join(["adjust", a["law"], *scores, *([written_by(a["author"], a["text"])] if a["author"] else []), a["text"]])


def _tricks(word: str) -> int:
    if not (word.isascii() and word.isdigit()) or not 0 <= int(word) <= 13:
        raise NotationError(f"'{word}' is not a number of tricks (0 to 13)")
    return int(word)


def claim(words: list[str], rest: str) -> dict[str, Any]:
    # claim SEAT N [STATEMENT]: who claims how many of the remaining tricks, and the line of play he
    # states with it (L68C: a claim should be accompanied at once by a clear statement of it)
    count(2, None, words, CLAIM)
    text = " ".join(words[2:])
    check_note(text)
    return {"seat": cards.seat(words[0]), "tricks": _tricks(words[1]), "text": text}


def claim_text(a: dict[str, Any]) -> str:
    return " ".join(["claim", a["seat"], str(a["tricks"]), *([a["text"]] if a.get("text") else [])])


def adjudicate(words: list[str], rest: str) -> dict[str, Any]:
    # adjudicate N [by=NAME] LINE-OF-PLAY: the tricks to the claimer's side, who decided, on what line
    count(2, None, words, ADJUDICATE)
    tricks, (author, tail) = _tricks(words[0]), by(words[1:])
    if not tail:
        raise NotationError(f"an adjudication says the line of play it rests on: {ADJUDICATE}")
    check_note(" ".join(tail))
    return {"tricks": tricks, "author": author, "text": " ".join(tail)}


def decided(usage: str, who: str) -> Callable[[list[str], str], dict[str, Any]]:
    """`find by=NAME TEXT`, `appeal by=NAME TEXT`: a decision, who made it, and what it is."""
    def parse(words: list[str], rest: str) -> dict[str, Any]:
        author, tail = by(words)
        if not author or not tail:
            raise NotationError(f"{who} names who made it and says what it is: {usage}")
        text = " ".join(tail)
        check_note(text)
        return {"author": author, "text": text}
    return parse
