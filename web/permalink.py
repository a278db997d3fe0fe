"""Permalinks: a state (or move) carried in the URL itself, compressed, nothing stored."""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from flask import current_app

from adjudicator.core.errors import MalformedInput, check_depth
from adjudicator.core.i18n import N_

#: A decompressed link is never bigger than a request body may be.
MAX_DECODED = 256 * 1024


def encode(data: Any) -> str:
    """``data`` as compact JSON, zlib-compressed, base64url without padding."""
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    packed = zlib.compress(text.encode("utf-8"), 9)
    return base64.urlsafe_b64encode(packed).rstrip(b"=").decode("ascii")


def decode(blob: str, what: str = "") -> Any:
    """The data of a link made by :func:`encode`; :class:`MalformedInput` if damaged.

    The zlib stream must end where the link ends, its checksum (Adler-32) verified: a link
    cut short or with a changed character is damaged. A link that inflates past
    :data:`MAX_DECODED` is too large, whatever the rest of it holds.
    """
    damaged = MalformedInput.single(what, N_("This link is damaged or incomplete."))
    try:
        packed = base64.urlsafe_b64decode(blob + "=" * (-len(blob) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_DECODED)
    except (binascii.Error, zlib.error, ValueError):
        raise damaged from None
    if not inflater.eof and len(raw) >= MAX_DECODED:
        raise MalformedInput.single(what, N_("The input is too large."))
    if not inflater.eof or inflater.unused_data:
        raise damaged  # cut short (the checksum is at the end), or followed by more
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise damaged from None
    check_depth(data, what)
    return data


def shareable(path: str) -> str:
    """``path`` (from ``url_for``) as a link to share: under the configured base URL
    (``ADJ_BASE_URL``), else relative. Never built from the request's ``Host`` header."""
    base = current_app.config.get("ADJ_BASE_URL")
    return f"{str(base).rstrip('/')}{path}" if base else path
