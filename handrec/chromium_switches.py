"""The one rule for every Chromium the project starts (the ruling report's print, handrec/report.py,
and the review room's browser tests, tests/test_review_browser.py): it is started with `switches()`,
and nothing it does leaves the machine.

Chromium calls Google by itself, headless or not, whatever page it shows: a report printed with
--disable-background-networking, --disable-component-update and --disable-sync alone (Debian's
Chromium 150) sent 50 DNS queries for clients2.google.com, accounts.google.com and www.google.com
and, before its lookups, connected a datagram socket to [2001:4860:4860::8888]:443 (its test of
whether IPv6 reaches the Internet, which sends nothing). Each service that did so is stopped here
where it starts; the host-resolver rule is the belt: no host name is resolved but the loopback's,
so that a service not named here fails inside Chromium before any query is sent. The page printed
is a file:// URL and needs no host; the review room is served on 127.0.0.1.

tests/test_offline_chromium.py proves it: a print, and the room's browser, run in a network
namespace of their own under strace, attempt no connection and no DNS query beyond the loopback.
"""

from __future__ import annotations

from typing import Sequence

SWITCHES = (
    "--disable-background-networking",  # most of the browser's background fetches
    "--disable-component-update",  # the component updater (update.googleapis.com, clients2.google.com)
    "--disable-sync",
    "--disable-default-apps",
    "--disable-domain-reliability",  # reports of network errors uploaded to Google
    "--disable-client-side-phishing-detection",  # its model, downloaded
    "--disable-breakpad",  # crash reports
    "--metrics-recording-only",  # metrics kept, never uploaded
    "--no-pings",  # <a ping> auditing
    "--no-first-run",
    "--no-default-browser-check",
    "--allow-browser-signin=false",  # no sign-in to the browser, no reconciling of Google accounts
    "--no-proxy-server",  # a proxy named in the environment would be sent the requests instead
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1",
)

DISABLED_FEATURES = (
    "NetworkTimeServiceQuerying",  # the time, asked of http://clients2.google.com/time/1/current
    "AimEnabled",  # AI Mode eligibility, asked of https://www.google.com/async/folae
    "PreconnectToSearch",  # www.google.com (the default search engine) looked up ahead of a search
    "SearchEnginePreconnect2",
    "OptimizationHints",  # page hints fetched from optimizationguide-pa.googleapis.com
    "MediaRouter",  # Cast and DIAL discovery on the local network
    "DialMediaRouteProvider",
    "Translate",  # the page's language checked, translation offered
    "AutofillServerCommunication",  # form fields' types asked of content-autofill.googleapis.com
)

ENABLED_FEATURES = (
    # A Chromium after 150 asks accounts.google.com/ListAccounts at start only when Google's cookies
    # are there (https://issues.chromium.org/565837024); Chromium 150 lacks the feature and asks
    # anyway (no switch stops it): the host-resolver rule stops it there (net::ERR_NAME_NOT_RESOLVED,
    # no query sent; only the IPv6 test above, nothing sent, is left of it).
    "SkipListAccountsWithoutGaiaCookies",
)

_FEATURE_SWITCHES = {"--disable-features=": DISABLED_FEATURES, "--enable-features=": ENABLED_FEATURES}


def switches(others: Sequence[str] = ()) -> list[str]:
    """`SWITCHES`, then --disable-features and --enable-features naming the features above with
    those that `others` (another launcher's own switches: Playwright's) disable and enable:
    Chromium reads only the last --disable-features and the last --enable-features it is given."""
    merged = []
    for switch, ours in _FEATURE_SWITCHES.items():
        names = [n for o in others if o.startswith(switch) for n in o[len(switch):].split(",") if n]
        names += [n for n in ours if n not in names]
        merged.append(switch + ",".join(names))
    return [*SWITCHES, *merged]
