"""The line kinds of the record: one entry a kind, declared once (`Kind`), in the order of
docs/transcripts.md's table, which is written from it (`handrec.kinds_doc`).

Each `Kind` says how its line is written, read and written back, the stored event it becomes and
that event's fields, whether it checks or moves the cards, whether the laws rule on it, and what
it records in words. The write side makes a kind's event class from its declaration
(`recorder.domainmodel`, as eventsourcing's `@event` makes one from a method) and checks and moves
the cards through `bridge.pack`'s one table of the kinds that declare a check or a move; the read
side folds it through the table's fold of the same kind's name (`projections.table.FOLD`), the
judge's step when the laws rule on it, and takes the kinds it reads apart from these declarations
(the scan's kinds of a hand played in order). tests/test_kinds_whole.py checks
every kind has all of its pieces, and that a kind declared there and folded records, folds and
shows with nothing else written.

A transcript, an archive's board and the review room all make `Line`s through this table.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import get_close_matches
from typing import Any, Callable

from bridge import cards
from bridge.cards import NotationError
from bridge.hand_ids import CHARACTERS as ID_CHARACTERS, HAND_ID, RUBBER_NAME, check_hand_id
from bridge.messages import TranscriptError, excerpt
from bridge.rulesets import DEFAULT_RULESET, RULESETS
from bridge.tags import OCCASION_TAGS, RECORD_TAGS, TAG_NAMES, TAG_OF_WORD
from bridge.words import NOTE_MAX, TYPED, NameMayGoOn, by as _by, check_note, count as _count, written_by
from bridge import decisions
from bridge.terms import Election

# elect SEAT CHOICE [ARGS]: the named options of the laws that open an election (`bridge.terms.Election`),
# each with the law a line of it cites.
CHOICES: dict[Election, str] = {
    Election.POINTS: "84b", Election.TRICKS: "84b",  # L84b: 150 in the honor column, or three tricks
    Election.EXPOSED: "86", Election.HIGHEST: "86", Election.LOWEST: "86",  # L86 (also L70, L76, L80)
    Election.WIN: "80", Election.LOSE: "80",  # L80, L92: win or lose the trick
    Election.LEAD: "76", Election.FORBID: "66",  # L76, L93: a suit called; L65/66: a suit forbidden
    Election.CALL: "67",  # L67/75: an exposed card called
    Election.NEW_DEAL: "81", Election.STAND: "81",  # L81: a missed trick found too late
    Election.ACCEPT: "53", Election.RETRACT: "53",  # duplicate L53-L56: a lead out of turn accepted or not
    Election.SPREAD: "54",  # duplicate L54A: declarer spreads his hand, becomes dummy
    Election.NONE: "50", Election.SUBSTITUTE: "52",  # duplicate L50D2: no lead restriction; L52B2: the penalty card
}


class Line:
    """One event of a record: its kind and its words in canonical form. A plain slotted class,
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


@dataclass(frozen=True)
class Kind:
    """One kind of line, declared once: everything that is data about it. How it is written
    (`usage`), read into arguments (`parse`: notation only, no physical fact and no law) and written
    back (`canonical`); its stored event (`event`, the class `recorder.domainmodel:Hand.<event>`, a
    stored name that never changes) and that event's fields beside its line, in the order they are
    stored (`fields`); whether a line of it is checked against the physical facts before it is
    recorded (`checks`) and whether it changes the pack (`moves`: a card moved, or a fact of the
    cards recorded there, the contract, honors held, a void shown; `bridge.pack` holds how, for
    these kinds only); whether the laws rule on it (`ruled`: the judge's step registered for it,
    `projections.rulings.judge.rules`); and its words, what a line of it records (`meaning`, the usage's
    words in capitals standing for what the line names) and what more a reader of
    docs/transcripts.md is told of it (`notes`)."""

    name: str
    event: str  # the stored event class: recorder.domainmodel:Hand.<event>
    usage: str
    parse: Callable[[list[str], str], dict[str, Any]]  # (words after the keyword, the rest as written)
    canonical: Callable[[dict[str, Any]], str]
    fields: tuple[str, ...]
    meaning: str
    notes: str = ""
    checks: bool = False
    moves: bool = False
    ruled: bool = False

    @property
    def form(self) -> str:
        """The line's form as the kinds table shows it: its usage, an example or a list of the
        words it takes (in parentheses after it) left to the notes."""
        return self.usage.split(" (", 1)[0]

    def said(self, args: dict[str, Any]) -> str:
        """What a line of this kind with these words records, in words: its `meaning`, each word in
        capitals that names one of its fields (SEAT: `seat`) standing for what the line says of it."""
        return _NAMED.sub(lambda m: str(args[m[0].lower()]) if m[0].lower() in self.fields and m[0].lower() in args
                          else m[0], self.meaning)


_NAMED = re.compile(r"\b[A-Z][A-Z_]*\b")  # a word of a kind's meaning standing for one of its fields


# ---------------------------------------------------------------- each kind's words


def _hand(words: list[str], rest: str) -> dict[str, Any]:
    _count(1, None, words, KINDS["hand"].usage)
    hand_id = words[0]
    check_hand_id(hand_id)
    ruleset_name = DEFAULT_RULESET
    named = False  # (a second account without ruleset= takes its first account's)
    rubber = ""
    branch: tuple[str, int] | None = None
    options: dict[str, str] = {}
    for w in words[1:]:
        key, eq, value = w.partition("=")
        if not eq or not value:
            raise NotationError(f"'{w}' is not an option (write OPTION=VALUE)")
        key = key.lower()
        if key == "branch":
            branch = _branch(value)
        elif key == "rubber":
            if not RUBBER_NAME.match(value):
                raise NotationError(f"'{value}' is not a rubber name ({ID_CHARACTERS})")
            rubber = value
        elif key == "ruleset":
            ruleset_name, named = value.lower(), True
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
    if branch is None:
        return {"hand_id": hand_id, "ruleset": ruleset.name, "options": options, "rubber": rubber}
    if rubber:
        raise NotationError("a second account (branch=) is one hand of its rubber already: it takes no rubber=")
    if branch[0] == hand_id:
        raise NotationError(f"hand '{hand_id}' cannot be a second account of itself")
    # A second account of a hand (recorder.accounts): the ruleset is its first account's, which
    # the recorder fills in when none is named ("" here).
    return {"hand_id": hand_id, "ruleset": ruleset.name if named else "", "options": options, "rubber": "",
            "trunk": branch[0], "trunk_at": branch[1]}


