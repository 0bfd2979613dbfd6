"""The words once (issue 41, part 5): the rulings record what happened as a sentence's identifier
and its facts (`projections.rulings.sentences.Said`), and every sentence is made from them in one
module (`sentences.SENTENCES`). A module of the rulings that says its facts builds no prose: no
f-string, no words of its own given as an irregularity's or a revoke's explanation or remark."""

from __future__ import annotations

import ast
from pathlib import Path
from string import Formatter

from projections.rulings import sentences
from bridge.terms import Election
from projections.rulings.sentences import SENTENCES, Said, said, say
from projections.rulings.state import IrregularityKind

RULINGS = Path(sentences.__file__).parent
# The modules of the rulings, each saying its facts but these: the sentences themselves, and the
# render's head of an irregularity in the words (`render.seat_said`, the words' and the report's).
SAYING_FACTS = tuple(sorted(p.stem for p in RULINGS.glob("*.py") if p.stem not in ("sentences", "render")))


def _tree(module: str) -> ast.Module:
    return ast.parse((RULINGS / f"{module}.py").read_text(encoding="utf-8"))


def _is_words(node: ast.AST) -> bool:
    """An expression that writes words: a string, an f-string, or words joined to them."""
    if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return True
    if isinstance(node, ast.BinOp):
        return _is_words(node.left) or _is_words(node.right)
    if isinstance(node, ast.IfExp):
        return _is_words(node.body) or _is_words(node.orelse)
    return False


def _prose(source: str) -> list[str]:
    """Where a module's `source` writes prose of the rulings: each as 'line: what'. The words of an
    exception raised for the program's own mistake (a step registered twice) are no ruling's."""
    found = []
    tree = ast.parse(source)
    raised = {id(n) for r in ast.walk(tree) if isinstance(r, ast.Raise) for n in ast.walk(r)}
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) and id(node) not in raised:
            found.append(f"{node.lineno}: an f-string")
        elif isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Attribute) and t.attr in ("explanation", "remarks") for t in targets):
                found.append(f"{node.lineno}: an explanation written")
        elif isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id == "Irregularity":
                said_arg = node.args[4] if len(node.args) > 4 else next(
                    (k.value for k in node.keywords if k.arg == "said"), None)
                if said_arg is not None and _is_words(said_arg):
                    found.append(f"{node.lineno}: an irregularity's words")
            if (isinstance(f, ast.Attribute) and f.attr in ("append", "extend", "insert")
                    and isinstance(f.value, ast.Attribute) and f.value.attr in ("remarks", "said")
                    and any(_is_words(x) or (isinstance(x, ast.Tuple) and any(map(_is_words, x.elts)))
                            for x in node.args)):
                found.append(f"{node.lineno}: words appended to {f.value.attr}")
    return found


def test_a_module_saying_its_facts_writes_no_prose():
    for module in SAYING_FACTS:
        assert _prose((RULINGS / f"{module}.py").read_text(encoding="utf-8")) == [], module


def test_the_scan_finds_prose_where_it_is():
    # (the scan above would pass on an empty module: it is held to find what it looks for)
    found = _prose('irr.explanation += " He said so."\n'
                   'judge.irregularities.append(Irregularity(K, s, 1, [], "words " + x))\n'
                   'r.remarks.append((1, f"{x} remarked"))\n'
                   'irr.add("lead-out-of-turn.elected", seat=s)\n'
                   'raise ValueError(f"two steps for {kind}")\n')  # (the program's own mistake: no ruling's)
    assert sorted(found) == ["1: an explanation written", "2: an irregularity's words", "3: an f-string",
                             "3: words appended to remarks"]


def _keys_said(module: str) -> set[str]:
    """The identifiers of the sentences `module` says: the first argument of each `said(...)`,
    `Said(...)` or `irr.add(...)`, every word it can be (a choice between two written out)."""
    keys: set[str] = set()

    def words(node: ast.AST) -> None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            keys.add(node.value)
        elif isinstance(node, ast.IfExp):
            words(node.body)
            words(node.orelse)
        else:
            raise AssertionError(f"{module}.py:{node.lineno}: a sentence's identifier is written out, never made")

    for node in ast.walk(_tree(module)):
        if isinstance(node, ast.Call) and node.args:
            f = node.func
            # (`irr.add("key", ...)`; another `add`, of a set or of a penalty card, names no sentence)
            named = isinstance(node.args[0], (ast.Constant, ast.IfExp))
            if (isinstance(f, ast.Name) and f.id in ("said", "Said")) or (
                    isinstance(f, ast.Attribute) and f.attr == "add" and named):
                words(node.args[0])
    return keys


def test_every_sentence_said_has_its_words_and_every_one_is_said():
    used = set()
    for path in sorted(RULINGS.glob("*.py")):
        if path.stem not in ("sentences", "state"):  # (state: `Irregularity.add` passes on its caller's)
            used |= _keys_said(path.stem)
    assert used - set(SENTENCES) == set()
    assert set(SENTENCES) - used == set()


def test_every_template_names_facts_in_the_game_s_conversions():
    for key, template in SENTENCES.items():
        for _, field, spec, conversion in Formatter().parse(template):
            if field is None:
                continue
            assert field.isidentifier(), (key, field)
            assert conversion is None or conversion in sentences.CONVERSIONS, (key, conversion)
            assert not spec or spec.startswith("?") and "|" in spec, (key, spec)


def test_the_options_are_said_by_members_of_the_closed_sets():
    # (the option words keyed by the words an `elect` line takes and, where one means another thing
    # for another incident, by the irregularity's kind: each a member, none a stray word)
    assert all(isinstance(o, Election) for o in sentences.IRREGULARITY_OPTION_WORDS)
    assert all(isinstance(o, Election) for words in sentences.REVOKE_OPTION_WORDS.values() for o in words)
    assert all(kind in set(IrregularityKind) and isinstance(o, Election) for kind, o in sentences.KIND_OPTION_WORDS)
    lead = IrregularityKind.PENALTY_CARD_LEAD
    assert sentences.irregularity_penalty_said([Election.LEAD, Election.FORBID], "W", lead) == (
        "West required to lead the penalty card's suit or West prohibited from leading it while he keeps the lead")
    assert sentences.revoke_penalty_said("84b", [Election.POINTS, Election.TRICKS]) == "150 points or three tricks"


def test_a_sentence_is_made_from_its_facts():
    s = said("lead-out-of-turn.declarer", card="HK", from_dummy=True, trick=3, expected="E", next="E")
    assert s.facts == {"card": "HK", "from_dummy": True, "trick": 3, "expected": "E", "next": "E"}
    assert say(s) == str(s) == (
        "Declarer led HK from dummy to trick 3 when the lead was East's. Either defender may accept it as a correct "
        "lead or require its retraction; if they choose differently, the choice of East, next in turn to the "
        "irregular lead, prevails (L55A, L53A).")
    assert say(said("election-not-theirs.lead-out-of-turn", seat="W", choice="accept", lead=7, elector="NS",
                    law="55A")) == ("West elected 'accept', but the choice the lead out of turn at event 7 opens is "
                                    "North or South's to make (L55A); the election is not applied.")
    inner = said("direction.highest-lowest", choice="highest", suit="H", card="HQ")
    assert say(said("revoke.direction-disobeyed", seat="S", card="H2", direction=inner)).startswith(
        "South played H2 although directed (highest hearts, HQ) and able to obey")
    assert isinstance(inner, Said) and inner == said("direction.highest-lowest", choice="highest", suit="H", card="HQ")
