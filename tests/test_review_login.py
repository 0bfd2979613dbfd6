"""The room's login limit limits the guesser, not the Director (issue 42, 9): wrong tokens are
counted per client address (an IPv6 address by its /64, any port), and past an address's budget
its tokens are refused unchecked; the wrong tokens of all addresses together meet one cap, past
which only an address that has logged in before has its token checked; the table of addresses
is bounded, the oldest forgotten. Against a real `handrec serve` on a real SQLite store (the
addresses: 127.0.0.2, a real second address of this machine, and the `X-Forwarded-For` a proxy
in front of the room sends, which uvicorn takes from 127.0.0.1); the limiter's arithmetic alone
on a clock of its own."""

from __future__ import annotations

import http.client
import threading
import time
from typing import Callable
from urllib.parse import urlencode, urlsplit

import pytest

from expectations import EXAMPLES
from handrec.review.guard import (GUESS_SECONDS, GUESSERS, GUESSES, ROOM_GUESS_SECONDS, ROOM_GUESSES, Guesses,
                                  address_key)
from review_room import Client, serving
from test_cli import run

HAND = "law83-quit-by-winners"
TOKEN = "club-secret-42"


@pytest.fixture
def room(tmp_path):
    store = str(tmp_path / "hands.db")
    run("record", str(EXAMPLES / f"{HAND}.hand"), store=store)
    with serving(store, env={"HANDREC_TOKEN": TOKEN}) as base:
        yield base


def door(base: str) -> tuple[str, str]:
    """A browser's CSRF token and the cookie it was made for (the door asks both of a login)."""
    c = Client(base)
    return c.csrf("/login"), c.cookie("csrftoken")


def login(base: str, pass_: tuple[str, str], token: str, *, source: str | None = None,
          forwarded: str | None = None) -> tuple[int, str]:
    """POST /login with `token`, from the address `source` of this machine, or through a proxy
    that says the client is `forwarded`."""
    u = urlsplit(base)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30,
                                      source_address=(source, 0) if source else None)
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={pass_[1]}"}
    if forwarded:
        headers["X-Forwarded-For"] = forwarded
    try:
        conn.request("POST", "/login", urlencode({"token": token, "csrftoken": pass_[0]}).encode(), headers)
        r = conn.getresponse()
        return r.status, r.read().decode("utf-8", "replace")
    finally:
        conn.close()