def _branch(value: str) -> tuple[str, int]:
    """branch=ID@N: a second account of hand ID, sharing its events 1 to N."""
    trunk, at, number = value.rpartition("@")
    if not at or not trunk:
        raise NotationError(f"'branch={value}' names the first account and the last event shared: branch=ID@N")
    check_hand_id(trunk)
    if not number.isdigit() or int(number) < 1:
        raise NotationError(f"'{number}' is not an event number (branch=ID@N, N from 1)")
    return trunk, int(number)


def _hand_text(a: dict[str, Any]) -> str:
    opts = "".join(f" {k}={v}" for k, v in sorted(a["options"].items()))
    rubber = f" rubber={a['rubber']}" if a.get("rubber") else ""
    branch = f" branch={a['trunk']}@{a['trunk_at']}" if a.get("trunk") else ""
    return f"hand {a['hand_id']}{branch} ruleset={a['ruleset']}{rubber}{opts}"


def _shared(words: list[str], rest: str) -> dict[str, Any]:
    _count(2, 2, words, KINDS["shared"].usage)
    check_hand_id(words[0])
    return {"account": words[0], "event": _event_number(words[1], "shared")}


def _deal(words: list[str], rest: str) -> dict[str, Any]:
    _count(1, None, words, KINDS["deal"].usage)
    hands = cards.read_deal(rest)
    total = sum(len(h) for h in hands.values() if h is not None)
    if total > 52:
        raise NotationError(f"the deal holds {total} cards")
    return {"deal": cards.write_deal(hands, rest.strip()[0].upper())}


# An auction's words: a call (`2D`, `2D!` alerted), or an explanation in double quotes, glued to its
# call or standing after it (`2D!"transfer to hearts"`, `2D! "transfer to hearts"`); a double quote
# within an explanation is written twice (`"said ""weak"""`).
_AUCTION_WORD = re.compile(r'"((?:[^"]|"")*)"|([^\s"]+)|(")')


def _auction(words: list[str], rest: str) -> dict[str, Any]:
    """`auction CALL ...`: the calls in order from the dealer's; a call alerted is written `CALL!`,
    and what was said to explain it in double quotes after it. `alerts` holds one entry for each
    call alerted or explained, by its number in the auction (1: the dealer's first call), with the
    explanation ("" when none is recorded)."""
    _count(1, None, words, KINDS["auction"].usage)
    calls: list[str] = []
    alerts: list[dict[str, Any]] = []
    for said, word, unclosed in _AUCTION_WORD.findall(rest):
        if unclosed:
            raise NotationError("an explanation opens a double quote and does not close it: write it as "
                                '2D! "transfer to hearts"')
        if not word:  # an explanation: of the call before it
            if not calls:
                raise NotationError(f'the explanation "{said}" comes before any call: write it after the call it '
                                    'explains, as 2D! "transfer to hearts"')
            if alerts and alerts[-1]["call"] == len(calls) and alerts[-1]["text"]:
                raise NotationError(f"{calls[-1]} (call {len(calls)}) has two explanations: write what was said "
                                    "as one, in one pair of double quotes")
            text = " ".join(said.replace('""', '"').split())
            check_note(text)
            if alerts and alerts[-1]["call"] == len(calls):
                alerts[-1]["text"] = text
            else:
                alerts.append({"call": len(calls), "text": text})
            continue
        alerted = word.endswith("!")
        calls.append(cards.call(word[:-1] if alerted else word))
        if alerted:
            alerts.append({"call": len(calls), "text": ""})
    return {"calls": calls, "alerts": alerts}


def auction_text(a: dict[str, Any]) -> str:
    """An auction's line in canonical form: each call alerted followed by `!`, and by its explanation
    in double quotes where one is recorded."""
    said = {alert["call"]: alert["text"] for alert in a.get("alerts") or ()}
    return "auction " + " ".join(
        c if i not in said else f'{c}!"{said[i].replace(chr(34), chr(34) * 2)}"' if said[i] else f"{c}!"
        for i, c in enumerate(a["calls"], start=1))


def _attention(words: list[str], rest: str) -> dict[str, Any]:
    _count(1, None, words, KINDS["attention"].usage)
    return {"seat": cards.seat(words[0]), "text": " ".join(words[1:])}


def _play(words: list[str], rest: str) -> dict[str, Any]:
    """`play SEAT CARD [CARD ...]`, and `play SEAT CARD ... SEAT CARD ...`: the cards of two or more
    players faced at the same moment (duplicate L58A), stored in `cards` each group after its
    seat's letter (`played_by` reads them back)."""
    _count(2, None, words, KINDS["play"].usage)
    out: list[str] = []
    seats = [cards.seat(words[0])]
    for w in words[1:]:
        if w.strip().upper() in cards.SEAT_NAMES:
            if out and out[-1] in cards.SEAT_NAMES or not out:
                raise NotationError(f"no card after {seats[-1]} in the play")
            s = cards.seat(w)
            if s in seats:
                raise NotationError(f"{s} is named twice in one play")
            if len(seats) == 2:  # L58A: a card "made simultaneously with another player's"
                raise NotationError("a play holds the cards of two players at most, one of them faced with the other's")
            seats.append(s)
            out.append(s)
        else:
            out.append(str(cards.card(w)))
    if out[-1] in cards.SEAT_NAMES:
        raise NotationError(f"no card after {out[-1]} in the play")
    played = [c for c in out if c not in cards.SEAT_NAMES]
    if len(set(played)) != len(played):
        raise NotationError("the same card is named twice in one play")
    return {"seat": seats[0], "cards": out}


