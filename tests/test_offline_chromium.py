"""Every Chromium the project starts sends nothing beyond the machine (issue 42, item 8): the ruling
report's print (`handrec report ID -o x.pdf`) and the review room's browser in its tests, both
started with handrec.chromium_switches. Before, a plain print looked up clients2.google.com,
accounts.google.com and www.google.com: Chromium's own services calling Google (the network time,
AI Mode eligibility, the search engine's preconnect, the Google accounts check).

How it is proven: the run is put in a network namespace of its own, where only the loopback is
(`unshare --net`, as root; the loopback brought up), under strace, which writes down every
connect(), sendto(), sendmsg() and sendmmsg() of the whole process tree (Chromium's browser,
network service, renderers...). Any address but the loopback's or a local socket's fails the test:
a connection or a datagram to any other IPv4 or IPv6 address, and any DNS query (to port 53, on any
address, the loopback's included: a resolver there would ask beyond). The one exception, for the
room's page on 127.0.0.1 only, is Chromium's IPv6 probe (IPV6_PROBE below), which sends nothing.
Without root, strace or unshare these tests skip and say why; CI=true (.ci/run, run as root,
installs strace) makes them fail.

And a print killed (SIGKILL) mid-print leaves its folder (the page, Chromium's profile) in the
temporary folder, as nothing of the print runs after a SIGKILL: the next print removes it (item 12).
"""

from __future__ import annotations

import ipaddress
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from handrec import chromium_switches, report
from test_cli import HANDREC
from test_report import HAND, _store
from test_review_browser import browser_type_launch_args  # noqa: F401  (the room's Chromium, as its tests launch it)

# In the new namespace: the loopback brought up (SIOCSIFFLAGS, IFF_UP; no iproute2 needed), then
# the command run in its place.
LOOPBACK_UP_THEN_EXEC = """
import fcntl, os, socket, struct, sys
SIOCGIFFLAGS, SIOCSIFFLAGS, IFF_UP = 0x8913, 0x8914, 0x1
with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
    flags = struct.unpack("16sH", fcntl.ioctl(s, SIOCGIFFLAGS, struct.pack("16sH22x", b"lo", 0))[:18])[1]
    fcntl.ioctl(s, SIOCSIFFLAGS, struct.pack("16sH22x", b"lo", flags | IFF_UP))
os.execvp(sys.argv[1], sys.argv[1:])
"""
TRACED = "connect,sendto,sendmsg,sendmmsg,execve"
ADDRESS = re.compile(r"\{sa_family=(AF_\w+)(.*?)\}")
IP = re.compile(r'inet_addr\("([^"]+)"\)|inet_pton\(AF_INET6, "([^"]+)"')
PORT = re.compile(r"sin6?_port=htons\((\d+)\)")


def _may_unshare_the_network() -> bool:
    return bool(shutil.which("unshare")) and os.geteuid() == 0 and \
        subprocess.run(["unshare", "--net", "--", "true"], capture_output=True).returncode == 0


def _needs_root_strace_and_chromium() -> None:
    missing = [why for why, ok in (
        ("root (a network namespace of its own: unshare --net)", os.geteuid() == 0),
        ("strace (apt-get install strace)", shutil.which("strace")),
        ("unshare --net permitted (util-linux; root with CAP_SYS_ADMIN)", _may_unshare_the_network()),
        ("Chromium (apt-get install chromium, or HANDREC_CHROMIUM)", report.chromium())) if not ok]
    if missing:
        reason = "what Chromium sends is recorded in a network namespace of its own, under strace: " \
                 "this needs " + ", ".join(missing)
        if os.environ.get("CI") == "true":
            pytest.fail(reason + "; CI=true says these tests must run")
        pytest.skip(reason)


def _in_a_network_of_its_own(command: list[str], traces: Path, **kw) -> subprocess.CompletedProcess:
    """`command` run in a new network namespace (the loopback only) under strace, which writes every
    connect, send and exec of its whole process tree to `traces`, a file a thread (strace -ff: each
    call on one line, whole, with its result)."""
    traces.mkdir()
    return subprocess.run(["unshare", "--net", "--", sys.executable, "-c", LOOPBACK_UP_THEN_EXEC,
                           "strace", "-ff", "-qq", "-s", "64", "-e", f"trace={TRACED}", "-e", "signal=none",
                           "-o", str(traces / "thread"), *command], capture_output=True, text=True, timeout=300, **kw)


def _traced(traces: Path) -> list[str]:
    return [line for f in sorted(traces.iterdir()) for line in f.read_text(errors="replace").splitlines()]


