"""What the faces print: the table drawn as bridge columns draw it, the rulings in words, the
timeline of what each event changed, the score, the rubber's pad, a scan's lines, and a stored
hand written back as a transcript or PBN. Pure functions from values to strings."""

from __future__ import annotations

import textwrap

from typing import Any, Iterable

from bridge.cards import SEAT_NAMES, SUIT_SYMBOLS, SUITS, Card, other_side, sorted_hand
from bridge.rulesets import RULESETS

from projections.moment import Moment, at, statements
from projections.record import corrected
from projections.rulings.render import seat_said
from projections.rulings.state import RevokeKind, RevokeStatus
from projections.events import as_events
from projections.table import Table, open_questions
from formats import transcript

from . import wording
from .wording import plain

WIDTH = 14  # the width of one hand's column


def _suit_line(cards: Iterable[Card], suit: str) -> str:
    ranks = wording.ranks(c.rank for c in sorted_hand(cards) if c.suit == suit)
    return f"{SUIT_SYMBOLS[suit]} {ranks or '—'}"


def _hand_lines(table: Table, seat: str) -> list[str]:
    held = table.hands[seat]
    role = ""
    if table.contract:
        if seat == table.declarer:
            role = " (declarer)"
        elif seat == table.dummy:
            role = " (dummy)"
    head = f"{SEAT_NAMES[seat]}{role}"
    if held is None:
        shown = table.shown[seat]
        lines = [head, "not known"]
        if shown:
            lines.append("played: " + " ".join(c.show() for c in shown))
        return lines
    lines = [head] + [_suit_line(held, s) for s in SUITS]
    unknown = table.unknown.get(seat, 0)
    if unknown:  # (`projections.unknown_cards`: his hand keeps them, which one was played is not known)
        lines.append(f"({'one' if unknown == 1 else unknown} of these played, not known)")
    return lines


def diagram(table: Table) -> str:
    """North on top, West and East beside, South below."""
    north, south = _hand_lines(table, "N"), _hand_lines(table, "S")
    west, east = _hand_lines(table, "W"), _hand_lines(table, "E")
    pad = " " * (WIDTH + 4)
    out = [pad + line for line in north]
    out.append("")
    for i in range(max(len(west), len(east))):
        w = west[i] if i < len(west) else ""
        e = east[i] if i < len(east) else ""
        out.append(f"{w:<{WIDTH + 4}}{'':<{WIDTH}}{e}".rstrip())
    out.append("")
    out.extend(pad + line for line in south)
    return "\n".join(out)


def trick_lines(table: Table) -> list[str]:
    out = []
    for t in table.tricks:
        cards = "  ".join(f"{p.seat} {p.card.show()}" + ("+" if p.surplus else "")
                          for p in t.live)
        withdrawn = [p for p in t.plays if not p.live]
        if withdrawn:
            cards += "   (taken back: " + " ".join(f"{p.seat} {p.card.show()}" for p in withdrawn) + ")"
        state = []
        w = t.winner(table.trump)
        if table.won_in_play(t) and w:
            state.append(f"won by {SEAT_NAMES[w]}")
        if t.quitted:
            state.append(f"quitted by {t.quitted_by}" + (" (counted, §2K.9)" if t.quit_implicit else ""))
        elif not t.complete:
            state.append("in progress")
        out.append(f"trick {t.number:>2}: {cards}" + (f"  — {', '.join(state)}" if state else ""))
    return out