def _fifth_alone(words: list[str], rest: str) -> dict[str, Any]:
    raise NotationError(f"a fifth card is written {KINDS['fifth'].usage} (L45E)")


def _fifth(words: list[str]) -> dict[str, Any]:
    """`play SEAT CARD fifth`: a card added to a trick all four had played to, before it was quitted
    (duplicate L45E): the word says where it landed, not what the Director deems it."""
    if len(words) != 3:
        raise NotationError(f"a fifth card is one card of one player: {KINDS['fifth'].usage}")
    return {"seat": cards.seat(words[0]), "card": str(cards.card(words[1]))}


def _deem(words: list[str], rest: str) -> dict[str, Any]:
    """`deem N [by=NAME] led|not-led`: the Director's decision on the fifth card played at event N
    (duplicate L45E1, L45E2: "unless the Director deems that it was led")."""
    usage = KINDS["deem"].usage
    _count(2, None, words, usage)
    try:
        event = int(words[0])
    except ValueError:
        raise NotationError(f"'{words[0]}' is not an event number: {usage}") from None
    if event < 2:
        raise NotationError(f"event {event} is no card played: {usage}")
    author, tail = _by(words[1:])
    if [w.lower() for w in tail] not in (["led"], ["not-led"]):
        raise NotationError(f"the Director deems the fifth card led or not: {usage}")
    return {"event": event, "led": tail[0].lower() == "led", "author": author or ""}


def played_by(args: dict[str, Any]) -> list[tuple[str, list[str]]]:
    """A play's cards by the seat that played them: one group, or (cards faced by two or more
    players at once, L58A) one a seat, in the line's order."""
    played = args["cards"]
    if len(played) == 1:  # (most plays: one card, its seat's)
        return [(args["seat"], played)]
    groups: list[tuple[str, list[str]]] = [(args["seat"], [])]
    for c in played:
        if len(c) == 1:  # a seat's letter: the next player's cards (a card's word is two letters or more)
            groups.append((c, []))
        else:
            groups[-1][1].append(c)
    return groups


# The answer to "having none?" in words that say what it means, beside yes and no (written back as
# yes or no): "yes" is "I do hold one", which a director can misread as "yes, I have none".
ANSWER_WORDS = {"yes": "yes", "holds": "yes", "has": "yes", "no": "no", "none": "no", "void": "no"}


def _answer(words: list[str], rest: str) -> dict[str, Any]:
    _count(2, 2, words, KINDS["answer"].usage)
    answer = ANSWER_WORDS.get(words[1].lower())
    if answer is None:
        raise NotationError(f"the answer is yes or holds (I do hold one), or no or none (I have none), not '{words[1]}'")
    return {"seat": cards.seat(words[0]), "answer": answer}


def _seat_card(kind: str) -> Callable[[list[str], str], dict[str, Any]]:
    def parse(words: list[str], rest: str) -> dict[str, Any]:
        _count(2, 2, words, KINDS[kind].usage)
        return {"seat": cards.seat(words[0]), "card": str(cards.card(words[1]))}
    return parse


def _withdraw(words: list[str], rest: str) -> dict[str, Any]:
    _count(2, 3, words, KINDS["withdraw"].usage)
    reason = words[2].lower() if len(words) == 3 else ""
    if reason not in ("", "misinformed", "not-named"):
        raise NotationError(f"'{words[2]}' is not a reason to take a card back (misinformed, not-named, or none)")
    return {"seat": cards.seat(words[0]), "card": str(cards.card(words[1])), "misinformed": reason == "misinformed",
            "not_named": reason == "not-named"}


def _elect(words: list[str], rest: str) -> dict[str, Any]:
    _count(2, None, words, KINDS["elect"].usage)
    choice = words[1].lower()
    if choice not in CHOICES:
        raise NotationError(f"'{words[1]}' is not an election (one of {', '.join(CHOICES)})")
    # One grammar, no word both a seat and a suit: lead and forbid name a suit, call names a card,
    # every other choice names nothing (whom it binds follows from the incident it answers).
    extra = words[2:]
    if choice in ("lead", "forbid"):  # (forbid may name several: duplicate L51B2(b))
        if len(extra) != 1 and not (choice == "forbid" and len(set(extra)) == len(extra) > 1):
            raise NotationError(f"elect {choice} names one suit, e.g. elect S {choice} H" +
                                (", or several, e.g. elect S forbid S H" if choice == "forbid" else ""))
        extra = [cards.suit(w) for w in extra]
    elif choice == "call":
        if len(extra) != 1:
            raise NotationError("elect call names the exposed card, e.g. elect S call HK")
        extra = [str(cards.card(extra[0]))]
    elif extra:
        raise NotationError(f"elect {choice} names nothing more: whom it binds follows from the incident it answers")
    return {"seat": cards.seat(words[0]), "choice": choice, "words": extra}


def _nothing(kind: str) -> Callable[[list[str], str], dict[str, Any]]:
    def parse(words: list[str], rest: str) -> dict[str, Any]:
        _count(0, 0, words, kind)
        return {}
    return parse


def _correct(words: list[str], rest: str) -> dict[str, Any]:
    _count(4, 4, words, KINDS["correct"].usage)
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


def _note(words: list[str], rest: str) -> dict[str, Any]:
    author, tail = _by(words)  # note [by=NAME] TEXT: who wrote it, when the record says
    note = {"text": " ".join(tail), "author": author}
    check_note(note["text"])
    return note


def _honors(words: list[str], rest: str) -> dict[str, Any]:
    _count(2, None, words, KINDS["honors"].usage)
    held = [] if [w.lower() for w in words[1:]] == ["none"] else [str(cards.card(w)) for w in words[1:]]
    if len(set(held)) != len(held):
        raise NotationError("the same card is named twice")
    return {"seat": cards.seat(words[0]), "cards": held}


def _void(words: list[str], rest: str) -> dict[str, Any]:
    _count(2, 2, words, KINDS["void"].usage)
    return {"seat": cards.seat(words[0]), "suit": cards.suit(words[1])}


