"""The review room shows two accounts of one hand side by side (issue 19, part 1): one step
control moves both, the events where they differ and the rulings that differ are marked. In
Debian's Chromium, against `handrec serve` on a real store."""

from __future__ import annotations

import html
import urllib.error
import urllib.request

import pytest

from conftest import example
from review_room import serving
from test_cli import run
from test_review_browser import browser_type_launch_args  # noqa: F401  (Debian's Chromium)

FIRST = "law83-quit-by-winners"
EAST = f"hand east branch={FIRST}@8\nwithdraw E C9\nplay E S2\nquit EW\n"


@pytest.fixture(scope="module")
def two_accounts(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("accounts")
    store = str(tmp / "hands.db")
    (tmp / "first.hand").write_text(example(FIRST), encoding="utf-8")
    (tmp / "east.hand").write_text(EAST, encoding="utf-8")
    run("record", str(tmp / "first.hand"), str(tmp / "east.hand"), store=store)
    with serving(store) as base:
        yield base


def _shown(page) -> dict:
    return page.evaluate("""() => ({
        where: document.getElementById('where').textContent,
        parting: document.getElementById('parting').textContent.replace(/\\s+/g, ' ').trim(),
        differing_rows: [...document.querySelectorAll('tr.differs')].map(r => r.id),
        at_row: document.querySelector('tr.at') && document.querySelector('tr.at').id,
        rulings: [0, 1].map(i => [...document.querySelectorAll('#account-' + i + ' ul.rulings li')]
                                  .map(li => [li.className, li.textContent.replace(/\\s+/g, ' ').trim()])),
        current: [0, 1].map(i => document.querySelector('#account-' + i + ' .current').textContent),
        after: [0, 1].map(i => document.querySelector('#account-' + i + ' h2 small').textContent),
        trick: [0, 1].map(i => document.querySelector('#account-' + i + ' .trick').textContent.replace(/\\s+/g, ' ').trim()),
    })""")


def test_one_step_control_moves_both_accounts_act_by_act_and_marks_what_differs(page, two_accounts):
    """Issue 38, 5: a step is a row of the accounts' alignment, the same moment of play in both
    (not the same event number); each account stands at its own event of that row, and the act one
    has and the other lacks is shown as such."""
    page.goto(two_accounts + f"compare?a={FIRST}&b=east&at=8")
    s = _shown(page)
    assert s["where"] == "act 8 of 16" and "At act 8 they are one record." in s["parting"]
    assert [cls for cls, _ in s["rulings"][0]] == ["same"] and [cls for cls, _ in s["rulings"][1]] == ["same"]
    assert s["current"] == ["8  play S S3", "8  play S S3"] and s["at_row"] == "row-8"
    # East's C9 taken back is no moment of play: both accounts' quit of trick 1 stand side by side (row 11).
    assert s["differing_rows"] == [f"row-{k}" for k in (9, 10, 12, 13, 14, 15, 16)]
    page.click("#next")  # one control: both accounts move to the next act
    s = _shown(page)
    assert s["where"] == "act 9 of 16"
    assert s["parting"].startswith(f"The accounts part at act 9: {FIRST} has 'play W SK' (its event 10, after "
                                   "trick 1 was quitted), east has 'withdraw E C9' (its event 9, with the four cards "
                                   "of trick 1 on the table, before it was quitted).")
    assert s["current"] == ["(no such act in this account: it stands at its event 8)", "9  withdraw E C9"]
    assert s["after"] == ["after its event 8", "after its event 9"] and s["at_row"] == "row-9"
    page.keyboard.press("ArrowRight")  # the hand page's keys step it too
    page.wait_for_url("**at=10")
    s = _shown(page)
    assert s["current"] == ["(no such act in this account: it stands at its event 8)", "10  play E S2"]
    page.keyboard.press("ArrowRight")
    page.wait_for_url("**at=11")
    s = _shown(page)
    assert s["current"] == ["9  quit EW", "11  quit EW"]
    (first_cls, first_text), = s["rulings"][0]
    (east_cls, east_text), = s["rulings"][1]
    assert first_cls == east_cls == "differs"
    assert "ESTABLISHED at event 9 [L83]" in first_text and "CORRECTED at event 9 [L86]" in east_text
    # The same moment of play: the first account plays on to trick 2 (its event 11, act 13) while
    # east stands at its quit of trick 1 (its event 11), never trick 2 beside trick 1 by event number.
    page.goto(two_accounts + f"compare?a={FIRST}&b=east&at=13")
    s = _shown(page)
    assert s["current"] == ["11  play N S9", "(no such act in this account: it stands at its event 11)"]
    assert s["trick"][0].startswith("trick 2: W ♠K") and s["trick"][1].startswith("trick 1: W ♠A")
    page.keyboard.press("End")
    page.wait_for_url("**at=16")
    s = _shown(page)
    assert s["where"] == "act 16 of 16" and s["current"] == ["14  quit EW", "(no such act in this account: it stands "
                                                             "at its event 11)"]
    page.keyboard.press("Home")
    page.wait_for_url("**at=1")
    page.click("#row-5 a")  # an act of the list moves both
    assert _shown(page)["where"] == "act 5 of 16"
    for width, name in ((1280, "desktop"), (390, "phone")):
        page.set_viewport_size({"width": width, "height": 900})
        boxes = page.evaluate("""() => [0, 1].map(i => document.getElementById('account-' + i).getBoundingClientRect())
                                 .map(r => [r.left, r.top, r.width])""")
        if name == "desktop":
            assert boxes[1][0] > boxes[0][0] + boxes[0][2] - 1  # side by side
        else:
            assert boxes[1][1] > boxes[0][1] and abs(boxes[1][0] - boxes[0][0]) < 1  # one above the other
        assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_the_room_links_an_account_to_the_comparison_and_the_hands_other_accounts(page, two_accounts, tmp_path):
    page.goto(two_accounts)
    link = page.locator("a.compare-link")
    assert link.count() == 1 and "second account of law83-quit-by-winners" in page.text_content("body")
    page.goto(two_accounts + "hands/east?at=10")
    page.click("#compare-link")
    assert page.url.endswith(f"compare?a={FIRST}&b=east&event=10")
    s = _shown(page)
    assert s["where"] == "act 10 of 16" and s["current"][1] == "10  play E S2"  # east's event 10: its act
    # Each account's page links the hand's other accounts (issue 38, 5), and says how its report is made.
    page.goto(two_accounts + f"hands/{FIRST}?at=9")
    assert page.locator("#accounts a.account-link").text_content() == "east"
    assert "handrec report law83-quit-by-winners -o ruling.pdf" in page.locator("#report-note").text_content()
    page.click("#accounts a.compare-other")
    assert page.url.endswith(f"compare?a=east&b={FIRST}&event=9") and _shown(page)["current"][1] == "9  quit EW"
    page.goto(two_accounts + "hands/east")
    assert page.locator("#accounts a.account-link").text_content() == FIRST


@pytest.mark.parametrize("query, status, says", [
    ("a=nobody&b=east", 404, "no hand 'nobody' is stored"),
    (f"a={FIRST}", 200, "Two accounts: law83-quit-by-winners and east"),  # the other account found
    (f"a={FIRST}&b=east&at=0", 404, "there is no at '0'"),
    (f"a={FIRST}&b=east&at=999", 200, "act 16 of 16"),  # past the last: the last
    (f"a={FIRST}&b=east&event=x", 404, "there is no event 'x'"),
    ("", 404, "names two accounts"),
])
def test_a_comparison_asked_wrongly_is_one_sentence(two_accounts, query, status, says):
    try:
        with urllib.request.urlopen(two_accounts + "compare?" + query, timeout=10) as r:
            got, body = r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        got, body = e.code, e.read().decode()
    assert got == status and says in html.unescape(body) and "Traceback" not in body


OTHER = "law63-dummy-fails-to-follow"  # a hand of its own: no account of FIRST's
WEST = f"hand west branch={FIRST}@10\nplay W D4\n"  # FIRST's third account


@pytest.fixture(scope="module")
def three_hands(tmp_path_factory):
    """FIRST with two second accounts (east, west), and OTHER, a hand of its own with an account."""
    tmp = tmp_path_factory.mktemp("three")
    store = str(tmp / "hands.db")
    for name, text in (("first", example(FIRST)), ("east", EAST), ("west", WEST), ("other", example(OTHER)),
                       ("other-b", f"hand other-b branch={OTHER}@5\n")):
        (tmp / f"{name}.hand").write_text(text, encoding="utf-8")
    run("record", *(str(tmp / f"{name}.hand") for name in ("first", "east", "west", "other", "other-b")),
        store=store)
    with serving(store) as base:
        yield base


def _get(base: str, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(base + path, timeout=10) as r:
            return r.status, html.unescape(r.read().decode())
    except urllib.error.HTTPError as e:
        return e.code, html.unescape(e.read().decode())


@pytest.mark.parametrize("a, b", [(FIRST, OTHER), ("east", OTHER), (OTHER, "west"), ("east", "other-b"),
                                  ("other-b", FIRST)])
def test_two_hands_that_are_not_accounts_of_one_hand_are_not_compared(three_hands, a, b):
    """/compare showed two unrelated hands as two accounts of one hand (issue 42, 12): it says in
    one sentence that they are not, 404, and shows neither (the pair is no comparison the room has)."""
    status, body = _get(three_hands, f"compare?a={a}&b={b}&at=3")
    assert status == 404 and "Traceback" not in body
    first_of = {FIRST: FIRST, "east": FIRST, "west": FIRST, OTHER: OTHER, "other-b": OTHER}
    said = (f"hands '{a}' and '{b}' are not two accounts of one hand: '{a}' is an account of hand "
            f"'{first_of[a]}' and '{b}' of hand '{first_of[b]}'; a comparison is of the accounts of one hand")
    assert said in body, body
    assert 'id="account-0"' not in body and 'id="where"' not in body


def test_one_account_named_twice_is_not_a_comparison(three_hands):
    status, body = _get(three_hands, "compare?a=east&b=east")
    assert status == 404 and "names hand 'east' twice" in body and 'id="account-0"' not in body


@pytest.mark.parametrize("a, b", [(FIRST, "east"), ("east", FIRST), ("east", "west"), ("west", FIRST),
                                  (OTHER, "other-b")])
def test_any_two_accounts_of_one_hand_are_compared(three_hands, a, b):
    """Either order, a first account and a second, or two second accounts of one hand."""
    status, body = _get(three_hands, f"compare?a={a}&b={b}&at=3")
    assert status == 200 and f"Two accounts: {a} and {b}" in body and 'id="account-0"' in body


def test_a_card_face_up_is_drawn_apart_in_each_accounts_table(page, tmp_path):
    """Issue 38, 4: in the compare page too, a card exposed lies face up before its player, not in
    his hand; the account where it is not exposed has it in his hand."""
    store = str(tmp_path / "hands.db")
    (tmp_path / "a.hand").write_text(example("law85-answer-yes-corrected"), encoding="utf-8")
    (tmp_path / "b.hand").write_text("hand alt branch=law85-answer-yes-corrected@13\nelect S highest\n", encoding="utf-8")
    run("record", str(tmp_path / "a.hand"), str(tmp_path / "b.hand"), store=store)
    with serving(store) as base:
        page.goto(base + "compare?a=law85-answer-yes-corrected&b=alt")
        east = [page.locator(f"#account-{i} .seat-E") for i in (0, 1)]
        assert east[0].locator(".face-up .exposed-card").text_content() == "♣9"
        clubs = [e.locator("div:has(> .suit-C)").text_content() for e in east]
        assert clubs == ["♣ A K Q J 10", "♣ A K Q J 10 9"] and east[1].locator(".face-up").count() == 0
