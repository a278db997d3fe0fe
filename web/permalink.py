"""Permalinks: a state (or move) carried in the URL itself, compressed, nothing stored."""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

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
    """The data of a link made by :func:`encode`; :class:`MalformedInput` if damaged."""
    try:
        packed = base64.urlsafe_b64decode(blob + "=" * (-len(blob) % 4))
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_DECODED)
        if inflater.unconsumed_tail:
            raise MalformedInput.single(what, N_("The input is too large."))
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError, RecursionError):
        raise MalformedInput.single(what, N_("This link is damaged or incomplete.")) from None
    check_depth(data, what)
    return data
