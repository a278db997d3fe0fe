"""Bomb design (MP-8xx): the Design Bomb space and the draft of bomb cards."""

from __future__ import annotations
