"""Who a request comes from, for the fair-use limits (streams, openings, imports, join
codes): the peer's address; behind the README's nginx (a peer on this machine's loopback),
the address nginx names in ``X-Real-IP``. The header is never believed from any other peer,
so a client on the network cannot choose its own address. IPv6 clients count by their /64
(one household or phone network), IPv4 clients by their address."""

from __future__ import annotations

import ipaddress

from flask import request

#: The header the README's nginx site file sets to the client's address.
REAL_IP = "X-Real-IP"


def client_address() -> str:
    """The address the fair-use limits count this request under."""
    peer = _parsed(request.remote_addr or "")
    if peer is not None and peer.is_loopback:
        named = _parsed(request.headers.get(REAL_IP, "").strip())
        if named is not None:
            peer = named
    if peer is None:
        return request.remote_addr or "?"
    if peer.version == 6:
        return str(ipaddress.ip_network(f"{peer}/64", strict=False))
    return str(peer)


def _parsed(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(text)
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return address.ipv4_mapped
    return address