def _words(kind: str, n: int, *readers: tuple[str, Callable[[str], Any]]) -> Callable[[list[str], str], dict[str, Any]]:
    """A line of exactly `n` words, read one by one into the arguments `readers` name."""
    def parse(words: list[str], rest: str) -> dict[str, Any]:
        _count(n, n, words, KINDS[kind].usage)
        return {name: read(w) for (name, read), w in zip(readers, words)}
    return parse


def _event_number(word: str, kind: str) -> int:
    if not (word.isascii() and word.isdigit()) or int(word) < 2:
        raise NotationError(f"'{word}' is not the number of an event a {kind} can correct (2 or more: the "
                            f"'hand' line, event 1, opens the record)")
    return int(word)


def _strike(words: list[str], rest: str) -> dict[str, Any]:
    _count(2, None, words, KINDS["strike"].usage)
    number = _event_number(words[0], "strike")
    author, why = _by(words[1:])
    if not why:
        raise NotationError("a strike says why the event was recorded in error: strike N [by=NAME] REASON")
    reason = " ".join(why)
    check_note(reason)  # a reason is a note on the correction: the same bound
    return {"event": number, "author": author, "reason": reason}


# amend N [by=NAME] LINE [-- REASON]: the reason after the last " -- ".
CORRECTIONS = ("strike", "amend")


def _amend(words: list[str], rest: str) -> dict[str, Any]:
    _count(2, None, words, KINDS["amend"].usage)
    number = _event_number(words[0], "amend")
    author, tail = _by(words[1:], then=KINDS)  # (the word after by= is the amended line's kind)
    text = " ".join(tail)
    text, sep, reason = text.rpartition(" -- ") if " -- " in text else (text, "", "")
    if not text.strip():
        raise NotationError("an amend gives the line as it should have read: amend N [by=NAME] LINE [-- REASON]")
    try:
        line = parse_line(text, typed=TYPED.get())
    except TranscriptError as e:
        raise NotationError(f"the line as it should have read, '{text}', cannot be read: {e.reason}") from None
    if line is None or line.kind in ("hand", *CORRECTIONS):
        raise NotationError(f"an amend gives an act of the hand, not '{text}'")
    if "#" in text and line.kind not in STATEMENTS:  # (its line would lose what follows the '#')
        raise NotationError(f"the line as it should have read, '{text}', holds a '#', which a '{line.kind}' line "
                            "does not: a comment goes after the amend, two spaces or more before its '#'")
    check_note(reason)  # a reason is a note on the correction: the same bound
    return {"event": number, "author": author, "reason": reason.strip(), "replacement": line.canonical}


def _strike_text(a: dict[str, Any]) -> str:
    by = f" {written_by(a['author'], a['reason'])}" if a.get("author") else ""
    return f"strike {a['event']}{by} {a['reason']}"


def _amend_text(a: dict[str, Any]) -> str:
    by = f" {written_by(a['author'], a['replacement'])}" if a.get("author") else ""
    why = f" -- {a['reason']}" if a.get("reason") else ""
    return f"amend {a['event']}{by} {a['replacement']}{why}"


def _tag(words: list[str], rest: str) -> dict[str, Any]:
    _count(2, None, words, KINDS["tag"].usage)
    name = TAG_OF_WORD.get(words[0].lower())
    if name is None:
        raise NotationError(f"'{words[0]}' is not a tag (one of {', '.join(TAG_NAMES + OCCASION_TAGS + RECORD_TAGS)})")
    value = " ".join(words[1:])
    check_note(value)
    return {"name": name, "value": value}


# ---------------------------------------------------------------- the table

KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("hand", "Opened", "hand ID [branch=ID@N] [ruleset=NAME] [OPTION=VALUE ...]", _hand, _hand_text,
         fields=('hand_id', 'ruleset', 'options', 'rubber', 'source', 'trunk', 'trunk_at'),
         meaning='the hand is opened',
         notes=('must be first. ID: ASCII letters, digits, `-`, `_`, `.`, `/`. `ruleset=`: [the '
                'rulesets](laws.md#the-codes-and-their-rulesets); options: the §2K choices of `laws-1912.md`, [with '
                'their defaults](laws.md#the-options-of-the-1912-code); `rubber=NAME`: the rubber the hand belongs '
                'to; `branch=`: [a second account](#two-accounts-of-one-hand-branch-shared-handrec-branch)')),
    Kind("dealer", "DealerNamed", "dealer SEAT", _words("dealer", 1, ("seat", cards.seat)),
         lambda a: f"dealer {a['seat']}",
         fields=('seat',),
         meaning='who dealt',
         notes='SEAT is one of `N E S W`'),
    Kind("deal", "Dealt", "deal N:HAND HAND HAND HAND", _deal, lambda a: f"deal {a['deal']}",
         fields=('deal',), checks=True, moves=True, ruled=True,
         meaning='the four hands',
         notes=('PBN form: `N:AKQ2.KJ3.T987.65 J43.AQ2.KQ.J9843 - -` (first seat, then hands clockwise, suits '
                'S.H.D.C, `-` = hand not known). `10` is accepted for `T`')),
    Kind("auction", "AuctionCalled", 'auction CALL ... (pass, X, XX, 1C..7NT, R for royal spades; 2D! alerted, '
         '2D! "transfer" explained)', _auction, auction_text,
         fields=('calls', 'alerts'), checks=True, moves=True,
         meaning='the calls, from the dealer',
         notes=('`pass`, `X` (double), `XX` (redouble), bids `1C`..`7NT`; `R` is royal spades (`2R`); `2D!` an '
                'alerted call, `2D! "transfer to hearts"` with what was said to explain it')),
    Kind("contract", "ContractSet", "contract BID[X|XX] by SEAT",
         lambda words, rest: {"contract": str(cards.contract(words))}, lambda a: f"contract {a['contract']}",
         fields=('contract',), checks=True, moves=True,
         meaning='the final contract, when the auction does not matter',
         notes='e.g. `contract 3HX by S`, `contract 1R by N`'),
    Kind("play", "CardPlayed", "play SEAT CARD [CARD ...] [SEAT CARD ...]", _play,
         lambda a: f"play {a['seat']} " + " ".join(a["cards"]),
         fields=('seat', 'cards'), checks=True, moves=True, ruled=True,
         meaning='a card is played by (or, for dummy, from) that seat',
         notes=('CARD is suit then rank: `SA`, `HT`, `H10`, `D9`, `C2`. `play SEAT CARD CARD ...`: [several cards at '
                "once](#several-cards-at-once-and-the-surplus-card); `play SEAT CARD SEAT CARD`: [two players' cards "
                'at once](#two-players-cards-at-once)')),
    # A card added to a trick all four had played to, before it was quitted (duplicate L45E), written
    # as a play with the word `fifth` (`parse_line` makes it this kind).
    Kind("fifth", "FifthCardPlayed", "play SEAT CARD fifth", _fifth_alone,
         lambda a: f"play {a['seat']} {a['card']} fifth",
         fields=('seat', 'card'), checks=True, moves=True, ruled=True,
         meaning='a card added to a trick all four have played to, before it is quitted',
         notes='duplicate L45E: a fifth card, counted in no trick until the Director decides (`deem`)'),
    # A card played that the record does not know (an archive's '-' before a known card, or in a
    # trick before the last): played in its turn, which card is not said.
    Kind("unknown", "UnknownCardPlayed", "unknown SEAT", _words("unknown", 1, ("seat", cards.seat)),
         lambda a: f"unknown {a['seat']}",
         fields=('seat',), checks=True, moves=True, ruled=True,
         meaning='a card is played by that seat that the record does not know',
         notes="an archive's `-` in a trick (PBN); see [a card not known](#a-card-not-known-unknown)"),
    Kind("ask", "Asked", "ask ASKER ASKED",
         _words("ask", 2, ("asker", cards.seat), ("asked", cards.seat)),
         lambda a: f"ask {a['asker']} {a['asked']}",
         fields=('asker', 'asked'), ruled=True,
         meaning='"having none?": ASKER asks ASKED whether he has none of the suit he just renounced',
         notes='a right of the partner (and of dummy toward declarer); any other pair is recorded and flagged'),
    Kind("answer", "Answered", "answer SEAT yes|holds|no|none", _answer, lambda a: f"answer {a['seat']} {a['answer']}",
         fields=('seat', 'answer'), ruled=True,
         meaning='the answer',
         notes=('`yes` = "I do hold one", `no` = "I have none"; `holds` (or `has`) and `none` (or `void`) say the '
                'same in words, and are written back as `yes` and `no`')),
    Kind("quit", "TrickQuitted", "quit NS|EW", _words("quit", 1, ("side", cards.side)),
         lambda a: f"quit {a['side']}",
         fields=('side',), ruled=True,
         meaning='the current trick is turned and quitted by `NS` or `EW`',
         notes='the side that gathered it, rightful or not'),
    # ... `misinformed`: because an opponent misinformed him (duplicate L47E); `not-named`: dummy's
    # card, which dummy placed in the played position though declarer did not name it (duplicate L45D).
    Kind("withdraw", "CardWithdrawn", "withdraw SEAT CARD [misinformed | not-named]", _withdraw,
         lambda a: f"withdraw {a['seat']} {a['card']}" + (" misinformed" if a.get("misinformed") else "")
         + (" not-named" if a.get("not_named") else ""),
         fields=('seat', 'card', 'misinformed', 'not_named'), checks=True, moves=True, ruled=True,
         meaning='a played card is taken back',
         notes=('a revoke being corrected, or a later player retracting under L86, or L70/L78 take-backs; duplicate: '
                'L62, L47 (one no law lets him take back stays played, L47F2); `misinformed`: taken back because an '
                'opponent misinformed him (duplicate L47E: told it was his turn, or given a mistaken explanation of a '
                "call or play); `not-named`: dummy's card, placed in the played position though declarer did not name "
                'it (duplicate L45D); a premature card the rulings took up from its trick (duplicate L57, L60B: a '
                'penalty card lying before its player), recorded leaving the trick before it is played again')),
    Kind("elect", "PenaltyElected", "elect SEAT CHOICE [SUIT|CARD|SEAT]", _elect,
         lambda a: " ".join(["elect", a["seat"], a["choice"], *a["words"]]),
         fields=('seat', 'choice', 'words'), ruled=True,
         meaning='a penalty election',
         notes=('CHOICE: `points`, `tricks` (L84b), `exposed`, `highest`, `lowest` (L86), `accept`, `retract` '
                "(duplicate L53), or another law's named option ([elections](#elections-elect)); `forbid` may name "
                'several suits under the duplicate codes (`elect S forbid S H`, L51B2(b))')),
    Kind("claim-revoke", "RevokeClaimed", "claim-revoke SIDE SEAT",
         _words("claim-revoke", 2, ("side", cards.side), ("seat", cards.seat)),
         lambda a: f"claim-revoke {a['side']} {a['seat']}",
         fields=('side', 'seat'), ruled=True,
         meaning='SIDE claims that SEAT revoked',
         notes=('one line claims every revoke of SEAT on record not yet claimed; a revoke he makes later is claimed '
                'by a later line')),
    Kind("mix", "TricksMixed", "mix SEAT", _words("mix", 1, ("seat", cards.seat)),
         lambda a: f"mix {a['seat']}",
         fields=('seat',), ruled=True,
         meaning='SEAT mixes the quitted tricks',
         notes="L87; duplicate: L65D, or after the other side's claim of revoke L66D"),
    Kind("inspect", "TricksInspected", "inspect", _nothing("inspect"), lambda a: "inspect",
         fields=(),
         meaning='the quitted tricks are counted face down',
         notes="L82; duplicate: the Director's inspection (L66C, L67B2)"),
    Kind("restore", "CardRestored", "restore SEAT CARD", _seat_card("restore"),
         lambda a: f"restore {a['seat']} {a['card']}",
         fields=('seat', 'card'), checks=True, moves=True, ruled=True,
         meaning='a surplus card found in a quitted trick goes back to SEAT',
         notes='L82; duplicate: L67B2 (any other card stays played, L47F2)'),
    Kind("attention", "AttentionDrawn", "attention SEAT TEXT", _attention,
         lambda a: f"attention {a['seat']} {a['text']}".rstrip(),
         fields=('seat', 'text'), ruled=True,
         meaning='SEAT draws attention to an incident',
         notes=('L61 when SEAT is dummy; `attention W mine`: L92, L93 '
                '([laws](laws.md#the-1912-code-what-the-rulings-cover)); duplicate: L65B3 to a trick pointed wrong; '
                "dummy's during the play L43A1(b), L9A4; else a right (L9A2)")),
    Kind("claim", "TricksClaimed", decisions.CLAIM, decisions.claim, decisions.claim_text,
         fields=('seat', 'tricks', 'text'), checks=True, ruled=True,
         meaning=('SEAT claims N of the remaining tricks for his side, stating his line of play (L68C: `claim S 10 '
                  'drawing trumps, then the clubs`; a `#` in it is kept)'),
         notes=('ends the play when agreed; the rest are conceded (`claim S 0` concedes them all); N is at most the '
                'tricks still to play ([refused beyond](#what-is-refused-and-what-is-recorded))')),
    # A player doubts the last claim (L68B2, L68D2); the Director's decision on it: N of the tricks
    # not yet played at the claim to the claimer's side, on the line he held him to (L69B-L71).
    Kind("doubt", "ClaimDoubted", "doubt SEAT", _words("doubt", 1, ("seat", cards.seat)),
         lambda a: f"doubt {a['seat']}",
         fields=('seat',), ruled=True,
         meaning='SEAT doubts (disputes, objects to) the last claim or concession',
         notes=("duplicate codes: the Director adjudicates (L68D2, L70), or, a defender's partner objecting to his "
                'concession, no concession occurred (L68B2); [claims](laws.md#claims-and-concessions-l68-l71)')),
    Kind("adjust", "ScoreAdjusted", decisions.ADJUST, decisions.adjust, decisions.adjust_text,
         fields=('law', 'ns', 'ew', 'author', 'text'), ruled=True,
         meaning="the Director's adjusted score of the board (L12C)",
         notes='[the finding and the appeal](#the-directors-finding-and-the-appeal-find-appeal); duplicate codes'),
    Kind("adjudicate", "ClaimAdjudicated", decisions.ADJUDICATE, decisions.adjudicate,
         lambda a: " ".join(["adjudicate", str(a["tricks"]), *([written_by(a["author"], a["text"])] if a["author"] else []),
                             a["text"]]),
         fields=('tricks', 'author', 'text'), ruled=True,
         meaning=("the Director's decision on the last claim: N of the tricks not yet played at it to the claimer's "
                  'side, on the line of play LINE'),
         notes='duplicate codes (L69B, L70, L71); the 1912 code has none (L72)'),
    # The Director's decision that a fifth card was led, or not (duplicate L45E1, L45E2).
    Kind("deem", "FifthCardDeemed", "deem N [by=NAME] led|not-led", _deem,
         lambda a: " ".join(["deem", str(a["event"]), *([written_by(a["author"], "led")] if a["author"] else []),
                             "led" if a["led"] else "not-led"]),
         fields=('event', 'led', 'author'), checks=True, moves=True, ruled=True,
         meaning="the Director's decision that the fifth card played at event N was led, or not",
         notes=('duplicate L45E1, L45E2 ([laws](laws.md#the-laws-of-duplicate-bridge-revokes)); refused when event N '
                'is no fifth card waiting for it')),
    Kind("cut", "CardsCut", "cut", _nothing("cut"), lambda a: "cut",
         fields=(), ruled=True,
         meaning='the cards are cut for the next deal',
         notes='closes the window to claim a revoke (L88)'),
    Kind("note", "NoteMade", "note [by=NAME] TEXT", _note,
         lambda a: f"note {written_by(a['author'], a['text'])} {a['text']}" if a.get("author") else f"note {a['text']}",
         fields=('text', 'author'),
         meaning='free commentary',
         notes=('kept in the record; `by=`: its author, `by="NAME NAME"` for a name of several words ([who made a '
                'line](#who-made-a-line-byname))')),
    Kind("honors", "HonorsHeld", "honors SEAT CARD ... (or: honors SEAT none)", _honors,
         lambda a: f"honors {a['seat']} " + (" ".join(a["cards"]) or "none"),
         fields=('seat', 'cards'), checks=True, moves=True,
         meaning='the trump honors (or the aces at no trump) a hand not known held',
         notes=('`honors SEAT none`: he held none of them; for the score ([what a hand not known '
                'held](#what-a-hand-not-known-held-honors-void))')),
    Kind("void", "VoidHeld", "void SEAT SUIT", _void, lambda a: f"void {a['seat']} {a['suit']}",
         fields=('seat', 'suit'), checks=True, moves=True,
         meaning='a hand not known held no card of SUIT',
         notes='with the trump suit, chicane'),
    Kind("correct", "ScoreCorrected", "correct HAND SIDE trick|honor POINTS (e.g. correct h3 NS honor +50)",
         _correct, lambda a: f"correct {a['hand']} {a['side']} {a['column']} {a['points']:+d}",
         fields=('hand', 'side', 'column', 'points'),
         meaning="a rubber's score corrected (e.g. `correct h3 NS honor +50`)",
         notes='L12, L13 ([the rubber](laws.md#the-rubber))'),
    Kind("agree", "RubberAgreed", "agree", _nothing("agree"), lambda a: "agree",
         fields=(),
         meaning="the rubber's score is agreed",
         notes='closes the L12 window'),
    # A card exposed (dropped face up, seen by partner, named as held: L65, L66, L68).
    Kind("expose", "CardExposed", "expose SEAT CARD", _seat_card("expose"), lambda a: f"expose {a['seat']} {a['card']}",
         fields=('seat', 'card'), checks=True, ruled=True,
         meaning='a card exposed',
         notes='[exposed cards](#exposed-cards-expose)'),
    # Which of a player's cards in one trick is the surplus one: declarer's pick of an adversary's
    # cards played at once (L70), the card found over four when the tricks are counted (L82).
    Kind("surplus", "SurplusNamed", "surplus SEAT CARD", _seat_card("surplus"),
         lambda a: f"surplus {a['seat']} {a['card']}",
         fields=('seat', 'card'), checks=True, ruled=True,
         meaning="of a player's cards in one trick, CARD is the surplus one",
         notes='[the surplus card](#several-cards-at-once-and-the-surplus-card)'),
    # The missing card of a short hand found and given to its holder; the deal stands (L38).
    Kind("found", "MissingCardFound", "found SEAT CARD", _seat_card("found"),
         lambda a: f"found {a['seat']} {a['card']}",
         fields=('seat', 'card'), checks=True, moves=True, ruled=True,
         meaning='the missing card of a short hand found',
         notes='[a short hand](#a-missed-trick-put-right-and-a-short-hand-found) (L38; duplicate L14B)'),
    # A player who missed a trick puts it right: his card goes to the trick he missed (L81).
    Kind("put-right", "TrickPutRight", "put-right SEAT CARD", _seat_card("put-right"),
         lambda a: f"put-right {a['seat']} {a['card']}",
         fields=('seat', 'card'), checks=True, moves=True, ruled=True,
         meaning='a player who missed a trick adds his card to it',
         notes='[a missed trick](#a-missed-trick-put-right-and-a-short-hand-found) (L81)'),
    # Who sat where, when, at which event and table, who directed; an archive's own result.
    Kind("tag", "TagGiven", "tag NAME VALUE (NAME: " + " ".join(TAG_NAMES + OCCASION_TAGS) + ")", _tag,
         lambda a: f"tag {a['name']} {a['value']}",
         fields=('name', 'value'),
         meaning='the people and the occasion',
         notes='[tags](#notes-and-tags)'),
    # The director's finding of fact, made at this point of the record: the facts as this record
    # (this account) tells them, with who found them and why (L85A under the 2017 code: on the
    # balance of probabilities). And the appeal committee's decision, recorded later.
    Kind("find", "FactFound", decisions.FIND, decisions.decided(decisions.FIND, "a finding of fact"),
         lambda a: f"find {written_by(a['author'], a['text'])} {a['text']}",
         fields=('author', 'text'),
         meaning="the director's finding of fact",
         notes='[the finding and the appeal](#the-directors-finding-and-the-appeal-find-appeal)'),
    Kind("appeal", "AppealDecided", decisions.APPEAL,
         decisions.decided(decisions.APPEAL, "an appeal's decision"),
         lambda a: f"appeal {written_by(a['author'], a['text'])} {a['text']}",
         fields=('author', 'text'),
         meaning="the appeal committee's decision"),
    # Corrections of the record (not acts at the table): event N was recorded in error, or should
    # have read LINE. Nothing stored changes; the folds read the record as corrected.
    Kind("strike", "EventStruck", "strike N [by=NAME] REASON", _strike, _strike_text,
         fields=('event', 'author', 'reason'),
         meaning='event N was recorded in error',
         notes='[corrections](#correcting-the-record-strike-and-amend)'),
    Kind("amend", "EventAmended", "amend N [by=NAME] LINE [-- REASON]", _amend, _amend_text,
         fields=('event', 'author', 'reason', 'replacement'),
         meaning='event N should have read LINE'),
    # A correction of the events a second account shares with its first (recorder.accounts),
    # stored once, as event N of account ID, and reaching this account from here on.
    Kind("shared", "SharedCorrected", "shared ID N", _shared, lambda a: f"shared {a['account']} {a['event']}",
         fields=('account', 'event'),
         meaning='a correction stored in another account reaches this one',
         notes='written by the recorder ([two accounts](#two-accounts-of-one-hand-branch-shared-handrec-branch))'),
)}

