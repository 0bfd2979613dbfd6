"""The `.hand` transcript format: one event a line (interface.md).

`parse` reads a transcript into `Line` values: what kind of act each line records, its words
checked and put in canonical form. It checks notation only; the physical facts (who holds
which card) are the aggregate's to check, and the laws are the projections'.
"""

from __future__ import annotations

import re
from typing import Any

from projections.rulesets import DEFAULT_RULESET, RULESETS

from . import cards
from .cards import NotationError

HAND_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_./-]*$")

# The line kinds of interface.md, in the order of its table.
KINDS = (
    "hand", "dealer", "deal", "auction", "contract", "play", "ask", "answer", "quit",
    "withdraw", "elect", "claim-revoke", "mix", "inspect", "restore", "attention",
    "claim", "cut", "note", "honors", "void", "correct", "agree",
)

RUBBER_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_./-]*$")

# elect SEAT CHOICE [ARGS]: the named options of the laws that open an election.
CHOICES = {
    "points": "84b", "tricks": "84b",             # L84b: 150 in the honor column, or three tricks
    "exposed": "86", "highest": "86", "lowest": "86",  # L86 (also L70, L76, L80)
    "win": "80", "lose": "80",                    # L80, L92: win or lose the trick
    "lead": "76", "forbid": "66",                 # L76, L93: a suit called; L65/66: a suit forbidden
    "call": "67",                                 # L67/75: an exposed card called
    "new-deal": "81", "stand": "81",              # L81: a missed trick found too late
}


class TranscriptError(ValueError):
    """A line that cannot be read, or an act that cannot physically have happened."""

    def __init__(self, reason: str, *, file: str | None = None, lineno: int | None = None, text: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.file = file
        self.lineno = lineno
        self.text = text

    def located(self, file: str | None = None, lineno: int | None = None, text: str | None = None) -> "TranscriptError":
        return TranscriptError(
            self.reason,
            file=self.file or file,
            lineno=self.lineno or lineno,
            text=self.text if self.text is not None else text,
        )

    def __str__(self) -> str:
        where = []
        if self.file:
            where.append(self.file)
        if self.lineno:
            where.append(f"line {self.lineno}")
        head = ", ".join(where)
        text = f" '{self.text}'" if self.text else ""
        if head:
            return f"{head}{text}: {self.reason}."
        return f"{self.reason}."


class Line:
    """One event of a transcript: its kind and its words in canonical form. A plain slotted class,
    not a dataclass: an archive's import makes one per card."""

    __slots__ = ("kind", "args", "lineno", "text", "_canonical")

    def __init__(self, kind: str, args: dict[str, Any] | None = None, lineno: int = 0, text: str = "",
                 canonical: str | None = None):
        self.kind = kind
        self.args = {} if args is None else args
        self.lineno = lineno
        self.text = text  # as written (a transcript's line; an archive's, in canonical form)
        self._canonical = canonical  # when the writer knows it already

    @property
    def canonical(self) -> str:
        c = self._canonical
        if c is None:
            c = self._canonical = canonical(self.kind, self.args)
        return c

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Line) and (self.kind, self.args, self.lineno, self.text) ==
                (other.kind, other.args, other.lineno, other.text))

    __hash__ = None  # type: ignore[assignment]  # its args are a dict

    def __repr__(self) -> str:
        return f"Line(kind={self.kind!r}, args={self.args!r}, lineno={self.lineno!r}, text={self.text!r})"


def canonical(kind: str, a: dict[str, Any]) -> str:
    """The line as the recorder writes it back; two lines that mean the same have the same form."""
    if kind == "play":  # most lines of a record
        return f"play {a['seat']} " + " ".join(a["cards"])
    if kind == "hand":
        opts = "".join(f" {k}={v}" for k, v in sorted(a["options"].items()))
        rubber = f" rubber={a['rubber']}" if a.get("rubber") else ""
        return f"hand {a['hand_id']} ruleset={a['ruleset']}{rubber}{opts}"
    if kind == "dealer":
        return f"dealer {a['seat']}"
    if kind == "deal":
        return f"deal {a['deal']}"
    if kind == "auction":
        return "auction " + " ".join(a["calls"])
    if kind == "contract":
        return f"contract {a['contract']}"
    if kind == "ask":
        return f"ask {a['asker']} {a['asked']}"
    if kind == "answer":
        return f"answer {a['seat']} {a['answer']}"
    if kind == "quit":
        return f"quit {a['side']}"
    if kind in ("withdraw", "restore"):
        return f"{kind} {a['seat']} {a['card']}"
    if kind == "elect":
        return " ".join(["elect", a["seat"], a["choice"], *a["words"]])
    if kind == "claim-revoke":
        return f"claim-revoke {a['side']} {a['seat']}"
    if kind == "mix":
        return f"mix {a['seat']}"
    if kind in ("inspect", "cut"):
        return kind
    if kind == "attention":
        return f"attention {a['seat']} {a['text']}".rstrip()
    if kind == "claim":
        return f"claim {a['seat']} {a['tricks']}"
    if kind == "note":
        return f"note by={a['author']} {a['text']}" if a.get("author") else f"note {a['text']}"
    if kind == "honors":
        return f"honors {a['seat']} " + (" ".join(a["cards"]) or "none")
    if kind == "void":
        return f"void {a['seat']} {a['suit']}"
    if kind == "correct":
        return f"correct {a['hand']} {a['side']} {a['column']} {a['points']:+d}"
    if kind == "agree":
        return "agree"
    raise ValueError(kind)


