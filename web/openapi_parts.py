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


def lang_refusals(paths: dict[str, Any]) -> None:
    """Every operation with a ``lang`` parameter may answer 422 naming it (a language none
    of :data:`LANGS`; see :func:`web.i18n.refuse_unknown_api_lang`): a ``Problem``, or
    what it answers 422 for a malformed input already."""
    for path in paths.values():
        for operation in path.values():
            if not any(p.get("name") == "lang" for p in operation.get("parameters", [])):
                continue
            responses = operation["responses"]
            problem = ref("Problem")
            if "422" not in responses:
                responses["422"] = json_answer(problem, "An unknown `lang`.")
                continue
            answer = responses["422"]
            content = answer["content"]["application/json"]
            content["schema"] = {"anyOf": [content["schema"], problem]}
            answer["description"] += " Or an unknown `lang`."
