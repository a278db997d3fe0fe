"""One-choice entry of a card or tile the table already shows: "Or a copy of: …".

A list of the state whose items are of one kind (one ``$defs`` entry of the schema: an MP
building card, a bomb card, a Quarantine tile) offers the items of that kind found
anywhere in the state; choosing one appends a copy (issue 26). A building bought from the
market is its market card; a second mine like the first is a copy of it; the editor then
changes only what differs (its workers, its damage). A part that holds one card (an MP bomb
built from its design card) is added holding a copy of the card chosen."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

from adjudicator.core.game import Game

from . import forms, labels, places

#: Options past this many are left out (the list stays a short choice on a phone).
MOST = 40


def _def_name(node: Any) -> str | None:
    """The ``$defs`` kind of a list's items (a market slot may also be empty: ``null``)."""
    if not isinstance(node, dict):
        return None
    refs = [o for o in node.get("anyOf", []) if isinstance(o, dict) and "$ref" in o]
    ref = node.get("$ref") or (refs[0]["$ref"] if len(refs) == 1 else None)
    return str(ref).rsplit("/", 1)[-1] if ref else None


def _lists(
    resolver: forms.Resolver, node: Any, value: Any, path: str = ""
) -> Iterator[tuple[str, str, list[Any]]]:
    """Every list of objects of one ``$defs`` kind in ``value``: (kind, pointer, items)."""
    resolved, _ = resolver.resolve(node if isinstance(node, dict) else {})
    if isinstance(value, list) and resolved.get("type") == "array":
        items = resolved.get("items", {})
        kind = _def_name(items)
        if kind and path != "/players":  # (a player is not copied: each is one colour)
            yield kind, path, value
        for index, item in enumerate(value):
            yield from _lists(resolver, items, item, f"{path}/{index}")
    elif isinstance(value, dict):
        props = resolved.get("properties", {})
        for key in [*props, *(k for k in value if k not in props)]:
            sub = props.get(key, resolved.get("additionalProperties"))
            if isinstance(sub, dict):  # (a list left out is an empty one)
                item = value.get(key, [] if key in props else None)
                yield from _lists(resolver, sub, item, forms.pointer_join(path, key))


def _alike(defs: Any, kind: str, other: str) -> bool:
    """Whether an item of ``other`` can be copied into a list of ``kind``: both are cards or
    tiles (they have a ``kind``), the fields of one being among the other's (a building in
    front of a player is its market card with damage and workers on it)."""
    mine, theirs = (set(defs.get(k, {}).get("properties", {})) for k in (kind, other))
    return "kind" in mine & theirs and (mine <= theirs or theirs <= mine)


def _holder(defs: Any, kind: str) -> tuple[str, str] | None:
    """A part that holds one card and is no card itself (a built bomb holds its design
    card): its field for the card, and the card's kind; ``None`` otherwise."""
    props = defs.get(kind, {}).get("properties", {})
    if "kind" in props:
        return None
    held = [(key, _def_name(sub)) for key, sub in props.items()]
    held = [(k, d) for k, d in held if d and "kind" in defs.get(d, {}).get("properties", {})]
    return (held[0][0], str(held[0][1])) if len(held) == 1 else None


def copy_choices(
    schema: forms.Schema, data: Any, words: Callable[[str], str]
) -> tuple[dict[str, str], dict[str, list[tuple[str, str]]]]:
    """Which lists may add a copy: each list pointer's kind; and for each kind, the items
    of the table it may copy, ``(item pointer, words)`` (one of each different item)."""
    defs = schema.get("$defs", {})
    found = list(_lists(forms.Resolver(schema), schema, data))
    sources: dict[str, list[tuple[str, str]]] = {}
    for kind in dict.fromkeys(kind for kind, _into, _items in found):
        held = _holder(defs, kind)  # (a bomb is built from a card: the card is chosen)
        card = held[1] if held else kind
        keep = set(defs.get(card, {}).get("properties", {}))
        seen: list[Any] = []
        for other, path, items in found:
            if not _alike(defs, card, other):
                continue
            for index, item in enumerate(items):
                shown = _only(item, keep)
                if shown is not None and shown not in seen and len(seen) < MOST:
                    seen.append(shown)
                    where = f"{path}/{index}"
                    sources.setdefault(kind, []).append((where, words(where)))
    lists = {into: kind for kind, into, _items in found if kind in sources}
    return lists, sources


def _only(item: Any, keep: set[str]) -> Any:
    """``item`` with only the fields of ``keep`` (``None`` when it is no object)."""
    return {k: v for k, v in item.items() if k in keep} if isinstance(item, dict) else None


def add_copy(data: Any, choice: str, schema: forms.Schema) -> tuple[Any, str]:
    """``data`` with a copy of the item ``choice`` names appended to its list (with the
    fields of the list's kind only), and the pointer of the new item ("" when ``choice``
    names no item: ``data`` unchanged)."""
    into, _, source = choice.partition("=")
    item = _at(data, source)
    head, _, last = into.rpartition("/")
    parent = _at(data, head)
    keep = set(forms.schema_at(schema, into + "/0").get("properties", {}))
    held = _holder(
        schema.get("$defs", {}), _def_name(forms.schema_at(schema, into).get("items")) or ""
    )
    if held:  # a part holding one card (a bomb built): the copy is its card
        keep = set(forms.schema_at(schema, f"{into}/0/{held[0]}").get("properties", {}))
    if not isinstance(item, dict) or not isinstance(parent, (dict, list)) or "kind" not in keep:
        return data, ""
    data = copy.deepcopy(data)
    parent = _at(data, head)
    target = parent.setdefault(last, []) if isinstance(parent, dict) else _at(data, into)
    if not isinstance(target, list):
        return data, ""
    new = json.loads(json.dumps(_only(item, keep)))
    if held:
        new = {held[0]: new}
    if None in target:  # a slot waiting for its card (the market after a purchase)
        target[target.index(None)] = new
        return data, f"{into}/{target.index(new)}"
    target.append(new)
    return data, f"{into}/{len(target) - 1}"


def _at(data: Any, pointer: str) -> Any:
    node = data
    for part in forms.split_pointer(pointer):
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return None
    return node


def for_editor(game: Game, data: Any, lang: str) -> dict[str, Any]:
    """The editor's "Or a copy of:" choices (``lists``: each list's kind; ``kinds``: the
    items each kind may copy, named where they are on the table). The page sends each
    kind's items once; its script puts them in a list's choice when it opens."""
    if not isinstance(data, dict):
        return {}

    def words(where: str) -> str:
        item = _at(data, where)
        kind = item.get("kind") if isinstance(item, dict) else None
        name = places.entity_text(game, kind, lang) if isinstance(kind, str) else ""
        what = ", ".join(summary(game, item, lang))
        return " — ".join(w for w in (name, what) if w)

    lists, kinds = copy_choices(game.schema("state"), data, words)
    return {"lists": lists, "kinds": kinds}


def summary(game: Game, item: Any, lang: str, key: str = "") -> Iterator[str]:
    """What tells an item from its like: its names and its counts other than 0, in order."""
    if isinstance(item, dict):
        for sub, value in item.items():
            if sub not in ("kind", "occupants"):  # (the kind is in the place's words)
                yield from summary(game, value, lang, sub)
    elif isinstance(item, list):
        for value in item:
            yield from summary(game, value, lang, key)
    elif isinstance(item, str):
        yield places.entity_text(game, item, lang)
    elif isinstance(item, int) and not isinstance(item, bool) and item:
        yield f"{labels.field_label(game, key, lang)} {item}"