def test_the_right_token_passes_while_a_guesser_hammers_from_another_address(room):
    """Before: one wrong token every 2 s from anyone locked the room, and 17 of 20 logins with the
    right token were answered 429. Now a guesser hammering from 127.0.0.2 has 5 tokens checked and
    the rest refused unchecked, while all 20 of the Director's logins from 127.0.0.1 pass."""
    guesser, director = door(room), door(room)
    stop = threading.Event()
    answers: list[int] = []

    def guess(k: int) -> None:
        i = 0
        while not stop.is_set():
            answers.append(login(room, guesser, f"guess-{k}-{i}", source="127.0.0.2")[0])
            i += 1

    threads = [threading.Thread(target=guess, args=(k,)) for k in range(2)]
    start = time.monotonic()
    for t in threads:
        t.start()
    while len(answers) < 20 and time.monotonic() < start + 10:
        time.sleep(0.01)  # (the guesser is at it)
    logins = []
    for _ in range(20):
        logins.append(login(room, director, TOKEN)[0])
        time.sleep(0.05)
    stop.set()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    print(f"\nguesser: {len(answers)} tokens in {elapsed:.1f} s ({len(answers) / elapsed:.0f} a second), "
          f"{answers.count(403)} checked, {answers.count(429)} refused unchecked; Director: {logins}")
    assert logins == [303] * 20
    assert set(answers) <= {403, 429} and answers.count(429) >= 100
    assert answers.count(403) <= GUESSES + int(elapsed // GUESS_SECONDS) + 1
    # The guesser's address, right token or wrong, waits: were the right one let through, each
    # answer would tell a guess right from wrong, at the guesser's speed.
    status, text = login(room, guesser, TOKEN, source="127.0.0.2")
    assert status == 429 and "from your address" in text and "try again in" in text


def test_guesses_from_many_addresses_meet_one_cap_and_the_known_address_still_logs_in(room):
    """A guesser with an address for each guess (a proxy's X-Forwarded-For a client writes, IPv6,
    many machines) has at most ROOM_GUESSES (and one every ROOM_GUESS_SECONDS) checked in all;
    then only an address that has logged in before has its token checked, the right one passing."""
    director, guesser = door(room), door(room)
    assert login(room, director, TOKEN, forwarded="198.51.100.7")[0] == 303  # the Director's machine
    answers = []
    start = time.monotonic()
    for i in range(400):
        answers.append(login(room, guesser, f"guess-{i}", forwarded=f"10.0.{i // 250}.{i % 250 + 1}")[0])
        if i % 50 == 49:  # meanwhile the Director logs in again from his machine
            assert login(room, director, TOKEN, forwarded="198.51.100.7")[0] == 303
    elapsed = time.monotonic() - start
    print(f"\n400 addresses: {answers.count(403)} tokens checked, {answers.count(429)} refused unchecked "
          f"in {elapsed:.1f} s")
    assert answers.count(403) <= ROOM_GUESSES + int(elapsed // ROOM_GUESS_SECONDS) + 1
    assert answers.count(429) >= 300
    assert login(room, director, TOKEN, forwarded="198.51.100.7")[0] == 303
    # An address never seen cannot be told from the guesser's next one: it waits, and is told why.
    status, text = login(room, director, TOKEN, forwarded="192.0.2.50")
    assert status == 429 and "logged in before" in text and "try again in" in text
    # A wrong token from the known address is checked (and counted) like any other.
    assert login(room, director, "club-secret-43", forwarded="198.51.100.7")[0] == 403


def test_an_address_is_its_host_not_its_port_and_an_ipv6_address_its_64(room):
    p = door(room)
    for i in range(GUESSES):  # one /64, as many addresses and ports as its holder likes
        assert login(room, p, f"g{i}", forwarded=f"[2001:db8:1:2::{i + 1:x}]:{40000 + i}")[0] == 403
    assert login(room, p, "g", forwarded="2001:db8:1:2:ffff:ffff:ffff:fffe")[0] == 429
    assert login(room, p, "g", forwarded="2001:db8:1:3::1")[0] == 403  # the next /64: another address
    for i in range(GUESSES):
        assert login(room, p, f"h{i}", forwarded="::ffff:203.0.113.9")[0] == 403  # IPv4 mapped into IPv6
    assert login(room, p, "h", forwarded="203.0.113.9:1234")[0] == 429
    for i in range(GUESSES):  # a real address of this machine, a new port each connection
        assert login(room, p, f"k{i}", source="127.0.0.2")[0] == 403
    assert login(room, p, "k", source="127.0.0.2")[0] == 429


def test_a_typo_or_two_and_the_right_token(room):
    """The Director who mistypes is not made to wait: his address's wrong tokens are forgotten
    when he logs in."""
    p = door(room)
    for _ in range(GUESSES - 1):
        assert login(room, p, "club-secret-24")[0] == 403
    assert login(room, p, TOKEN)[0] == 303
    for _ in range(GUESSES):
        assert login(room, p, "club-secret-24")[0] == 403
    assert login(room, p, TOKEN)[0] == 429


# ------------------------------------------------------------ the limiter's arithmetic


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def hammer(g: Guesses, clock: Clock, seconds: float, every: float, address: Callable[[int], str]) -> int:
    """Wrong tokens every `every` s for `seconds`, from `address(i)`: how many were checked."""
    checked = 0
    i = 0
    end = clock.now + seconds
    while clock.now < end:
        a = address(i)
        if g.refusal(a) is None:
            g.failed(a)
            checked += 1
        clock.now += every
        i += 1
    return checked


def test_one_address_has_5_tokens_checked_then_one_a_minute():
    clock = Clock()
    g = Guesses(clock=clock)
    checked = hammer(g, clock, 3600, 0.1, lambda i: "203.0.113.9")
    assert GUESSES + 3600 / GUESS_SECONDS - 1 <= checked <= GUESSES + 3600 / GUESS_SECONDS == 65
    assert hammer(g, clock, 24 * 3600, 5, lambda i: "203.0.113.9") <= 24 * 3600 / GUESS_SECONDS == 1440


def test_any_number_of_addresses_have_at_most_the_rooms_cap_checked():
    clock = Clock()
    g = Guesses(clock=clock)
    checked = hammer(g, clock, 3600, 0.05, lambda i: f"10.{i >> 16 & 255}.{i >> 8 & 255}.{i & 255}")
    assert checked <= ROOM_GUESSES + 3600 / ROOM_GUESS_SECONDS
    assert ROOM_GUESSES + 3600 / ROOM_GUESS_SECONDS == 1830
    assert len(g) <= GUESSERS


def test_the_table_of_addresses_is_bounded_the_oldest_forgotten():
    clock = Clock()
    g = Guesses(clock=clock, room_guesses=10**9)  # (the room's cap out of the way)
    for i in range(3 * GUESSERS):
        g.failed(f"2001:db8:{i:x}::1")
        clock.now += 0.001
    assert len(g) == GUESSERS
    assert g.remembers("2001:db8:" + f"{3 * GUESSERS - 1:x}" + "::1")
    assert not g.remembers("2001:db8:0::1")
    clock.now += GUESSES * GUESS_SECONDS + 1  # every address's tokens have drained: all forgotten
    g.failed("192.0.2.1")
    assert len(g) == 1


def test_addresses_as_keys():
    assert address_key("203.0.113.9") == address_key("::ffff:203.0.113.9") == "203.0.113.9"
    assert address_key("2001:db8:1:2::1") == address_key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert address_key("2001:db8:1:3::1") != address_key("2001:db8:1:2::1")
    assert address_key("fe80::1%eth0") == "fe80::/64"
    assert address_key(None) == address_key("not an address") == address_key("x" * 300)
