"""Fair use of the shared table by one client address: wrong join codes.

Join codes are 96 random bits, so guessing one is hopeless; still, an address that asks
for :attr:`Misses.limit` unknown codes within :attr:`Misses.window` seconds is answered 429
(with ``Retry-After``) for any table until the window has passed, so that a scan costs the
server nothing. Counted over all the server's workers (:mod:`.shared`: a flood spread over
two workers gets one share, not two). How many tables one address may open or import is
counted in the database (see ``Limits`` in :mod:`adjudicator.table.service`)."""

from __future__ import annotations

from .shared import Recent


class Misses(Recent):
    """Recent wrong join codes, by client address: at most 30 in 10 minutes."""

    def __init__(self, limit: int = 30, window: float = 600.0) -> None:
        super().__init__(limit, window)
