"""The short code of a table: eight characters one reads aloud and types on another phone.

Crockford's base 32 (digits and capitals without I, L, O, U), so that a code typed in lower
case, with spaces or dashes, or with O for 0 and I or L for 1, is still the same code. Eight
characters are 40 random bits: with the join attempts limited per client, nobody finds a
table by guessing. The join link keeps its own longer code."""

from __future__ import annotations

import secrets

DIGITS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 8
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_short_code() -> str:
    return "".join(secrets.choice(DIGITS) for _ in range(LENGTH))


def normalize(typed: str) -> str | None:
    """The code as stored, from what a person typed; ``None`` if it cannot be one."""
    code = "".join(ch for ch in typed.upper() if not ch.isspace() and ch != "-")
    code = code.translate(_READ_AS)
    if len(code) != LENGTH or any(ch not in DIGITS for ch in code):
        return None
    return code


def shown(code: str) -> str:
    """The code as shown to be read aloud: two groups of four."""
    return f"{code[:4]} {code[4:]}"