def show(moment: Moment) -> str:
    table = moment.table
    lines = [f"hand {table.hand_id} after event {table.at}   ruleset {table.ruleset}"]
    if table.contract:
        lines.append(f"contract {table.contract}   dealer {table.dealer or '?'}")
    seated = [f"{s} {table.tags[s]}" for s in ("North", "East", "South", "West") if table.tags.get(s)]
    if seated:
        lines.append("players: " + ", ".join(seated))
    occasion = [f"{k.lower()} {v}" for k, v in table.tags.items() if k not in ("North", "East", "South", "West", "Fault")]
    if occasion:
        lines.append("; ".join(occasion))
    if table.tags.get("Fault"):  # an archive's play kept up to a physical fault (formats.archive)
        lines.append(f"faulty record: {table.tags['Fault']}")
    if (table.source or {}).get("encoding"):  # an archive not UTF-8: the code page its words were read in
        lines.append(f"read from {table.source.get('file')}, not UTF-8, as {table.source['encoding']}")
    lines.append("")
    lines.append(diagram(table))
    lines.append("")
    lines.extend(trick_lines(table))
    won = table.won()
    lines.append(f"tricks won: NS {won['NS']}, EW {won['EW']}")
    if table.claim:
        seat, n, event = table.claim
        lines.append(f"claim: {SEAT_NAMES[seat]} claims {n} of the remaining tricks (event {event})")
    nxt = table.expected()
    if nxt:
        lines.append(f"to play: {SEAT_NAMES[nxt]}")
    if moment.judge.exposed:
        lines.append("exposed: " + ", ".join(f"{SEAT_NAMES[x.seat]}'s {x.card.show()} (L{x.law})"
                                             for x in moment.judge.exposed))
    for el in table.elections:
        extra = (" " + " ".join(el.words)) if el.words else ""
        lines.append(f"election: {SEAT_NAMES[el.seat]} elected {el.choice}{extra} (event {el.event})")
    for q in open_questions(table):
        lines.append(f"open question: {SEAT_NAMES[q.asker]} asked {SEAT_NAMES[q.asked]} 'having none?' (event {q.event})")
    lines.append("")
    lines.append(rulings_text(moment.rulings()))
    said = statements(moment)
    if said:
        lines.append(statements_text(said))
    return "\n".join(lines)


def rulings_text(r: dict[str, Any]) -> str:
    """The rulings at a moment as a terminal shows them: the words of `handrec.wording`, the same the
    room draws and the report prints."""
    w = wording.rulings(r)
    lines = [plain(c) for c in w["corrections"]]
    if w["no_revoke"]:
        lines.append(w["no_revoke"])
    for v in w["revokes"]:
        lines.append(plain(v["head"]))
        lines.extend(f"  {text}" for text in (v["explanation"], *v["remarks"], plain(v["facts"]),
                                             v["penalty"], v["barred"], v["transfer"], v["equity"]) if text)
    for i in w["irregularities"]:
        lines.append(plain(i["head"]))
        lines.extend(f"  {text}" for text in (i["explanation"], i["penalty"]) if text)
    lines.extend(plain(x) for x in w["exposed"])
    lines.extend(plain(d) for d in w["decisions"])
    return "\n".join(lines)


def statements_text(said: list[dict[str, Any]]) -> str:
    """What was said, as `rulings` and `show` print it beside the ruling."""
    return "\n".join(["Statements:", *(f"  {plain(line)}" for line in wording.statements(said))])


# ---------------------------------------------------------------- two accounts


def not_accounts_of_one_hand(a: str, b: str, family_a: list[str], family_b: list[str]) -> str | None:
    """Why hands `a` and `b` are not compared (`handrec compare`, the room's /compare), given the accounts of the hand
    each is an account of (`HandRecorder.accounts`: the first account, then the others); None when
    they are two accounts of one hand."""
    if a == b:
        return f"the comparison names hand '{a}' twice; a comparison is of two accounts of one hand"
    if family_a[0] != family_b[0] or b not in family_a:
        return (f"hands '{a}' and '{b}' are not two accounts of one hand: '{a}' is an account of hand "
                f"'{family_a[0]}' and '{b}' of hand '{family_b[0]}'; a comparison is of the accounts of one hand "
                f"('handrec branch' opens a second account)")
    return None