KIND_OF_EVENT = {k.event: k.name for k in KINDS.values()}

# What a stored event holds beside its words (the store's own fields, and its line): the rest of
# its fields are the words of its line, as the folds take them.
NOT_WORDS = frozenset(("originator_id", "originator_version", "timestamp", "originator_topic", "line"))


def canonical(kind: str, args: dict[str, Any]) -> str:
    """The line as the recorder writes it back; two lines that mean the same have the same form."""
    return KINDS[kind].canonical(args)


# The kinds of line that end in a statement: a text of the person's own words, in which '#' is a
# character like any other (`note Board #14`). A comment may follow it, written as transcripts align
# theirs: two spaces or more (or a tab), '#', then a space or the line's end. The recorder writes a
# statement with single spaces, so what it wrote reads back whole (docs/transcripts.md, the text).
STATEMENTS = frozenset(("attention", "adjust", "adjudicate", "note", "tag", "find", "appeal", "strike", "amend",
                        "claim"))
_COMMENT_AFTER_STATEMENT = re.compile(r"(?:\s{2,}|\t)#(?=\s|$)")


def _uncommented(text: str) -> str:
    """The line without its comment: from the first '#', or, in a line that ends in a statement,
    from a '#' standing apart after two spaces or more."""
    raw = text.strip()
    head = _head_and_rest(raw)[0]
    if "#" not in head and head.lower() in STATEMENTS:
        comment = _COMMENT_AFTER_STATEMENT.search(raw)
        return raw[:comment.start()].rstrip() if comment else raw
    if head.lower() == "auction" and '"' in raw:  # (a '#' within an explanation is the explanation's)
        outside = re.match(r'(?:[^"#]|"(?:[^"]|"")*(?:"|$))*', raw)
        return raw[:outside.end()].strip() if outside else raw
    return raw.split("#", 1)[0].strip()


