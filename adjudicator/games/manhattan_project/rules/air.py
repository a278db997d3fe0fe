"""Air strikes, repair and deals (MP-6xx)."""

from __future__ import annotations
