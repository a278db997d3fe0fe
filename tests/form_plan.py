"""What differs between the state (or move) a form holds and the one to enter: the parts
whose shape differs (a list item or an optional part to add or take away), then the plain
values. Used by the browser entry test and the test-client move test."""

from __future__ import annotations

from typing import Any

from web import forms

MISSING = object()


def leaves(value: Any, path: str = "") -> dict[str, Any]:
    """Every plain value of ``value`` by its JSON pointer (an empty list or object is a leaf)."""
    if isinstance(value, dict) and value:
        found: dict[str, Any] = {}
        for key, item in value.items():
            found.update(leaves(item, forms.pointer_join(path, key)))
        return found
    if isinstance(value, list) and value:
        found = {}
        for index, item in enumerate(value):
            found.update(leaves(item, f"{path}/{index}"))
        return found
    return {path: value}


def at(value: Any, path: str) -> Any:
    node = value
    for part in forms.split_pointer(path):
        if isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return MISSING
    return node


def shape_change(current: Any, target: Any, path: str = "") -> tuple[str, str] | None:
    """The first (outermost) part whose shape differs: ``("add", path)`` to append to a
    list or to add an optional part, ``("remove", path)`` to take one away."""
    if isinstance(target, dict):
        if current is None:
            return "add", path
        if not isinstance(current, dict):
            return None
        for key, item in target.items():
            # a list left out is drawn by the form empty; an object left out is absent (Add:)
            have = current[key] if key in current else (None if isinstance(item, dict) else [])
            found = shape_change(have, item, forms.pointer_join(path, key))
            if found:
                return found
    elif isinstance(target, list) and isinstance(current, list):
        if len(current) > len(target):
            return "remove", f"{path}/{len(current) - 1}"
        for index, item in enumerate(current):
            found = shape_change(item, target[index], f"{path}/{index}")
            if found:
                return found
        if len(current) < len(target):
            return "add", path
    elif target is None and isinstance(current, dict):
        return "remove", path
    return None