def _name_written_right(raw: str, e: NameMayGoOn) -> str:
    """What to say of `by=NAME Word` (`bridge.words.NameMayGoOn`): the line with the two words quoted
    as one name, and the name alone quoted, each a line that reads."""
    found = re.search(r"(?i)by=" + re.escape(e.name) + r"\s+" + re.escape(e.following) + r"(?=\s|$)", raw)
    if found is None:  # (not met: the words are the line's)
        return f'{e}: quote a name of several words, as by="{e.name} {e.following}", or by="{e.name}" if it is one word'
    quoted = f'by="{e.name} {e.following}"'
    right = " ".join(raw[:found.start()].split() + [quoted] + raw[found.end():].split())
    shown = excerpt(right, right.index(quoted) + len(quoted) + 30)
    return f'{e}: quote a name of several words, {shown} (or by="{e.name}" if the name is {e.name} alone)'


def _head_and_rest(raw: str) -> tuple[str, str]:
    """A line's keyword and the words after it, the keyword ended by any white space (a tab reads
    as a space, as between every other word of the line)."""
    parts = raw.split(None, 1)
    if not parts:
        return "", ""
    return parts[0], parts[1] if len(parts) > 1 else ""


# The words people write for a kind of line (its meaning, where its spelling is far): the nearest
# kind a refusal suggests for a keyword that is not one (`nearest_kind`). A revoke is no line of its
# own (the cards played show it): the line that speaks of one is a side's claim of it.
MEANT: dict[str, str] = {
    **dict.fromkeys(("question", "query", "asks", "asked", "having-none", "havingnone"), "ask"),
    **dict.fromkeys(("reply", "replies", "response", "answers", "answered"), "answer"),
    **dict.fromkeys(("lead", "leads", "led", "card", "plays", "played", "follow", "follows", "discard", "discards",
                     "ruff", "ruffs", "trump", "trumps"), "play"),
    **dict.fromkeys(("bid", "bids", "bidding", "calls"), "auction"),
    **dict.fromkeys(("declarer", "final-contract"), "contract"),
    **dict.fromkeys(("dealt", "hands", "cards"), "deal"),
    **dict.fromkeys(("turn", "turned", "quitted", "gather", "gathered", "won", "wins"), "quit"),
    **dict.fromkeys(("retract", "retracts", "retracted", "takeback", "take-back", "taken-back", "take"), "withdraw"),
    **dict.fromkeys(("choose", "chooses", "choice", "election", "elects", "elected", "penalty"), "elect"),
    **dict.fromkeys(("revoke", "revokes", "revoked", "renege", "reneges", "renounce", "renounced"), "claim-revoke"),
    **dict.fromkeys(("concede", "concedes", "conceded", "concession", "claims", "claimed"), "claim"),
    **dict.fromkeys(("dispute", "disputes", "disputed", "object", "objects", "objected", "objection", "contest",
                     "contests", "disagree"), "doubt"),
    **dict.fromkeys(("exposed", "exposes", "shown", "show", "shows", "dropped", "drop", "faced"), "expose"),
    **dict.fromkeys(("comment", "comments", "remark", "remarks", "says", "said", "statement"), "note"),
    **dict.fromkeys(("finding", "findings", "ruling"), "find"),
    **dict.fromkeys(("committee", "appealed", "appeals"), "appeal"),
    **dict.fromkeys(("adjudication", "adjudicated"), "adjudicate"),
    **dict.fromkeys(("adjustment", "adjusted", "equity"), "adjust"),
    **dict.fromkeys(("shuffle", "shuffled", "redeal", "next-deal"), "cut"),
    **dict.fromkeys(("mixed", "mixes", "scramble", "scrambled"), "mix"),
    **dict.fromkeys(("count", "counted", "examine", "examined", "inspected", "inspection"), "inspect"),
    **dict.fromkeys(("extra", "surplus-card"), "surplus"),
    **dict.fromkeys(("missed", "putright", "put_right", "missed-trick"), "put-right"),
    **dict.fromkeys(("delete", "remove", "erase", "undo", "struck", "cancel"), "strike"),
    **dict.fromkeys(("fix", "edit", "amended", "replace"), "amend"),
    **dict.fromkeys(("agreed", "agreement"), "agree"),
    **dict.fromkeys(("chicane",), "void"),
    **dict.fromkeys(("honours", "honour", "honor", "aces"), "honors"),
    **dict.fromkeys(("board", "event", "date", "site", "table", "north", "east", "south", "west", "director",
                     "vulnerable", "vulnerability", "scoring", "room", "round", "session"), "tag"),
    **dict.fromkeys(("unknown-card", "not-known"), "unknown"),
}