def compare_text(c: dict[str, Any]) -> str:
    """`compare`: where the two accounts part, then each ruling and the score, under each."""
    a, b = c["accounts"]
    out = [f"{a} (after event {c['at'][0]}) and {b} (after event {c['at'][1]}), {c['ruleset'][0]}"]
    d, parted = c["first_difference"], c.get("parting")
    if d is None:
        out.append("The two records are the same event for event.")
    else:
        if parted is None:  # (only statements, tags, findings or appeals differ)
            out.append("Their acts are the same; what differs is what is said of them (statements, tags, "
                       "findings, appeals).")
        else:
            there = [f"'{s['line']}' (its event {s['event']}, {wording.trick_at(s)})" if s is not None
                     else "no such act" for s in parted["sides"]]
            out.append(f"They part at: {a} has {there[0]}, {b} has {there[1]}.")
        rows = c.get("aligned") or []
        start = next((i for i, r in enumerate(rows) if r["differs"]), len(rows))
        if start < len(rows):
            # The same act side by side, whatever its number in each; one an account lacks, so said.
            # Each side in a column of its own, a long line wrapped within it (never cut).
            out.append("Act by act from their first difference (event: line; '—' where the account has no "
                       "such act):")
            width = min(_COMPARE_COLUMN, max(len(_act(r["sides"][0])) for r in rows[start:]))
            for r in rows[start:]:
                mark = "≠" if r["differs"] else " "
                left = textwrap.wrap(_act(r["sides"][0]), width) or [""]
                right = textwrap.wrap(_act(r["sides"][1]), _COMPARE_COLUMN) or [""]
                for k in range(max(len(left), len(right))):
                    out.append(f"  {mark if k == 0 else ' '} {(left[k] if k < len(left) else '').ljust(width)}  |  "
                               f"{right[k] if k < len(right) else ''}".rstrip())
    for title, pairs in (("Revokes", c["revokes"]), ("Irregularities", c["irregularities"]),
                         ("Cards face up on the table (penalty cards)", c.get("exposed", []))):
        if not pairs:
            out.append(f"{title}: none under either account.")
            continue
        out.append(f"{title}:")
        for p in pairs:
            about = p["about"]
            what = " ".join(str(x) for x in (about.get("kind"), SEAT_NAMES.get(about.get("seat") or "", ""),
                                             f"trick {about['trick']}" if about.get("trick") else "",
                                             about.get("card", "")) if x)
            out.append(f"  {what}: {'the same under both' if p['equal'] else 'differs'}")
            for name, side in zip((a, b), p["accounts"]):
                said = wording.face_up_said(side) if about.get("kind") == "exposed" else ruling_words(side, c['ruleset'][0])
                out.append(f"    {name}: {said}")
    for title, pair in (("Transfer", c["transfer"]), ("Score", c["score"])):
        if title == "Transfer" and pair["accounts"] == [None, None]:
            continue
        out.append(f"{title}: {'the same under both' if pair['equal'] else 'differs'}")
        for name, value in zip((a, b), pair["accounts"]):
            out.append(f"    {name}: {score_words(value) if title == 'Score' else _tricks_moved(value)}")
    return "\n".join(out)


_COMPARE_COLUMN = 60  # the widest column of `compare`'s act-by-act rows, in characters (two fit a terminal)


def _act(side: dict[str, Any] | None) -> str:
    return "—" if side is None else f"{side['event']}: {side['line']}"


def _tricks_moved(moved: dict[str, int] | None) -> str:
    """The tricks the revokes transfer, by side, in words: '1 trick to NS', 'none'."""
    if not moved or not any(moved.values()):
        return "no trick transferred"
    return ", ".join(f"{n} trick{'s' if n != 1 else ''} to {side}" for side, n in moved.items() if n)


def ruling_words(r: dict[str, Any] | None, ruleset: str | None = None) -> str:
    if r is None:
        return "no such ruling"
    status, at, laws = wording.ruling_parts(r)
    # (a ruling with no status, as an irregularity whose rectification is an election: its event and laws)
    words = " ".join(x for x in (status.upper(), f"at event {at}" if at else "",
                                 f"[L{', L'.join(laws)}]" if laws else "") if x)
    p = r.get("penalty")
    if p:
        words += "; " + wording.penalty(p, r.get("code") or ruleset)
    moved = wording.transfer(r.get("transfer"), status)
    if moved:
        words += "; " + moved
    return words


