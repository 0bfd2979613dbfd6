"""The officials' acts in the room are the officials' (issue 42, item 4): a player holding the club's
room token posted `find by=TD ...` and `appeal by=AC ...`, and the report then moved to his account
and printed his finding in the Director's name. Now the room knows its officials (`serve
--officials FILE`, each with a token of his own): a finding, an adjudication, an adjusted score, an
appeal's decision, the Director's tag, and a correction of any of them, are recorded only from an
official's login, with `by=` his name, never typed; no other login writes under an official's
name. Against a real `handrec serve` on a real SQLite store."""

from __future__ import annotations

import json

import pytest

from expectations import EXAMPLES
from handrec.review.officials import Officials, OfficialsError
from recorder.application import HandRecorder
from review_room import Client, serving
from test_cli import run

HAND = "law83-quit-by-winners"
ROOM = "club-secret-42"
TD, AC, PRIYA = "td-token-0123456789", "ac-token-0123456789", "priya-token-0123456789"


def _logged_in(base: str, token: str) -> tuple[Client, str]:
    c = Client(base)
    status, _, _ = c.post("/login", {"token": token, "csrftoken": c.csrf("/login")})
    assert status == 303, status
    return c, c.csrf(f"/hands/{HAND}")


def _record(c: Client, csrf: str, line: str) -> tuple[int, dict]:
    status, text, _ = c.post(f"/record/{HAND}", {"line": line, "csrftoken": csrf})
    return status, json.loads(text)


@pytest.fixture
def room(tmp_path):
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / f"{HAND}.hand"), store=store)
    officials = tmp_path / "officials"
    officials.write_text(f"# the room's officials\nTD {TD}\nAC {AC}\nPriya {PRIYA}\n")
    with serving(store, "--officials", str(officials), env={"HANDREC_TOKEN": ROOM}) as base:
        yield base, store


def test_a_player_records_no_officials_act_and_writes_under_no_officials_name(room):
    base, store = room
    player, csrf = _logged_in(base, ROOM)
    before = HandRecorder(store).hand(HAND).lines
    for line in ("find by=TD the trick was quitted before East spoke", "find the trick was quitted",
                 "appeal by=AC the ruling stands", "adjust 64C NS+100 by=TD equity", "tag Director A.Whitfield",
                 "adjudicate 10 by=TD trumps drawn"):
        status, answer = _record(player, csrf, line)
        assert status == 403, (line, answer)
        assert "an official's act" in answer["error"] and answer["error"].endswith("nothing was stored."), answer
    status, answer = _record(player, csrf, "note by=TD East threw a club")
    assert status == 403 and answer["error"] == ("by=TD is the name of an official of this room: only TD's own "
                                                 "login writes under it; nothing was stored."), answer
    assert HandRecorder(store).hand(HAND).lines == before
    # The play, a player's own statement, and a note by a name that is no official's are his.
    assert _record(player, csrf, "note by=East I thought the ace had won")[0] == 200
    assert _record(player, csrf, "note by=Liv it was turned at once")[0] == 200


def test_an_official_records_his_acts_in_his_own_name(room):
    base, store = room
    director, csrf = _logged_in(base, TD)
    status, answer = _record(director, csrf, "find the trick was quitted before East spoke")
    assert status == 200 and answer["line"] == "find by=TD the trick was quitted before East spoke", answer
    status, answer = _record(director, csrf, "find by=AC the committee's words")
    assert status == 403 and answer["error"].startswith("by=AC is not who is logged in"), answer
    committee, csrf_ac = _logged_in(base, AC)
    status, answer = _record(committee, csrf_ac, "appeal the ruling stands")
    assert status == 200 and answer["line"] == "appeal by=AC the ruling stands"
    lines = HandRecorder(store).hand(HAND).lines
    assert lines[-2:] == ["find by=TD the trick was quitted before East spoke", "appeal by=AC the ruling stands"]
    # An official's name that a capitalised word follows is written as by= reads it back: quoted.
    priya, csrf_p = _logged_in(base, PRIYA)
    status, answer = _record(priya, csrf_p, "find West asked first")
    assert status == 200 and answer["line"] == 'find by="Priya" West asked first', answer
    assert HandRecorder(store).hand(HAND).lines[-1] == 'find by="Priya" West asked first'
    lines = HandRecorder(store).hand(HAND).lines
    # A correction of an official's act is an official's act: a player cannot strike the finding.
    player, csrf_p = _logged_in(base, ROOM)
    finding = lines.index("find by=TD the trick was quitted before East spoke") + 1
    status, answer = _record(player, csrf_p, f"strike {finding} it was never found")
    assert status == 403 and "an official's act" in answer["error"], answer
    status, answer = _record(director, csrf, f"strike {finding} recorded on the wrong board")
    assert status == 200 and answer["line"] == f"strike {finding} by=TD recorded on the wrong board", answer


def test_a_room_without_officials_records_no_officials_act(tmp_path):
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / f"{HAND}.hand"), store=store)
    with serving(store) as base:  # (this machine only, no token: anyone here may record the play)
        c = Client(base)
        csrf = c.csrf(f"/hands/{HAND}")
        status, answer = _record(c, csrf, "find by=TD the trick was quitted")
        assert status == 403 and answer["error"].startswith("'find' is an official's act, and this room knows no "
                                                            "official: record it with 'handrec add'"), answer
        assert _record(c, csrf, "note by=TD anyone may sign a note here")[0] == 200


def test_the_officials_file_is_read_or_refused_in_one_sentence(tmp_path):
    f = tmp_path / "officials"
    f.write_text(f"TD {TD}\nAC\n")
    with pytest.raises(OfficialsError, match="line 2: an official is written NAME TOKEN"):
        Officials.read(str(f), ROOM)
    f.write_text(f"TD {ROOM}\n")
    with pytest.raises(OfficialsError, match="TD's token is another's"):
        Officials.read(str(f), ROOM)
    f.write_text("TD short\n")
    with pytest.raises(OfficialsError, match="give at least 12"):
        Officials.read(str(f), ROOM)
    f.write_text(f"TD {TD}\n")
    officials = Officials.read(str(f), ROOM)
    assert officials.who(TD) == "TD" and officials.who(ROOM) is None and officials.names == {"TD"}
    p = run("serve", "--officials", str(tmp_path / "none"), "--port", "1", store=str(tmp_path / "h.db"), ok=False)
    assert p.returncode == 1 and p.stderr.startswith("handrec: the officials' file") and "Traceback" not in p.stderr