# Chromium's test of whether IPv6 reaches the Internet, made before it resolves any host, 127.0.0.1
# included (net/dns/host_resolver_manager.cc, StartGloballyReachableCheck): a datagram socket
# connected to the address of Google's public DNS, never written to (only its own address is read):
# it sends nothing. Here, without a route, the connect fails.
IPV6_PROBE = re.compile(r'^connect\(.*inet_pton\(AF_INET6, "2001:4860:4860::8888".* = -1 ENETUNREACH')


def _beyond_the_machine(traces: Path, ipv6_probe_allowed: bool = False) -> list[str]:
    """The traced calls that address anything but a local socket (AF_UNIX, the kernel's netlink) or
    the loopback, and every one to port 53 (DNS)."""
    leaving = []
    for line in _traced(traces):
        if line.startswith("execve(") or ipv6_probe_allowed and IPV6_PROBE.search(line):
            continue
        for family, rest in ADDRESS.findall(line):
            if family in ("AF_UNIX", "AF_NETLINK", "AF_UNSPEC"):  # (AF_UNSPEC: a connect that undoes one)
                continue
            ip, port = IP.search(rest), PORT.search(rest)
            if family in ("AF_INET", "AF_INET6") and ip and port and port[1] != "53":
                address = ipaddress.ip_address(ip[1] or ip[2])
                if address.is_loopback or getattr(address, "ipv4_mapped", None) and address.ipv4_mapped.is_loopback:
                    continue
            leaving.append(line.strip())
    return leaving


def _followed_chromium(traces: Path) -> bool:
    """Whether strace followed Chromium's network service (the process that would send)."""
    return any("--utility-sub-type=network.mojom.NetworkService" in line for line in _traced(traces))


def test_the_print_is_chromium_started_with_the_one_list(tmp_path, monkeypatch):
    """(No root needed.) The report's Chromium is started with handrec.chromium_switches, whole."""
    started = []

    class NotStarted(Exception):
        pass

    def popen(args, **kw):
        started.append(args)
        raise NotStarted

    monkeypatch.setattr(report.subprocess, "Popen", popen)
    with pytest.raises(NotStarted):
        report._headless("/usr/bin/chromium", str(tmp_path), 0, 1)
    args = started[0]
    assert args[args.index("--disable-gpu") + 1:args.index("--remote-debugging-pipe")] == chromium_switches.switches()
    assert len([a for a in args if a.startswith("--disable-features=")]) == 1  # (Chromium reads the last only)


def test_the_rooms_browser_is_chromium_started_with_the_one_list(browser_type_launch_args):  # noqa: F811
    """The room's tests start Chromium with handrec.chromium_switches, their features merged with
    Playwright's own: one --disable-features and one --enable-features, naming both."""
    args = browser_type_launch_args["args"]
    for switch in chromium_switches.SWITCHES:
        assert switch in args, switch
    features = {}
    for kind in ("--disable-features=", "--enable-features="):
        (named,) = [a[len(kind):].split(",") for a in args if a.startswith(kind)]
        playwrights = [a[len(kind):].split(",") for a in browser_type_launch_args["ignore_default_args"]
                       if a.startswith(kind)]
        assert playwrights and set(playwrights[0]) <= set(named), (kind, "Playwright's own features are kept")
        features[kind] = named
    assert set(chromium_switches.DISABLED_FEATURES) <= set(features["--disable-features="])
    assert set(chromium_switches.ENABLED_FEATURES) <= set(features["--enable-features="])


def test_a_print_sends_nothing_beyond_the_machine(tmp_path):
    _needs_root_strace_and_chromium()
    store = _store(tmp_path, "duplicate-2017")
    out, traces = tmp_path / "ruling.pdf", tmp_path / "traces"
    p = _in_a_network_of_its_own([HANDREC, "--store", store, "report", HAND, "-o", str(out)], traces)
    assert p.returncode == 0, p.stderr
    assert out.read_bytes().startswith(b"%PDF-")
    assert _followed_chromium(traces)
    leaving = _beyond_the_machine(traces)
    assert not leaving, f"the print tried {len(leaving)} times to reach beyond the machine:\n" + "\n".join(leaving[:30])


# The room's browser, as its tests launch it (the launch arguments given as JSON), opening a page
# served on 127.0.0.1 in the namespace.
ROOM_BROWSER = """
import http.server, json, sys, threading
from playwright.sync_api import sync_playwright
launch, folder = json.loads(sys.argv[1]), sys.argv[2]
handler = lambda *a: http.server.SimpleHTTPRequestHandler(*a, directory=folder)
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
with sync_playwright() as p:
    browser = p.chromium.launch(**launch)
    page = browser.new_page()
    page.goto(f"http://127.0.0.1:{server.server_port}/room.html")
    page.wait_for_timeout(3000)  # (time for the browser's own services to start, as they did)
    print(page.inner_text("h1"))
    browser.close()
server.shutdown()
"""