def nearest_kind(word: str) -> str | None:
    """The kind of line a keyword that is none was most likely meant to be: by its spelling
    (a slip of the keys: `plya`, `qiut`) or by its meaning (`question`: ask, `lead`: play, and
    their slips, `questoin`), whichever is the closer; None when neither is near."""
    word = word.lower()
    if word in MEANT:
        return MEANT[word]
    near = get_close_matches(word, [*KINDS, *MEANT], n=1)
    return MEANT.get(near[0], near[0]) if near else None


def parse_line(text: str, lineno: int | None = None, *, typed: bool | None = None) -> Line | None:
    """One line of a record; None for a blank or comment-only line. `lineno`: the line's number in
    what a person typed (a transcript's; 0 for a line given alone: `handrec add`, the room); none
    for a line the recorder wrote, read back from the store. A typed line is refused for what is
    ambiguous only as people type it (a name that may go on: `bridge.words.by`); a stored line reads
    as it was stored. `typed` says which, when the line number does not."""
    raw = _uncommented(text)
    if not raw:
        return None
    head, rest = _head_and_rest(raw)
    kind = KINDS.get(head.lower())
    token = TYPED.set(lineno is not None if typed is None else typed)
    try:
        if kind is None:
            near = nearest_kind(head)
            meant = f": did you mean '{near}'?" if near else ""
            raise NotationError(f"'{head.lower()}' is not a kind of line{meant} (one of {', '.join(KINDS)})")
        words = rest.split()
        if kind.name == "play" and words and words[-1].lower() == "fifth":
            kind, args = KINDS["fifth"], _fifth(words)  # (L45E: `play SEAT CARD fifth`)
        else:
            args = kind.parse(words, rest.strip())
    except NameMayGoOn as e:
        raise TranscriptError(_name_written_right(raw, e), lineno=lineno, text=raw) from None
    except NotationError as e:
        raise TranscriptError.at(e, lineno=lineno, text=raw) from None
    finally:
        TYPED.reset(token)
    return Line(kind.name, args, lineno or 0, raw)
