"""Whether a server may start as asked: bound to this machine's own address, or to another with a
token for writes, the token read once from where it is given (`handrec serve`)."""

from __future__ import annotations

import ipaddress


class ServeError(ValueError):
    """A server that must not start as asked: one sentence."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_binding(host: str, token: str | None) -> None:
    """Bound to any address but this machine's own, a server needs a token for writes."""
    if not is_loopback(host) and not token:
        raise ServeError(f"serving on {host} opens the store to the network: give a token for writes "
                         f"(--token-file or HANDREC_TOKEN), or serve on 127.0.0.1")


def read_token(given: str | None, file: str | None, env: str | None) -> str | None:
    """The server's token: from --token-file (its first line), else --token, else HANDREC_TOKEN."""
    if file is not None:
        if given is not None:
            raise ServeError("give the token once: --token or --token-file, not both")
        from formats.files import FileError, plain_file

        try:  # (a named pipe would hold the start, /dev/zero never end; nothing there is said below)
            plain_file(file, "a token file", pipes=True, missing_ok=True)
        except FileError as e:
            raise ServeError(str(e)) from None
        try:
            with open(file, encoding="utf-8") as f:
                token = f.readline().strip()
        except (OSError, UnicodeDecodeError) as e:
            raise ServeError(f"the token file {file} cannot be read ({getattr(e, 'strerror', None) or e})") from None
        if not token:
            raise ServeError(f"the token file {file} is empty: its first line is the token")
        return token
    return given if given is not None else (env or None)
