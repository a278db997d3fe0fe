"""Pieces of the OpenAPI document that its parts share (the rule/verdict API in
:mod:`web.openapi` and the shared table's in :mod:`web.table.openapi`)."""

from __future__ import annotations

from typing import Any

from adjudicator.core.i18n import LANGS


def ref(name: str) -> dict[str, str]:
    """A reference to a schema of the document's components."""
    return {"$ref": f"#/components/schemas/{name}"}


def json_answer(schema: dict[str, Any], description: str) -> dict[str, Any]:
    """An answer with a JSON body of ``schema``."""
    return {"description": description, "content": {"application/json": {"schema": schema}}}


def lang_parameter(what: str) -> dict[str, Any]:
    """The ``lang`` query parameter: the language of ``what``."""
    return {
        "name": "lang",
        "in": "query",
        "required": False,
        "schema": {"type": "string", "enum": list(LANGS)},
        "description": f"Language of {what} (default: Accept-Language).",
    }