def test_the_rooms_browser_sends_nothing_beyond_the_machine(tmp_path, browser_type_launch_args):  # noqa: F811
    _needs_root_strace_and_chromium()
    (tmp_path / "room.html").write_text("<!doctype html><title>room</title><h1>the room, on the loopback</h1>")
    launch = {k: v for k, v in browser_type_launch_args.items() if isinstance(v, (str, bool, int, float, list))}
    traces = tmp_path / "traces"
    p = _in_a_network_of_its_own([sys.executable, "-c", ROOM_BROWSER, json.dumps(launch), str(tmp_path)], traces)
    assert p.returncode == 0, p.stderr[-3000:]
    assert p.stdout.strip() == "the room, on the loopback"
    assert _followed_chromium(traces)
    leaving = _beyond_the_machine(traces, ipv6_probe_allowed=True)  # (the page's host, 127.0.0.1, is resolved)
    assert not leaving, f"the room's browser tried {len(leaving)} times to reach beyond the machine:\n" + \
        "\n".join(leaving[:30])


def _print_folders(temp: Path) -> list[Path]:
    return sorted(temp.glob("handrec-report-*"))  # (where a print puts the page and Chromium's profile)


def _processes_naming(text: str) -> list[str]:
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            args = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if text in args:
            found.append(args[:200])
    return found


def test_a_print_killed_leaves_nothing_that_the_next_print_does_not_remove(tmp_path):
    if not report.chromium():
        reason = "a print is Chromium's (apt-get install chromium, or HANDREC_CHROMIUM)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason + "; CI=true says this test must run")
        pytest.skip(reason)
    store = _store(tmp_path, "auction-1912")
    # A temporary folder of the prints' own, its name short: Chromium makes its singleton's socket
    # there, whose path must hold in 108 bytes.
    temp = Path(tempfile.mkdtemp(prefix="handrec-test-"))
    try:
        _killed_then_printed(tmp_path, store, temp)
    finally:
        shutil.rmtree(temp, ignore_errors=True)


def _killed_then_printed(tmp_path: Path, store: str, temp: Path) -> None:
    env = {**os.environ, "TMPDIR": str(temp), "HANDREC_STORE": store}
    killed = tmp_path / "killed.pdf"
    proc = subprocess.Popen([HANDREC, "report", HAND, "-o", str(killed)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # Mid-print: Chromium is running on its profile in the print's folder.
    deadline = time.monotonic() + 60
    while not any((f / "profile" / "Default").is_dir() for f in _print_folders(temp)):
        assert proc.poll() is None, "the print ended before it could be killed"
        assert time.monotonic() < deadline, "Chromium did not start"
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    (left,) = _print_folders(temp)  # (nothing of the print runs after a SIGKILL: its folder stays)
    assert not killed.exists()
    # Its Chromium does not outlive it (its DevTools pipe closed, it quits).
    deadline = time.monotonic() + 30
    while _processes_naming(str(left)):
        assert time.monotonic() < deadline, _processes_naming(str(left))
        time.sleep(0.1)

    later = tmp_path / "later.pdf"
    p = subprocess.run([HANDREC, "report", HAND, "-o", str(later)], env=env, capture_output=True, text=True,
                       timeout=180)
    assert p.returncode == 0, p.stderr
    assert later.read_bytes().startswith(b"%PDF-")
    assert _print_folders(temp) == [], "the next print removes what the killed one left"


def test_the_next_print_leaves_the_folder_of_a_print_running(tmp_path, monkeypatch):
    """A folder whose print runs (its lock held) is left, and so is one made a moment ago whose
    print has not taken its lock yet; a free lock over a pid (its print died), or a folder without a
    lock a minute on, is removed."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    running, just_made, dead, old = (tmp_path / f"{report.FOLDER_PREFIX}{n}" for n in ("running", "new", "dead", "old"))
    for folder in (running, just_made, dead, old):
        folder.mkdir()
    (dead / report.FOLDER_LOCK).write_text("12345\n")
    os.utime(old, (time.time() - 2 * report.STALE_SECONDS,) * 2)
    holder = subprocess.Popen([sys.executable, "-c", "import fcntl, os, sys; fd = os.open(sys.argv[1], os.O_RDWR | "
                               "os.O_CREAT); fcntl.flock(fd, fcntl.LOCK_EX); os.write(fd, b'1'); print(flush=True); "
                               "sys.stdin.read()", str(running / report.FOLDER_LOCK)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        holder.stdout.readline()  # (the lock held)
        report._remove_stale_folders()
        assert _print_folders(tmp_path) == sorted([running, just_made])
    finally:
        holder.stdin.close()
        holder.wait()
