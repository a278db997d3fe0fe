"""The names messages show: every entity by its display name in the reader's language.

The names come from the glossary's vocabulary entries (``kind`` and ``entity`` in
``glossary.toml``). A translation picks the grammatical form its sentence needs with a
format spec: ``{nation:gen}`` is «της Γαλλίας» in Greek and "da França" in Portuguese.
"""

from __future__ import annotations

from collections.abc import Iterable

from ...core.i18n import N_, Name, Names

DOMAIN = "imperial"

#: The map data's confidence words, shown in the reader's language.
CONFIDENCE = {"medium": N_("medium"), "low": N_("low")}


def nation_name(nid: str) -> Name:
    return Name(DOMAIN, "nation", nid)


def nation_names(nids: Iterable[str]) -> Names:
    return Names(DOMAIN, "nation", tuple(nids))


def region_name(region: str) -> Name:
    return Name(DOMAIN, "region", region)


def region_names(regions: Iterable[str]) -> Names:
    return Names(DOMAIN, "region", tuple(regions))


def space_name(space: str) -> Name:
    return Name(DOMAIN, "space", space)


def unit_name(kind: str) -> Name:
    return Name(DOMAIN, "unit", kind)


def stance_name(stance: str) -> Name:
    return Name(DOMAIN, "stance", stance)


def building_name(kind: str) -> Name:
    return Name(DOMAIN, "building", kind)


def move_name(move_type: str) -> Name:
    return Name(DOMAIN, "move", move_type)