def score_words(s: dict[str, Any]) -> str:
    if "none" in s:
        return s["none"]
    if "score" in s:  # a duplicate board
        return f"{s['contract']} by {s['declarer']}, {s['tricks']['NS']}-{s['tricks']['EW']} tricks: NS {s['score']['NS']:+d}"
    return (f"{s['contract']} by {s['declarer']}, tricks NS {s['tricks']['NS']} EW {s['tricks']['EW']}: "
            f"NS {s['NS']['trick']} trick + {s['NS']['honor']} honor, EW {s['EW']['trick']} trick + "
            f"{s['EW']['honor']} honor" + (f" (declarer elects: {s['election']['elected'] or 'not yet'})"
                                            if s.get("election") else ""))


# ---------------------------------------------------------------- the timeline


def timeline_text(rows: list[dict[str, Any]]) -> str:
    out = []
    for row in rows:
        out.append(f"{row['event']:>4}  {row['line']}")
        if row.get("shared_from"):
            shared = row["shared_from"]
            out.append(f"        (a correction of a shared event, stored in {shared['account']} as event {shared['event']})")
        fix = row.get("corrected")
        if fix:
            who = f" by {fix['author']}" if fix["author"] else ""
            why = f": {fix['reason']}" if fix["reason"] else ""
            if fix["kind"] == "struck":
                out.append(f"        ✗ struck at event {fix['correction']}{who}{why}")
            else:
                out.append(f"        ✗ amended at event {fix['correction']}{who} to '{fix['as_corrected']}'{why}")
        for c in row["changes"]:
            out.append(f"        → {c}")
    return "\n".join(out)


# ---------------------------------------------------------------- the score


def _sheet_lines(sheet: dict[str, Any], indent: str = "") -> list[str]:
    out = []
    for side in ("NS", "EW"):
        for column in ("honor", "trick"):
            items = [i for i in sheet["items"] if i["side"] == side and i["column"] == column]
            for i in items:
                out.append(f"{indent}{side} {column:<5} {i['points']:>5}  {i['why']} [L{', L'.join(i['laws'])}]")
    out.append(f"{indent}NS: trick {sheet['NS']['trick']}, honor {sheet['NS']['honor']}    "
               f"EW: trick {sheet['EW']['trick']}, honor {sheet['EW']['honor']}")
    return out


def duplicate_score_text(s: dict[str, Any]) -> str:
    """A board scored under a duplicate code (L77): its items, then the board's score for each side."""
    if s["declarer"] is None:
        head = f"hand {s['hand']}: passed out ({s['ruleset']})"
    else:
        tricks = s["tricks"]
        head = (f"hand {s['hand']}: {s['contract']} by {s['declarer']} ({s['ruleset']}); "
                f"tricks NS {tricks['NS']}, EW {tricks['EW']}")
        if s["penalty_tricks"]:
            head += f" ({s['penalty_tricks']} transferred)"
    lines = [head, ""]
    for i in s["items"]:
        lines.append(f"{i['side']} {i['column']:<7} {i['points']:>5}  {i['why']} [L{', L'.join(i['laws'])}]")
    lines.append(f"score: NS {s['score']['NS']:+d}, EW {s['score']['EW']:+d}")
    lines.extend(f"note: {n}" for n in s["notes"])
    return "\n".join(lines)


def score_text(s: dict[str, Any]) -> str:
    if "score" in s:  # a duplicate code's board (projections.duplicate_score)
        return duplicate_score_text(s)
    tricks = s["tricks"]
    head = f"hand {s['hand']}: {s['contract']} by {s['declarer']}; tricks NS {tricks['NS']}, EW {tricks['EW']}"
    if s["penalty_tricks"]:
        head += f" ({s['penalty_tricks']} penalty tricks)"
    lines = [head, ""]
    lines.extend(_sheet_lines(s))
    for note in s["notes"]:
        lines.append(f"note: {note}")
    if s["election"]:
        e = s["election"]
        state = f"elected {e['elected']}" if e["elected"] else "not yet elected"
        lines.append("")
        lines.append(f"L84b election by {e['elector']} ({state}); each option:")
        for choice, sheet in e["options"].items():
            lines.append(f"  {choice}:")
            lines.extend(_sheet_lines(sheet, "    "))
            lines.extend(f"    note: {n}" for n in sheet["notes"] if n not in s["notes"])
    if any(s["as_played"][k] != s[k] for k in ("NS", "EW", "items")):
        lines.append("")
        lines.append("as the cards fell, without revoke penalties:")
        lines.extend(_sheet_lines(s["as_played"], "  "))
    return "\n".join(lines)


