"""Verdicts kept language-neutral: messages as data, rendered in each reader's language.

A :class:`~adjudicator.core.i18n.Message` is stored as its domain, its template (the
English msgid, or a singular/plural pair) and its parameters; names as their vocabulary
kind and entity. Rendering reads the catalogs of the reader's language, so one stored
verdict serves every phone at the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.core.errors import MalformedInput
from adjudicator.core.i18n import LANGS, Localized, Message, Name, Names, Plural
from adjudicator.core.verdicts import MoveVerdict, Report


def encode(value: Any) -> Any:
    """A JSON form of a message parameter (a message, a name, or a plain value)."""
    if isinstance(value, Message):
        template: Any = value.template
        if isinstance(template, Plural):
            template = {"one": template.singular, "other": template.plural}
        params = {k: encode(v) for k, v in value.params.items()}
        return {"$msg": value.domain, "t": template, "p": params}
    if isinstance(value, Name):
        return {"$name": value.domain, "kind": value.kind, "e": value.entity, "form": value.form}
    if isinstance(value, Names):
        return {
            "$names": value.domain,
            "kind": value.kind,
            "e": list(value.entities),
            "form": value.form,
        }
    if isinstance(value, Localized):
        # Any other localized value: kept as its text in every language.
        return {"$text": {lang: value.render(lang) for lang in LANGS}}
    if isinstance(value, list | tuple):
        return [encode(v) for v in value]
    if value is None or isinstance(value, str | int | float | bool):
        return value
    return str(value)


class _Texts(Localized):
    """A value stored as its text in every language."""

    def __init__(self, texts: Mapping[str, str]) -> None:
        self.texts = dict(texts)

    def render(self, lang: str = "en") -> str:
        return self.texts.get(lang) or self.texts.get("en", "")


def decode(data: Any) -> Any:
    """The value :func:`encode` stored."""
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        return data
    if "$msg" in data:
        t = data["t"]
        template = Plural(t["one"], t["other"]) if isinstance(t, dict) else t
        return Message(data["$msg"], template, {k: decode(v) for k, v in data["p"].items()})
    if "$name" in data:
        return Name(data["$name"], data["kind"], data["e"], data.get("form", ""))
    if "$names" in data:
        return Names(data["$names"], data["kind"], tuple(data["e"]), data.get("form", ""))
    if "$text" in data:
        return _Texts(data["$text"])
    return data


def render(data: Any, lang: str) -> str:
    """A stored message in ``lang``."""
    value = decode(data)
    return value.render(lang) if isinstance(value, Localized) else str(value)


# --- verdicts --------------------------------------------------------------------------------


def encode_verdict(verdict: MoveVerdict) -> dict[str, Any]:
    """A move verdict without its resulting state (the log keeps that apart)."""
    return {
        "legal": verdict.legal,
        "violations": [
            {"rule": v.rule, "check": v.check, "path": v.path, "message": encode(v.message)}
            for v in verdict.violations
        ],
        "alternatives": [
            {"move": dict(a.move), "description": encode(a.description)}
            for a in verdict.alternatives
        ],
        "effects": [encode(m) for m in verdict.effects],
    }


def encode_malformed(exc: MalformedInput) -> dict[str, Any]:
    """A move that is not even well formed, as an illegal verdict naming each field."""
    return {
        "legal": False,
        "malformed": True,
        "violations": [
            {"rule": "", "check": "", "path": e.path, "message": encode(e.message)}
            for e in exc.errors
        ],
        "alternatives": [],
        "effects": [],
    }


def encode_report(report: Report) -> dict[str, Any]:
    """A state report (the violations and notices of a corrected state)."""
    return {
        "valid": report.valid,
        "violations": [
            {"rule": v.rule, "check": v.check, "path": v.path, "message": encode(v.message)}
            for v in report.violations
        ],
        "notices": [
            {"rule": n.rule, "path": n.path, "message": encode(n.message)} for n in report.notices
        ],
    }


def render_verdict(data: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A stored verdict (or report) with every message in ``lang``."""
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key in ("violations", "notices"):
            out[key] = [{**item, "message": render(item["message"], lang)} for item in value]
        elif key == "alternatives":
            out[key] = [
                {"move": a["move"], "description": render(a["description"], lang)} for a in value
            ]
        elif key == "effects":
            out[key] = [render(m, lang) for m in value]
        else:
            out[key] = value
    return out
