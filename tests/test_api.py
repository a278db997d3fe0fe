"""The public API: what ``adjudicator.__all__`` lists, one exception base, and docstrings
that say what each public method raises."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import textwrap
from typing import Any

import adjudicator
from adjudicator import AdjudicatorError


def test_all_lists_importable_names():
    assert sorted(adjudicator.__all__, key=str.lower) == sorted(
        set(adjudicator.__all__), key=str.lower
    )
    for name in adjudicator.__all__:
        assert getattr(adjudicator, name) is not None
    assert {"get_game", "available_games", "Game", "MalformedInput", "AdjudicatorError"} <= set(
        adjudicator.__all__
    )


def _modules() -> list[Any]:
    return [
        importlib.import_module(info.name)
        for info in pkgutil.walk_packages(adjudicator.__path__, "adjudicator.")
    ]


def test_every_exception_of_the_package_derives_from_the_base():
    found = [
        f"{module.__name__}.{name}"
        for module in _modules()
        for name, obj in vars(module).items()
        if inspect.isclass(obj)
        and issubclass(obj, BaseException)
        and obj.__module__ == module.__name__
        and not issubclass(obj, AdjudicatorError)
    ]
    assert found == []


def raising_methods(cls: type) -> dict[str, ast.FunctionDef]:
    """The public methods of ``cls`` that raise: with a ``raise`` of their own (outside an
    ``except`` block that only re-raises) or calling a method of ``cls`` that does."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    methods = {
        node.name: node
        for node in tree.body[0].body  # type: ignore[attr-defined]
        if isinstance(node, ast.FunctionDef)
    }

    def own_raise(func: ast.FunctionDef) -> bool:
        return any(isinstance(n, ast.Raise) and n.exc is not None for n in ast.walk(func))

    def calls(func: ast.FunctionDef) -> set[str]:
        return {
            n.func.attr
            for n in ast.walk(func)
            if isinstance(n, ast.Call)
            and isinstance(n.func, ast.Attribute)
            and isinstance(n.func.value, ast.Name)
            and n.func.value.id in ("self", "cls")
        }

    raising = {name for name, func in methods.items() if own_raise(func)}
    while True:
        more = {n for n, f in methods.items() if n not in raising and calls(f) & raising}
        if not more:
            break
        raising |= more
    return {n: methods[n] for n in raising if not n.startswith("_")}


def _public_classes() -> list[type]:
    from adjudicator.core.checks import CheckRegistry

    found = [getattr(adjudicator, n) for n in adjudicator.__all__]
    return [c for c in found if inspect.isclass(c)] + [CheckRegistry]


def test_every_public_method_that_raises_says_what_it_raises():
    silent = [
        f"{cls.__name__}.{name}"
        for cls in _public_classes()
        for name, func in raising_methods(cls).items()
        if "rais" not in (ast.get_docstring(func) or "").lower()
    ]
    assert silent == []


def test_the_raise_scan_sees_a_method_that_raises_through_another():
    class Planted:
        def load(self, text: str) -> int:
            """Read ``text``."""
            return self._parse(text)

        def _parse(self, text: str) -> int:
            if not text:
                raise ValueError(text)
            return len(text)

    assert list(raising_methods(Planted)) == ["load"]