# ---------------------------------------------------------------- the rubber


def rubber_text(r: dict[str, Any]) -> str:
    """The sheet as a score pad: the honor column above the line, trick scores below it, a line
    ruled under each game."""
    w = 24
    lines = [f"rubber {r['rubber']}", f"{'':<{w}}{'NS':>8}{'EW':>8}", ""]
    for row in r["hands"]:
        ns, ew = row["NS"]["honor"], row["EW"]["honor"]
        if ns or ew:
            lines.append(f"{row['hand'] + ' ' + row['contract']:<{w}}{ns or '':>8}{ew or '':>8}")
    lines.append("-" * (w + 16) + "  honors above, tricks below")
    game = 1
    for row in r["hands"]:
        if row["game"] != game:
            game = row["game"]
        ns, ew = row["NS"]["trick"], row["EW"]["trick"]
        lines.append(f"{row['hand'] + ' ' + row['contract']:<{w}}{ns or '':>8}{ew or '':>8}")
        ended = next((g for g in r["games"] if g["last_hand"] == row["hand"]), None)
        if ended:
            lines.append("=" * (w + 16) + f"  game {ended['game']} to {ended['won_by']}")
    if r["winner"]:
        bonus = (r["bonus"], "") if r["winner"] == "NS" else ("", r["bonus"])
        lines.append(f"{'rubber (L11)':<{w}}{bonus[0]:>8}{bonus[1]:>8}")
    lines.append(f"{'totals':<{w}}{r['totals']['NS']:>8}{r['totals']['EW']:>8}")
    lines.append("")
    gw = r["games_won"]
    if r["finished"]:
        lines.append(f"{r['winner']} win the rubber, {gw[r['winner']]} games to {gw[other_side(r['winner'])]}; "
                     f"its value is {r['value']}.")
    else:
        lines.append(f"The rubber is not over: games NS {gw['NS']}, EW {gw['EW']}.")
    for h in r["hands_after_the_rubber"]:
        lines.append(f"note: hand {h} was played after the rubber was over and is not counted.")
    for u in r["unscored"]:
        lines.append(f"note: hand {u['hand']} is not scored: {u['why']}.")
    for c in r["corrections_refused"]:
        lines.append(f"note: the correction of hand {c['hand']} ({c['side']} {c['column']} {c['points']:+d}) made in "
                     f"hand {c['made_in']} is refused: {c['why']}.")
    return "\n".join(lines)


# ---------------------------------------------------------------- the scan


def scan_line(row: dict[str, Any]) -> str:
    src = row["source"]
    where = f"  ({src.get('file')}, board {src.get('board')}{', ' + src['room'] if src.get('room') else ''})" if src else ""
    if "irregularity" in row:
        who = seat_said(row["irregularity"], row["seat"], then=" at ")  # (who did it, or whom it concerns)
        return f"{row['hand']}: {row['irregularity']}{who}event {row['event']} [L{', L'.join(row['laws'])}]{where}"
    judged = f"; {row['verdict']} ({', '.join(row['evidence'])})" if row.get("verdict") and row.get("evidence") else (
        f"; {row['verdict']}" if row.get("verdict") else "")
    faulty = f"; faulty record, {row['fault']}" if row.get("fault") else ""
    dummy = " (dummy)" if row.get("kind") == RevokeKind.DUMMY else ""
    return (f"{row['hand']}: {row['seat']}{dummy} revoked in trick {row['trick']}, {row['card']} on {row['suit']} led, "
            f"{row['status']} [L{', L'.join(row['laws'])}]{where}{judged}{faulty}")


# ---------------------------------------------------------------- a stored hand written back


