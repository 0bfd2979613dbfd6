"""The rulings' words, written once: each sentence the CLI prints, the review
room and the shared file draw, and the report prints, made here from the rulings JSON, the table
and the score, and nowhere else. The room's script is given these words and the transcript lines
its buttons send (written by the vocabulary, `bridge.lines.canonical`); it composes none.

A piece of text that holds a link or a card is a list of segments: a string, `{"event": N}` (a
link to event N, said "event N"), `{"event": N, "text": T}`, `{"card": "SA"}` (a card, drawn as its
medium draws cards: `SA` in a terminal, ♠A on a page), or `{"badge": STATUS}`. `plain` joins them
as a terminal shows them.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator, Sequence

from bridge.cards import SEAT_NAMES, SEATS, SUIT_NAMES, SUIT_SYMBOLS, UNKNOWN_CARD, card, partner
from bridge.lines import KINDS, canonical
from bridge.words import how_many
from projections.codes import code_of
from projections.table import KEPT_ACTS
from projections.rulings.render import seat_said
from projections.rulings.state import Election, IrregularityKind, PenaltyCardGrade, RevokeKind, RevokeStatus
from projections.rulings.summaries import irregularity_summaries, revoke_summaries

Segments = list[Any]  # str | {"event": n[, "text"]} | {"card": w} | {"badge": status}

SYMBOLS = SUIT_SYMBOLS


def card_text(word: str) -> str:
    """A card as a page or a printed report shows it: ♠10, ♥A; `?` a card not known (`unknown`)."""
    return "?" if word == UNKNOWN_CARD.word else card(word).show()


def ranks(letters: Iterable[str]) -> str:
    """Ranks as a hand shows them: A K 10 9."""
    return " ".join("10" if r == "T" else r for r in letters)


def plain(segments: Sequence[Any]) -> str:
    """Segments as a terminal shows them."""
    out = []
    for s in segments:
        if isinstance(s, str):
            out.append(s)
        elif "event" in s:
            out.append(s.get("text") or f"event {s['event']}")
        elif "card" in s:
            out.append(s["card"])
        elif "badge" in s:
            out.append(s["badge"].upper())
    return "".join(out)


def printed(segments: Sequence[Any]) -> str:
    """Segments as a page or a printed report shows them: as `plain`, each card drawn ♥K."""
    return plain([{"card": card_text(s["card"])} if isinstance(s, dict) and "card" in s else s for s in segments])


def _seat(seat: str | None, otherwise: str = "") -> str:
    return SEAT_NAMES.get(seat or "", otherwise)


def _electors(elector: str) -> str:
    """Who elects: a seat, or either player of a side (`EW`: "East or West", L55A)."""
    return " or ".join(_seat(s) for s in elector) if len(elector) == 2 else _seat(elector)


def laws(codes: Iterable[str]) -> str:
    codes = list(codes)
    return f"[L{', L'.join(codes)}]" if codes else ""


# ---------------------------------------------------------------- a penalty, a transfer


def penalty(p: dict[str, Any], ruleset: str | None = None) -> str:
    """A penalty (a rectification, as the duplicate codes call it: `Code.remedy_label` of the
    hand's ruleset): its law (when it has one of its own), what each option gives, who elects, what
    was elected."""
    opts = p.get("said") or " or ".join(p.get("options") or []) or "—"
    who = f" — {_electors(p['elector'])} elects" if p.get("elector") else ""
    made = f"; elected: {_CHOICE_SAID.get(p['elected'], p['elected'])}" if p.get("elected") else ""
    law = f" L{p['law']}" if p.get("law") else ""
    label = code_of(ruleset).remedy_label if ruleset else "Penalty"
    return f"{label}{law}: {opts}{who}{made}"


def face_up_said(x: dict[str, Any] | None, event_mark: str = "") -> str:
    """A card face up on the table (the rulings' `exposed`) beside another account's: "a major penalty
    card (L49) since event B30, until played"; "not face up" where the account has none."""
    if x is None:
        return "not face up"
    kind = f"a {x['penalty_card']} penalty card" if x.get("penalty_card") else "face up"
    return f"{kind} since event {event_mark}{x['event']} (L{x.get('law') or '50'})"


def ruling_parts(r: dict[str, Any]) -> tuple[str, int | None, list[str]]:
    """A ruling's status ("" where it has none), the event that decided it (a revoke's
    `status_event`; an irregularity's own event), and its laws: what `ruling_said` and the
    terminal's `views.ruling_words` each say in their own form."""
    at = r.get("status_event") or (r.get("event") if "law" in r or "laws" in r else None)
    return r.get("status") or "", at, r.get("laws") or ([r["law"]] if r.get("law") else [])


def ruling_said(r: dict[str, Any] | None, ruleset: str | None = None, event_mark: str = "") -> str:
    """A ruling of another account beside this record's, in a filed report's words: its status, the
    event that decided it (marked with the account's letter, `event_mark`: each account numbers
    its own), its laws, what it gives; "no such ruling" where the account has none. The terminal's
    `views.ruling_words` says the same in capitals, for the command line."""
    if r is None:
        return "no such ruling"
    status, at, laws = ruling_parts(r)
    said = " ".join(x for x in (status or "ruled", f"at event {event_mark}{at}" if at else "",
                                f"(L{', L'.join(laws)})" if laws else "") if x)
    if r.get("penalty"):
        said += "; " + penalty(r["penalty"], r.get("code") or ruleset)
    moved = transfer(r.get("transfer"), status)
    return f"{said}; {moved}" if moved else said


def transfer(t: dict[str, Any] | None, status: str) -> str | None:
    """A duplicate revoke's transfer (L64), when the revoke is established."""
    if not t or status != RevokeStatus.ESTABLISHED:
        return None
    so_far = "" if t["final"] else " so far"
    if t["tricks"]:
        # (the tricks by number; a trick won by the claim has none: "of the claim")
        numbered = [str(w) for w in t["which"] if isinstance(w, int)]
        claimed = len(t["which"]) - len(numbered)
        won = ", ".join(x for x in (f"trick{'s' if len(numbered) > 1 else ''} {', '.join(numbered)}" if numbered else "",
                                    f"{how_many(claimed, 'trick')} of the claim" if claimed else "") if x)
        return (f"Transfer{so_far}: {t['tricks']} trick{'s' if t['tricks'] > 1 else ''} to {t['to']}"
                f"{' (' + won + ')' if won else ''} [L{t['law']}]")
    return f"No trick transferred{so_far}: {t['why'][:1].lower() + t['why'][1:]}"


def equity(t: dict[str, Any] | None, status: str) -> str | None:
    if not t or status != RevokeStatus.ESTABLISHED or not t.get("equity"):
        return None
    return f"L64C: {t['equity']['why']}"


# ---------------------------------------------------------------- the rulings


def correction(c: dict[str, Any]) -> Segments:
    what = "struck" if c["kind"] == "struck" else f"amended to '{c['as_corrected']}'"
    where = (f" (stored in {c['shared_from']['account']} as event {c['shared_from']['event']}, an event both "
             f"accounts share)" if c.get("shared_from") else "")
    return ["Event ", {"event": c["event"], "text": str(c["event"])}, f" ('{c['original']}') {what} at event ",
            {"event": c["correction"], "text": str(c["correction"])},
            (f" by {c['author']}" if c["author"] else "") + (f": {c['reason']}" if c["reason"] else "") + where
            + ". The rulings read the record as corrected."]


def summaries(cited: list[dict[str, Any]]) -> list[list[str]]:
    """Each law cited, with what it requires in our own words (`rulings.summaries`)."""
    return [[f"L{c['law']}", c["summary"] or "(no summary kept for this law)"] for c in cited]


def laws_label(codes: Sequence[str]) -> str:
    """The fold of a ruling's law summaries on the screen."""
    return "what the laws cited require (" + ", ".join(f"L{c}" for c in codes) + ")" if codes else "what the laws require"


def revoke(v: dict[str, Any], code: str | None = None) -> dict[str, Any]:
    """A revoke's words: its head (who, which trick, the card, the suit led, the laws), its
    explanation and remarks, the events it rests on, its penalty or transfer; under `code`, what
    each law it cites requires."""
    facts: Segments = ["played at ", {"event": v["event"]}]
    if v["status_event"]:
        facts += [f"; {v['status']} at ", {"event": v["status_event"]}]
    return {
        "seat": v["seat"], "status": v["status"],
        "head": [{"badge": v["status"]},
                 f" {_seat(v['seat'])}{' (dummy)' if v['kind'] == RevokeKind.DUMMY else ''}, trick {v['trick']}: ",
                 {"card": v["card"]}, f" on {SUIT_NAMES[v['suit']]} led ", laws(v["laws"])],
        "explanation": v["explanation"],
        "remarks": [x["text"] for x in v.get("remarks", ())],
        "facts": facts,
        "penalty": penalty(v["penalty"], code) if v["penalty"] else None,
        "barred": f"No penalty: barred by L{v['penalty_barred_by']}" if v["penalty_barred_by"] else None,
        "transfer": transfer(v.get("transfer"), v["status"]),
        "equity": equity(v.get("transfer"), v["status"]),
        "laws": summaries(revoke_summaries(code, v)) if code else [],
        "laws_label": laws_label(v["laws"]),
    }


def who(kind: str, seat: str | None, side: str | None = None, then: str = "") -> str:
    """After an irregularity's kind: who did it, or whom it concerns, by name (`seat_said`)."""
    return seat_said(kind, seat, side, _seat, then)


# An irregularity's kind as a printed document names it (the JSON and the terminal keep the key).
KIND_TITLES = {
    "revoke": "A revoke", "adjudication-not-in-code": "An adjudication the code does not provide",
    "exposed": "A card face up on the table",
    "fifth-card": "A fifth card played to a trick", "declarer-card-exposed": "A card of declarer's exposed",
    "adjustment-not-in-code": "An adjusted score the code does not provide",
    "agreed-at-cut": "A result agreed at the cut", "answer-without-question": "An answer to no question",
    "attention-to-trick": "Attention drawn to a trick", "attention-too-late": "Attention drawn too late",
    "called-card": "A called card", "card-exposed": "A card exposed", "card-not-named": "Dummy's card not named",
    "claim-agreed": "A claim agreed", "claim-agreement-withdrawn": "Agreement to a claim withdrawn",
    "claim-deadline": "A claim disputed too late", "claim-doubted": "A claim disputed",
    "claim-played-out": "A claim played out", "claim-revoke": "A revoke claimed",
    "concession-cancelled": "A concession cancelled", "concession-objected": "A concession objected to",
    "dummy-attention": "Dummy drew attention", "election-not-in-code": "An election the code does not provide",
    "election-not-theirs": "An election by a player it is not for", "election-without-penalty": "An election with no penalty open",
    "illegal-retraction": "A card taken back illegally", "late-correction": "A correction too late",
    "lead-out-of-turn": "A lead out of turn", "leftover-card": "A card left over",
    "looked-at-quitted-trick": "A quitted trick looked at", "misinformed-retraction": "A card taken back after misinformation",
    "missed-trick": "A missed trick", "missing-card-found": "A missing card found", "mixed-after-claim": "Cards mixed after a claim",
    "no-card-to-its-trick": "No card played to its trick", "no-claim": "No claim", "no-contract": "No contract recorded",
    "nothing-to-put-right": "Nothing to put right", "opponents-claim": "An opponent's claim",
    "penalty-card-choice": "Which penalty card is played", "penalty-card-lead": "A lead with a penalty card on the table",
    "penalty-card-lead-disobeyed": "A lead restriction disobeyed", "penalty-card-not-played": "A penalty card not played",
    "penalty-card-withdrawal": "A penalty card taken back", "pick-forces-revoke": "A choice that would force a revoke",
    "play-out-of-turn": "A card played out of turn", "played-again": "A card played again",
    "played-cards-disturbed": "Played cards disturbed", "premature-play": "A card led or played prematurely",
    "put-right": "A trick put right", "question-to-opponent": "A question to an opponent",
    "remark-about-the-play": "A remark about the play", "retraction-after-card-not-named": "A card taken back after dummy's card not named",
    "several-cards": "Several cards played at once", "short-hand": "A hand short of cards", "surplus-card": "A surplus card",
    "surplus-named": "A surplus card named", "taken-from-quitted-trick": "A card taken from a quitted trick",
    "void-if-doubted": "Void if disputed", "wrong-no": "A wrong 'no'", "wrong-side-quit": "A trick quitted by the wrong side",
}


def kind_title(kind: str) -> str:
    """An irregularity's kind as a printed document names it: "A lead out of turn"."""
    return KIND_TITLES.get(kind) or kind.replace("-", " ").capitalize()


def irregularity(i: dict[str, Any], code: str | None = None) -> dict[str, Any]:
    """An irregularity's words: its head (its kind, who did it or whom it concerns, the event, the
    laws), its explanation, its penalty; under `code` (the hand's ruleset), what each law it cites
    requires."""
    ruled_under = f" (ruled under {i['code']})" if i.get("code") else ""
    return {
        "kind": i["kind"],
        "head": [i["kind"], who(i["kind"], i["seat"], i.get("side"), " at "),
                 {"event": i["event"]},
                 (" " + laws(i["laws"]) if i["laws"] else "") + ruled_under],
        # (the head as a printed document says it: the kind in words, never its key)
        "title": [kind_title(i["kind"]), who(i["kind"], i["seat"], i.get("side"), " at "), {"event": i["event"]},
                  (" " + laws(i["laws"]) if i["laws"] else "") + ruled_under],
        "explanation": i["explanation"],
        "penalty": penalty(i["penalty"], i.get("code") or code) if i.get("penalty") else None,
        "laws": summaries(irregularity_summaries(code, i)) if code else [],
        "laws_label": laws_label(i["laws"]),
    }


def decisions(r: dict[str, Any]) -> list[Segments]:
    """The director's findings of fact and the appeal committee's decisions."""
    out = []
    for key, what in (("findings", "Finding of fact"), ("appeals", "Appeal")):
        for d in r.get(key, ()):
            out.append([f"{what} by {d['by']} at ", {"event": d["event"]}, f": {d['text']}"])
    for key in KEPT_ACTS:  # the acts the table keeps as recorded (`projections.table.kept_acts`), in words
        for act in r.get(key, ()):
            out.append([{"event": act["event"]}, f": {kept_act_said(act)}"])
    return out


def kept_act_said(act: dict[str, Any]) -> str:
    """An act the table keeps as recorded (`projections.table.kept_acts`) in its kind's words
    (`bridge.lines.Kind.said`): the words after a ruling and the printed report's facts say it so."""
    return KINDS[act["kind"]].said(act)


# What a defender's card face up on the table is, by its grade (duplicate L49, L50), and under
# the 1912 code (L67, L75), in our own words.
_EXPOSED_WORDS = {
    PenaltyCardGrade.MINOR: "a minor penalty card (L50C): until he has played it, {seat} may play no other card of "
                            "that suit below an honour; he may play an honour instead",
    PenaltyCardGrade.MAJOR: "a major penalty card (L50D): {seat} must play it at the first legal opportunity, and "
                            "while it lies on the table declarer may restrict his partner's lead (L50D2)",
    None: "an exposed card (L67, L75): it stays face up on the table, and declarer may call it at any turn until "
          "it is played",
}


def exposed(x: dict[str, Any]) -> Segments:
    """A card face up before its player, what it is, and since when: "West's ♥K, exposed at event
    11: a major penalty card (L50D) ..." (the rulings JSON's `exposed`: its `penalty_card` the
    grade under a duplicate code, None under the 1912 code)."""
    words = _EXPOSED_WORDS[x.get("penalty_card")].format(seat=_seat(x["seat"]))
    return [f"{_seat(x['seat'])}'s ", {"card": x["card"]}, " face up since ", {"event": x["event"]},
            f" [L{x['law']}]: {words}."]


def rulings(r: dict[str, Any]) -> dict[str, Any]:
    """Every ruling of the moment in words."""
    return {"corrections": [correction(c) for c in r.get("corrections", [])],
            "revokes": [revoke(v, r["ruleset"]) for v in r["revokes"]],
            "no_revoke": "No revoke." if not r["revokes"] else None,
            "irregularities": [irregularity(i, r["ruleset"]) for i in r["irregularities"]],
            "exposed": [exposed(x) for x in r.get("exposed", [])],
            "decisions": decisions(r)}


def statements(said: Iterable[dict[str, Any]]) -> list[Segments]:
    """What was said, up to the moment: each note, who said it."""
    return [[{"event": s["event"]}, f", {s['by'] or 'a note'}: {s['text']}"] for s in said]


# ---------------------------------------------------------------- the table's status, the score


def status(table: dict[str, Any], r: dict[str, Any]) -> list[Segments]:
    out: list[Segments] = [[f"tricks won: NS {table['won']['NS']}, EW {table['won']['EW']}"]]
    claim = table.get("claim")
    if claim:
        out.append([f"{_seat(claim['seat'])} claims {claim['tricks']} of the remaining tricks (", {"event": claim["event"]}, ")"])
    if table.get("cut_at"):
        out.append(["the cards were cut for the next deal at ", {"event": table["cut_at"]}])
    for q in table.get("questions", []):
        out.append([f"open question: {_seat(q['asker'])} asked {_seat(q['asked'])} 'having none?' (",
                    {"event": q["event"]}, ")"])
    for x in r.get("exposed", []):
        out.append([f"exposed: {_seat(x['seat'])}'s ", {"card": x["card"]}, f" (L{x['law']})"])
    return out


def sheet(s: dict[str, Any]) -> dict[str, Any]:
    """A score sheet: its items, each with its laws, and its total."""
    total = (f"NS {s['score']['NS']} · EW {s['score']['EW']}" if s.get("score") else
             f"NS: trick {s['NS']['trick']}, honor {s['NS']['honor']} · EW: trick {s['EW']['trick']}, honor {s['EW']['honor']}")
    return {"rows": [[i["side"], i["column"], i["points"], f"{i['why']} {laws(i['laws'])}"] for i in s["items"]],
            "total": total}


def score(s: dict[str, Any] | None, unscored: str | None) -> dict[str, Any]:
    if not s:
        return {"unscored": unscored}
    moved = ""
    if s.get("penalty_tricks"):
        moved = f" ({s['penalty_tricks']} {'transferred' if s.get('transfers') else 'penalty tricks'})"
    head = ((f"{s['contract']} by {_seat(s['declarer'])}" if s.get("declarer") else "passed out") +
            f" · tricks NS {s['tricks']['NS']}, EW {s['tricks']['EW']}{moved}")
    out: dict[str, Any] = {"head": head, "sheet": sheet(s), "notes": list(s["notes"]), "options": []}
    e = s.get("election")
    if e:
        out["election"] = (f"L{e['law']} election by {_seat(e['elector'])} (" +
                           (f"elected {e['elected']}" if e["elected"] else "not yet elected") + "); each option:")
        out["options"] = [{"choice": f"{choice}:", "sheet": sheet(option)} for choice, option in e["options"].items()]
    return out


# ---------------------------------------------------------------- what may be recorded next


def _button(line: str, label: str | None = None, cls: str = "") -> dict[str, str]:
    return {"line": line, "label": label or line, **({"class": cls} if cls else {})}


def _starts(table: dict[str, Any], r: dict[str, Any]) -> list[dict[str, str]]:
    """The acts that need words of their own, as the start of their line: the Director's among them
    where a judgment is awaited (L70) or may be needed (L64C)."""
    seat = table.get("declarer") or "S"
    starts = [{"label": "claim…", "start": f"claim {seat} "}, {"label": "claim a revoke…", "start": "claim-revoke NS "},
              {"label": "mix…", "start": "mix "}, {"label": "attention…", "start": f"attention {table.get('dummy') or 'N'} "},
              {"label": "restore…", "start": "restore "}, {"label": "note…", "start": "note by= "}]
    if any(i.get("judgment") and i["judgment"]["given"] is None for i in r["irregularities"]):
        starts.append({"label": "adjudicate…", "start": "adjudicate "})  # the Director's decision (L70)
    if any((v.get("transfer") or {}).get("equity") for v in r["revokes"]):
        starts.append({"label": "adjust…", "start": "adjust 64C NS"})  # the Director's adjusted score (L64C, L12C)
    return starts


def _substituted(r: dict[str, Any], v: dict[str, Any]) -> bool:
    """Whether declarer chose that the penalty card be put in place of revoke `v`'s card (L52B2)."""
    return any(i["kind"] == IrregularityKind.PENALTY_CARD_NOT_PLAYED and i["seat"] == v["seat"]
               and i["event"] == v["event"]
               and (i.get("penalty") or {}).get("elected") == Election.SUBSTITUTE for i in r["irregularities"])


def _ruled_acts(r: dict[str, Any]) -> Iterator[str]:
    """The acts the rulings open, as lines: "having none?" asked of a revoker, a correctable revoke
    withdrawn, each election a penalty awaits."""
    for v in r["revokes"]:
        # "Having none?" may be asked, and must be recorded, after the revoke is established too (L85).
        if v["status"] in (RevokeStatus.CORRECTABLE, RevokeStatus.ESTABLISHED) and v["kind"] == RevokeKind.REVOKE:
            yield canonical("ask", {"asker": partner(v["seat"]), "asked": v["seat"]})
        if v["status"] == RevokeStatus.CORRECTABLE and ("52" not in v["laws"] or _substituted(r, v)):
            # (a penalty card not played, L52: not withdrawn on its player's own initiative, L52A,
            # but once declarer has chosen that the penalty card be put in its place, L52B2)
            yield canonical("withdraw", {"seat": v["seat"], "card": v["card"]})
        p = v["penalty"]
        if p and p.get("elector") and not p.get("elected"):
            for o in p["options"]:
                yield canonical("elect", {"seat": p["elector"], "choice": o, "words": []})
    for i in r["irregularities"]:
        p = i.get("penalty")
        if p and p.get("elector") and not p.get("elected"):
            for o in p["options"]:
                if o not in ("lead", "forbid", "call"):  # (these name a suit or a card: written in the line)
                    for seat in p["elector"]:  # (a side's: either of its players, L55A)
                        yield canonical("elect", {"seat": seat, "choice": o, "words": []})


def next_acts(table: dict[str, Any], r: dict[str, Any], last_line: str, last: int) -> dict[str, Any]:
    """The room's buttons at the last event: each act as the line the vocabulary writes, and a
    label; the cards each seat may be recorded playing; the acts that need words of their own, as
    the start of their line; the undo (a strike of the last event, confirmed)."""
    buttons: list[dict[str, str]] = []

    def add(line: str, label: str | None = None) -> None:
        if not any(b["line"] == line for b in buttons):
            buttons.append(_button(line, label))

    for line in _ruled_acts(r):
        add(line)
    for q in table.get("questions", []):
        # In words a director will not misclick: "yes" is "I do hold one".
        add(canonical("answer", {"seat": q["asked"], "answer": "yes"}), f"{_seat(q['asked'])} holds one (yes)")
        add(canonical("answer", {"seat": q["asked"], "answer": "no"}), f"{_seat(q['asked'])} has none (no)")
    trick = table.get("trick")
    # A trick is turned and quitted once it is whole (its winner known), not before.
    if trick and trick.get("winner") and not trick.get("quitted_by"):
        add(canonical("quit", {"side": "NS"}))
        add(canonical("quit", {"side": "EW"}))
    # Undo is no deletion: the last card played may be taken back, as the laws let it be.
    words = last_line.split()
    if len(words) == 3 and words[0] == "play":
        add(canonical("withdraw", {"seat": words[1], "card": words[2]}))
    # A claim a player may still doubt (standing, or played past without being voided: the table's
    # `claim_open_to_doubt`), the Director not having adjudicated it: any player may doubt it (L68B2,
    # L68D2).
    if table.get("claim_open_to_doubt"):
        for s in SEATS:
            add(canonical("doubt", {"seat": s}), f"{_seat(s)} doubts the claim")
    add(canonical("inspect", {}))
    add(canonical("cut", {}))
    starts = _starts(table, r)
    plays = {s: {c: canonical("play", {"seat": s, "cards": [c]}) for c in (h.get("held") or [])}
             for s, h in table["hands"].items()}
    undo = None
    # (an undo is a strike: the last event struck is not offered to be struck in its turn)
    if last > 3 and words[:1] != ["strike"]:
        undo = {"label": f"undo event {last}…",
                "line": canonical("strike", {"event": last, "author": "room", "reason": "undone from the room"}),
                "confirm": f"Strike event {last} ('{last_line}') from the record? The record keeps it, struck, "
                           f"with this correction."}
    return {"buttons": buttons, "starts": starts, "plays": plays, "undo": undo}


# ---------------------------------------------------------------- the names a page draws with

NAMES = {"seats": dict(SEAT_NAMES), "suits": dict(SUIT_NAMES), "symbols": SYMBOLS}


def call_text(word: str) -> str:
    """A call as a bidding diagram shows it: Pass, Dbl, Rdbl, 1♥, 3NT (royal spades: 2 royal ♠)."""
    if word == "pass":
        return "Pass"
    if word in ("X", "XX"):
        return {"X": "Dbl", "XX": "Rdbl"}[word]
    level, strain = word[0], word[1:]
    if strain in ("N", "NT"):
        return f"{level}NT"
    if strain == "R":
        return f"{level} royal {SYMBOLS['S']}"
    return f"{level}{SYMBOLS.get(strain, strain)}"


def auction(table: dict[str, Any]) -> dict[str, Any]:
    """The auction as the room draws it beside the table (a bidding diagram, as the report prints it:
    `projections.report.bidding`): `columns` the seats' names West North East South, `dealer`'s
    name, `rows` of four calls in words (`call_text`; "" before the dealer's first call and after
    the last); or `none`, the sentence that says no auction is recorded."""
    from projections.report import BIDDING_COLUMNS, bidding

    calls = table.get("calls") or []
    if not calls:
        contract = table.get("contract")
        return {"none": "No auction is recorded" + (f"; the contract, {contract}, is as the record gives it."
                                                   if contract else ".")}
    said = {alert["call"]: alert["text"] for alert in table.get("alerts") or ()}
    b = bidding(table.get("dealer"), list(calls), said)
    return {"columns": [SEAT_NAMES[s] for s in BIDDING_COLUMNS], "dealer": _seat(table.get("dealer"), ""),
            "rows": [["" if c is None else _call_cell(c["call"], c["alert"]) for c in row] for row in b["rows"]],
            "alerts": [alert_said(a) for a in b["alerts"]]}


def alert_said(alert: dict[str, Any]) -> str:
    """A note under a bidding diagram (`projections.report.bidding`'s `alerts`): the call alerted or
    explained and what was said of it, "2: North's 2♦, alerted: transfer to hearts"."""
    whose = f"{SEAT_NAMES[alert['seat']]}'s " if alert.get("seat") else ""
    call = call_text(alert["word"])
    said = f": {alert['text']}" if alert["text"] else "; no explanation is recorded"
    return f"{alert['number']}: {whose}{call}, alerted{said}"


def _call_cell(word: str, alert: int | None = None) -> Any:
    """A call in a drawn bidding diagram: its words, or a suit bid as its level and its suit (the
    page draws the suit's symbol in its colour); with `alert`, the number of its note under the
    diagram (a call alerted or explained)."""
    text = call_text(word)
    strain = word[1:]
    cell: dict[str, Any] = {"text": text}
    if word[0].isdigit() and strain in SYMBOLS:
        cell.update(level=word[0], suit=strain)
    if alert is not None:
        cell["alert"] = alert
    return cell if len(cell) > 1 else text


_SIDE_NAMES = {"NS": "North-South", "EW": "East-West"}
# An election (`elect SEAT CHOICE`, bridge.lines.CHOICES) as a committee reads what was chosen.
_CHOICE_SAID = {
    "points": "150 points in the honor column (L84b)", "tricks": "three tricks (L84b)",
    "exposed": "that the card be treated as exposed (L86)", "highest": "the offender's highest card of the suit (L86)",
    "lowest": "the offender's lowest card of the suit (L86)",
    "win": "that the offender's side win the trick (L80)", "lose": "that the offender's side lose the trick (L80)",
    "lead": "to call a lead (L76)", "forbid": "to forbid a lead (L66)", "call": "to call the exposed card (L67)",
    "new-deal": "a new deal (L81)", "stand": "that the result stand (L81)",
    "accept": "to accept the lead out of turn (L53)", "retract": "that the lead out of turn be retracted (L56)",
    "spread": "to spread his hand and become dummy (L54A)",
    "none": "to restrict no lead, the penalty card staying on the table (L50D2)",
    "substitute": "the penalty card in place of the card played (L52B2)",
}
_TRICK_AT = {"playing": "during trick {t}", "complete": "with the four cards of trick {t} on the table, before it "
             "was quitted", "quitted": "after trick {t} was quitted"}


def trick_at(where: dict[str, Any]) -> str:
    """Where an act fell in the play (`projections.compare.where_in_play` of the moment before it):
    "during trick 2", "after trick 3 was quitted", "before the first card was played"."""
    return _TRICK_AT.get(where.get("at") or "", "before the first card was played").format(t=where.get("trick"))


def act_said(act: dict[str, Any]) -> str:
    """An act of the record (`projections.report.acts_told`) in a committee's words, with where it
    fell: "West asked East 'having none?' after trick 5 was quitted", "East played ♣5 to trick 4".
    No transcript notation: the report prints these, the JSON keeps the keys. Each kind's words
    are its entry in `_ACT_WORDS`; a kind with none there is said by its name."""
    kind = act["kind"]
    who = SEAT_NAMES.get(act.get("seat", ""), "")
    words = _ACT_WORDS.get(kind)
    said = words(act, who, trick_at(act)) if words else f"{kind.replace('-', ' ')}{' by ' + who if who else ''}"
    said = said[0].upper() + said[1:]
    fix = act.get("corrected")
    if fix:
        said += (f" (struck from the record at event {fix['correction']}" if fix["kind"] == "struck"
                 else f" (amended at event {fix['correction']}") + (f": {fix['reason']})" if fix.get("reason") else ")")
    return said


def _played_said(act: dict[str, Any], who: str, when: str) -> str:
    if len(act["played"]) == 1:
        seat, cards = act["played"][0]
        said = f"{SEAT_NAMES[seat]} played {' and '.join(card_text(c) for c in cards)}"
    else:
        said = "faced together: " + "; ".join(f"{SEAT_NAMES[s]} {' and '.join(card_text(c) for c in cs)}"
                                              for s, cs in act["played"])
    return f"{said} to trick {act['trick']}" + (", not following suit: a revoke" if act.get("revoke") else "")


def _answer_said(act: dict[str, Any], who: str, when: str) -> str:
    suit = SUIT_NAMES.get(act.get("suit") or "", "the suit").lower()
    holds = f"holds a card of {suit}" if act.get("suit") else "holds a card of the suit"
    return f"{who} answered that he {holds if act['answer'] == 'yes' else 'has none of it'}, {when}"


def _withdraw_said(act: dict[str, Any], who: str, when: str) -> str:
    why = " (misinformed by an opponent)" if act.get("misinformed") else \
        " (dummy's card, which declarer had not named)" if act.get("not_named") else ""
    return f"{who} took back {card_text(act['card'])}{why}, {when}"


def _expose_said(act: dict[str, Any], who: str, when: str) -> str:
    said = f"{who}'s {card_text(act['card'])} was exposed, {when}"
    if act.get("penalty_card"):  # (the ruling on it then: L49, L50; and where it left the table)
        said += f": a {act['penalty_card']} penalty card (L{act.get('law') or '50'}, L50)"
    if act.get("played"):
        said += f"; {who} played it to trick {act['played']['trick']} (event {act['played']['event']})"
    return said


def _elect_said(act: dict[str, Any], who: str, when: str) -> str:
    named = " ".join(card_text(w) if len(w) > 1 else SUIT_NAMES.get(w, w) for w in act.get("words", []))
    chose = _CHOICE_SAID.get(act["choice"], act["choice"].replace("-", " "))
    return f"{who} chose {chose}{' (' + named + ')' if named else ''}, {when}"


def _claim_said(act: dict[str, Any], who: str, when: str) -> str:
    return f"{who} claimed {act['tricks']} of the remaining tricks, {when}" + \
        (f", stating: '{act['text']}'" if act.get("text") else ", stating no line of play")


# What befell a card, said the same way for each of these kinds.
_CARD_VERBS = {"restore": "was restored to his hand", "surplus": "was named a surplus card",
               "found": "was found (a missing card)", "put-right": "was put right in its trick"}

# Each kind's words in `act_said`: the act, its player's name ("" for none), where it fell.
_ACT_WORDS: dict[str, Callable[[dict[str, Any], str, str], str]] = {
    "play": _played_said,
    "ask": lambda act, who, when: f"{SEAT_NAMES[act['asker']]} asked {SEAT_NAMES[act['asked']]} 'having none?' {when}",
    "answer": _answer_said,
    "quit": lambda act, who, when: f"{_SIDE_NAMES[act['side']]} turned and quitted trick {act['trick']}",
    "withdraw": _withdraw_said,
    "expose": _expose_said,
    "elect": _elect_said,
    "claim": _claim_said,
    "doubt": lambda act, who, when: f"{who} disputed the claim, {when}",
    "adjudicate": lambda act, who, when: (f"the Director adjudicated the claim: {act['tricks']} tricks to the "
                                          "claimer's side" + (f" ({act['text']})" if act.get("text") else "")),
    "claim-revoke": lambda act, who, when: f"{_SIDE_NAMES[act['side']]} claimed a revoke by {who}, {when}",
    "attention": lambda act, who, when: f"{who} drew attention to an incident ('{act.get('text', '')}'), {when}",
    "adjust": lambda act, who, when: (f"the Director adjusted the score under L{act.get('law', '')}"
                                      + (f": {act['text']}" if act.get("text") else "")),
    "unknown": lambda act, who, when: f"{who} played a card the record does not know, to trick {act.get('trick')}",
    **{kind: (lambda act, who, when, verb=verb: f"{who}'s {card_text(act['card'])} {verb}, {when}")
       for kind, verb in _CARD_VERBS.items()},
    "mix": lambda act, who, when: f"{who} mixed his quitted tricks, {when}",
    "inspect": lambda act, who, when: f"a quitted trick was inspected, {when}",
    "cut": lambda act, who, when: "the cards were cut",
}