def _words(n_min: int, n_max: int | None, words: list[str], usage: str) -> None:
    if len(words) < n_min or (n_max is not None and len(words) > n_max):
        raise NotationError(f"this line is written {usage}")


def parse_line(text: str, lineno: int = 0) -> Line | None:
    """One line of a transcript; None for a blank or comment-only line."""
    raw = text.split("#", 1)[0].strip()
    if not raw:
        return None
    head, _, rest = raw.partition(" ")
    kind = head.lower()
    words = rest.split()
    try:
        args = _parse_args(kind, words, rest.strip())
    except NotationError as e:
        raise TranscriptError(str(e), lineno=lineno, text=raw) from None
    return Line(kind, args, lineno, raw)


def _parse_args(kind: str, words: list[str], rest: str) -> dict[str, Any]:
    if kind == "hand":
        _words(1, None, words, "hand ID [ruleset=NAME] [OPTION=VALUE ...]")
        hand_id = words[0]
        if not HAND_ID.match(hand_id):
            raise NotationError(f"'{hand_id}' is not a hand id (letters, digits, '-', '_', '.', '/')")
        ruleset_name = DEFAULT_RULESET
        rubber = ""
        options: dict[str, str] = {}
        for w in words[1:]:
            key, eq, value = w.partition("=")
            if not eq or not value:
                raise NotationError(f"'{w}' is not an option (write OPTION=VALUE)")
            key = key.lower()
            if key == "rubber":
                if not RUBBER_NAME.match(value):
                    raise NotationError(f"'{value}' is not a rubber name (letters, digits, '-', '_', '.', '/')")
                rubber = value
            elif key == "ruleset":
                ruleset_name = value.lower()
                if ruleset_name not in RULESETS:
                    raise NotationError(f"'{value}' is not a known ruleset (known: {', '.join(RULESETS)})")
            else:
                options[key] = value.lower()
        ruleset = RULESETS[ruleset_name]
        for key, value in options.items():
            try:
                option = ruleset.option(key)
            except KeyError:
                known = ", ".join(o.name for o in ruleset.options)
                raise NotationError(f"'{key}' is not an option of {ruleset.name} (known: {known})") from None
            if value not in option.values:
                raise NotationError(f"option {key} takes one of {', '.join(option.values)}, not '{value}'")
        return {"hand_id": hand_id, "ruleset": ruleset.name, "options": options, "rubber": rubber}
    if kind == "dealer":
        _words(1, 1, words, "dealer SEAT")
        return {"seat": cards.seat(words[0])}
    if kind == "deal":
        _words(1, None, words, "deal N:HAND HAND HAND HAND")
        hands = cards.pbn_deal(rest)
        total = sum(len(h) for h in hands.values() if h is not None)
        if total > 52:
            raise NotationError(f"the deal holds {total} cards")
        first = rest.strip()[0].upper()
        return {"deal": cards.deal_text(hands, first)}
    if kind == "auction":
        _words(1, None, words, "auction CALL ... (pass, X, XX, 1C..7NT, R for royal spades)")
        return {"calls": [cards.call(w) for w in words]}
    if kind == "contract":
        return {"contract": str(cards.contract(words))}
    if kind == "play":
        _words(2, None, words, "play SEAT CARD [CARD ...]")
        played = [str(cards.card(w)) for w in words[1:]]
        if len(set(played)) != len(played):
            raise NotationError("the same card is named twice in one play")
        return {"seat": cards.seat(words[0]), "cards": played}
    if kind == "ask":
        _words(2, 2, words, "ask ASKER ASKED")
        return {"asker": cards.seat(words[0]), "asked": cards.seat(words[1])}
    if kind == "answer":
        _words(2, 2, words, "answer SEAT yes|no")
        answer = words[1].lower()
        if answer not in ("yes", "no"):
            raise NotationError(f"the answer is yes (I do hold one) or no (I have none), not '{words[1]}'")
        return {"seat": cards.seat(words[0]), "answer": answer}
    if kind == "quit":
        _words(1, 1, words, "quit NS|EW")
        return {"side": cards.side(words[0])}
    if kind in ("withdraw", "restore"):
        _words(2, 2, words, f"{kind} SEAT CARD")
        return {"seat": cards.seat(words[0]), "card": str(cards.card(words[1]))}
    if kind == "elect":
        _words(2, None, words, "elect SEAT CHOICE [SUIT|CARD|SEAT]")
        choice = words[1].lower()
        if choice not in CHOICES:
            raise NotationError(f"'{words[1]}' is not an election (one of {', '.join(CHOICES)})")
        extra = [w.upper() for w in words[2:]]
        for w in extra:
            if w in cards.SEATS or w in cards.SUITS:
                continue
            cards.card(w)
        if choice in ("lead", "forbid") and not any(w in cards.SUITS for w in extra):
            raise NotationError(f"elect {choice} names a suit, e.g. elect S {choice} H")
        if choice == "call" and not any(len(w) > 1 for w in extra):
            raise NotationError("elect call names the exposed card, e.g. elect S call HK")
        return {"seat": cards.seat(words[0]), "choice": choice, "words": extra}
    if kind == "claim-revoke":
        _words(2, 2, words, "claim-revoke SIDE SEAT")
        return {"side": cards.side(words[0]), "seat": cards.seat(words[1])}
    if kind == "mix":
        _words(1, 1, words, "mix SEAT")
        return {"seat": cards.seat(words[0])}
    if kind in ("inspect", "cut", "agree"):
        _words(0, 0, words, kind)
        return {}
    if kind == "correct":
        _words(4, 4, words, "correct HAND SIDE trick|honor POINTS (e.g. correct h3 NS honor +50)")
        if not HAND_ID.match(words[0]):
            raise NotationError(f"'{words[0]}' is not a hand id")
        column = words[2].lower()
        if column not in ("trick", "honor"):
            raise NotationError(f"the column is trick or honor, not '{words[2]}'")
        try:
            points = int(words[3])
        except ValueError:
            raise NotationError(f"'{words[3]}' is not a number of points") from None
        return {"hand": words[0], "side": cards.side(words[1]), "column": column, "points": points}
    if kind == "attention":
        _words(1, None, words, "attention SEAT TEXT")
        return {"seat": cards.seat(words[0]), "text": " ".join(words[1:])}
    if kind == "claim":
        _words(2, 2, words, "claim SEAT N")
        if not (words[1].isascii() and words[1].isdigit()) or not 0 <= int(words[1]) <= 13:
            raise NotationError(f"'{words[1]}' is not a number of tricks (0 to 13)")
        return {"seat": cards.seat(words[0]), "tricks": int(words[1])}
    if kind == "note":
        # note [by=NAME] TEXT: who wrote it, when the record says
        if words and words[0].lower().startswith("by=") and len(words[0]) > 3:
            return {"text": " ".join(words[1:]), "author": words[0][3:]}
        return {"text": " ".join(words), "author": ""}
    if kind == "honors":
        _words(2, None, words, "honors SEAT CARD ... (or: honors SEAT none)")
        held = [] if [w.lower() for w in words[1:]] == ["none"] else [str(cards.card(w)) for w in words[1:]]
        if len(set(held)) != len(held):
            raise NotationError("the same card is named twice")
        return {"seat": cards.seat(words[0]), "cards": held}
    if kind == "void":
        _words(2, 2, words, "void SEAT SUIT")
        suit = words[1].upper()
        if suit not in cards.SUITS:
            raise NotationError(f"'{words[1]}' is not a suit (S H D C)")
        return {"seat": cards.seat(words[0]), "suit": suit}
    raise NotationError(f"'{kind}' is not a kind of line (one of {', '.join(KINDS)})")


def parse(text: str, file: str | None = None) -> list[Line]:
    """Every event line of a transcript, in order. The first must open the hand."""
    lines: list[Line] = []
    for lineno, raw in enumerate(text.splitlines(), start=1):
        try:
            line = parse_line(raw, lineno)
        except TranscriptError as e:
            raise e.located(file=file) from None
        if line is None:
            continue
        if not lines and line.kind != "hand":
            raise TranscriptError("a transcript opens with the line 'hand ID'", file=file, lineno=lineno, text=line.text)
        if lines and line.kind == "hand":
            raise TranscriptError("a transcript records one hand; 'hand' may only be its first line", file=file, lineno=lineno, text=line.text)
        lines.append(line)
    if not lines:
        raise TranscriptError("the transcript has no events (it opens with the line 'hand ID')", file=file)
    return lines