def transcript_text(stored: Iterable[Any]) -> str:
    """The hand as the transcript the recorder would read back: one canonical line an event."""
    return transcript.text(as_events(stored))


def pbn_text(stored: Iterable[Any]) -> str:
    """The hand as one PBN game of the record as corrected, `^R` before each revoke the rulings say
    was established and the record's own marks before their cards; the corrections themselves are
    commentary. The hand at its end is made the plain value the writer takes here
    (`formats.pbn.Record`); the writer judges nothing."""
    from formats import pbn  # (the PBN wing: imported by the command that writes PBN only)
    from projections.score import tricks_won  # (the score: neither do the read commands of views)

    events = corrected(as_events(stored))
    moment = at(events)
    table = moment.table
    won, _ = tricks_won(table)
    established = frozenset((r["trick"], r["card"]) for r in moment.rulings()["revokes"]
                            if r["status"] == RevokeStatus.ESTABLISHED)
    return pbn.write(pbn.Record(
        entries=tuple(pbn.Entry(e.number, e.kind, e.args, e.line) for e in events),
        source=table.source, tags=table.tags, ruleset=table.ruleset, options=table.options,
        dealer=table.dealer, calls=tuple(table.calls), alerts=table.alerts, contract=table.contract,
        tricks=tuple(pbn.PlayedTrick(t.number, tuple(pbn.Played(p.seat, p.card, p.event) for p in t.cards))
                     for t in table.tricks),
        claimed=table.claim is not None, established=established, won=won))


def double_dummy_text(out: dict[str, Any]) -> str:
    """`handrec double-dummy`: each claim's tricks and what each revoke gained, double dummy."""
    if out["left_out"]:
        return f"hand {out['hand']}: {out['left_out']}."
    lines = [f"hand {out['hand']}, double dummy"]
    c = out["claim"]
    if c is None:
        lines.append("no claim ended the play")
    elif c.get("double_dummy") is None:
        lines.append(f"claim by {SEAT_NAMES[c['seat']]} at event {c['event']}: {c['claimed']} tricks; not estimated "
                     f"({c['left_out']})")
    else:
        lines.append(f"claim by {SEAT_NAMES[c['seat']]} at event {c['event']}: {c['claimed']} of the {c['left']} "
                     f"tricks left claimed; double dummy {c['side']} make {c['double_dummy']}")
    if not out["revokes"]:
        lines.append("no revoke")
    for r in out["revokes"]:
        head = f"{SEAT_NAMES[r['seat']]}'s revoke, trick {r['trick']} ({r['card']}, event {r['event']})"
        if r.get("gain") is None:
            lines.append(f"{head}: not estimated ({r['left_out']})")
        else:
            gained = ("gained nothing" if r["gain"] <= 0 else
                      f"gained {r['gain']} trick{'s' if r['gain'] != 1 else ''}")
            lines.append(f"{head}: {gained} (his side makes {r['legal']} from that trick on with his best legal "
                         f"card, {r['as_played']} as played)")
    return "\n".join(lines)


def ruled_under(r: Any) -> str:
    """What a recording act says of a hand it opened (`Recorded.ruleset`): the code it is ruled
    under and whence it came, never silent; "" for a hand already stored."""
    if not r.ruleset:
        return ""
    whence = {"named": "", "store": ", this store's default: HANDREC_RULESET",
              "default": ", the default: a hand line names another with ruleset=, and a club sets its own "
                         "with HANDREC_RULESET"}[r.ruleset_from]
    return f"; ruled under {RULESETS[r.ruleset].title} ({r.ruleset}{whence})"


def codes_said(codes: dict[tuple[str, str], int]) -> str:
    """How many new hands each code rules, and whence it came: 'auction-1912 (96, the default: a hand
    line names another with ruleset=), duplicate-2017 (37, named on their lines)'."""
    whence = {"named": "named on their lines", "store": "this store's default: HANDREC_RULESET",
              "default": "the default: a hand line names another with ruleset="}
    return ", ".join(f"{name} ({n}, {whence[came]})" for (name, came), n in sorted(codes.items()))
