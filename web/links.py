"""Where the shared links point: the join link and its QR code are absolute, and never built
from the request's ``Host`` header (anyone can forge it, and a cached QR code would carry
the forged address to every phone).

The base is ``ADJUDICATOR_BASE_URL`` (``ADJ_BASE_URL``) when it is set, else the address the
server announced when it started (``ADJ_SERVED_AT``, set by :func:`announce` from the
address gunicorn listens on: for ``--host 0.0.0.0``, this machine's address on its
network, the one the phones use), else ``http://localhost`` (an application served some
other way, such as a test client)."""

from __future__ import annotations

import ipaddress
import socket
from typing import Any

from flask import Flask, current_app

FALLBACK = "http://localhost"
#: Any address outside this machine: asking the system which of its addresses would reach
#: it (a UDP socket's ``connect`` sends nothing) names the address on the network.
_PROBE = ("192.0.2.1", 9)


def link_base() -> str:
    """The scheme and host every absolute link of this application starts with."""
    config = current_app.config
    base = config.get("ADJ_BASE_URL") or config.get("ADJ_SERVED_AT") or FALLBACK
    return str(base).rstrip("/")


def network_address() -> str:
    """This machine's address on its network (the loopback address if it has none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
            found = str(probe.getsockname()[0])
        except OSError:
            found = ""
    return found if found and found != "0.0.0.0" else "127.0.0.1"


def reachable(host: str, port: int) -> str:
    """The address to give for a server listening on ``host:port``: a wildcard host
    (every interface) becomes this machine's address on its network."""
    try:
        wildcard = ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:
        wildcard = host in ("", "*")
    if wildcard:
        host = network_address()
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def announce(app: Flask, server: Any) -> str:
    """Record on ``app`` the address gunicorn's ``server`` listens on (its first TCP
    listener), as :func:`link_base` gives it; returns it (``adjudicator serve`` prints it)."""
    for listener in getattr(server, "LISTENERS", ()):
        name = listener.sock.getsockname()
        if isinstance(name, tuple) and len(name) >= 2:
            app.config["ADJ_SERVED_AT"] = reachable(str(name[0]), int(name[1]))
            break
    return str(app.config.get("ADJ_BASE_URL") or app.config.get("ADJ_SERVED_AT") or FALLBACK)
