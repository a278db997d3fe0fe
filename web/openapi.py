"""The OpenAPI 3.1 document, assembled from the games' pydantic schemas."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from adjudicator.core.game import Game

from . import MAX_BODY_BYTES
from .openapi_parts import json_answer as _json
from .openapi_parts import lang_parameter, lang_refusals
from .openapi_parts import ref as _ref
from .table import openapi as table_openapi


def _rewrite_refs(node: Any, prefix: str) -> Any:
    """Point ``#/$defs/X`` references at ``#/components/schemas/<prefix>.X``."""
    if isinstance(node, dict):
        out = {}
        for key, value in node.items():
            if key != "$defs":
                out[key] = _rewrite_refs(value, prefix)
        return out
    if isinstance(node, list):
        return [_rewrite_refs(item, prefix) for item in node]
    if isinstance(node, str) and node.startswith("#/$defs/"):
        return f"#/components/schemas/{prefix}.{node[len('#/$defs/') :]}"
    return node


def _components(game: Game) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for which in ("state", "move"):
        schema = game.input_schema(which)
        for name, sub in schema.get("$defs", {}).items():
            found[f"{game.id}.{name}"] = _rewrite_refs(sub, game.id)
        found[f"{game.id}.{which}"] = _rewrite_refs(schema, game.id)
    return found


_ERROR = {
    "type": "object",
    "properties": {
        "path": {"type": "string", "description": "JSON pointer of the problem"},
        "message": {"type": "string"},
    },
    "required": ["path", "message"],
}
_VIOLATION = {
    "type": "object",
    "properties": {
        "rule": {"type": "string"},
        "check": {"type": "string", "description": "ID of the check that raised it"},
        "message": {"type": "string"},
        "path": {"type": "string"},
    },
    "required": ["rule", "check", "message", "path"],
}
_CHECK = {
    "type": "object",
    "properties": {
        "valid": {"type": "boolean"},
        "violations": {"type": "array", "items": {"$ref": "#/components/schemas/Violation"}},
        "notices": {
            "type": "array",
            "items": {"$ref": "#/components/schemas/Violation"},
            "description": "what could not be checked, because the state leaves it out",
        },
        "errors": {"type": "array", "items": {"$ref": "#/components/schemas/Error"}},
    },
    "required": ["valid", "violations", "errors"],
}
_MOVE = {
    "type": "object",
    "properties": {
        "legal": {"type": "boolean"},
        "violations": {"type": "array", "items": {"$ref": "#/components/schemas/Violation"}},
        "state": {"type": ["object", "null"]},
        "alternatives": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"move": {"type": "object"}, "description": {"type": "string"}},
            },
        },
        "effects": {"type": "array", "items": {"type": "string"}},
        "allowed_by": {
            "type": "array",
            "items": {"type": "string"},
            "description": "For a legal move: the IDs of the rules it is made under",
        },
        "notices": {
            "type": "array",
            "items": {"$ref": "#/components/schemas/Violation"},
            "description": "how a state or move of an earlier format was read",
        },
        "errors": {"type": "array", "items": {"$ref": "#/components/schemas/Error"}},
    },
    "required": ["legal", "violations", "state", "alternatives", "errors"],
}
_SCORE = {
    "type": "object",
    "properties": {
        "final": {"type": "boolean"},
        "scores": {"type": "object", "additionalProperties": {"type": "number"}},
        "ranking": {"type": "array", "items": {"type": "string"}},
        "winner": {"type": ["string", "null"]},
        "winners": {"type": "array", "items": {"type": "string"}},
        "names": {
            "type": "object",
            "additionalProperties": {"type": "string"},
            "description": "each ranked player's display name in the request's language",
        },
        "tiebreaks": {"type": "array", "items": {"type": "string"}},
        "steps": {"type": "array", "items": {"type": "string"}},
        "details": {"type": "object"},
        "violations": {"type": "array", "items": {"$ref": "#/components/schemas/Violation"}},
        "notices": {
            "type": "array",
            "items": {"$ref": "#/components/schemas/Violation"},
            "description": "how a state of an earlier format was read",
        },
        "errors": {"type": "array", "items": {"$ref": "#/components/schemas/Error"}},
    },
    "required": ["final", "scores", "winner", "errors"],
}
_OPTIONS = {
    "type": "object",
    "properties": {
        "count": {"type": "integer"},
        "counts": {"type": "object", "additionalProperties": {"type": "integer"}},
        "actions": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "kind": {"type": "string"},
                    "move": {"type": "object"},
                    "description": {"type": "string"},
                    "effects": {"type": "array", "items": {"type": "string"}},
                    "group": {
                        "type": ["string", "null"],
                        "description": "The sub-list of its kind the action is folded into",
                    },
                    "piece": {
                        "type": ["object", "null"],
                        "description": "The piece the action moves, as the state names it "
                        "(Imperial: nation, kind, region); null: none",
                    },
                    "to": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "The places the action goes to or acts on, as the "
                        "move names them",
                    },
                    "choose": {
                        "type": ["object", "null"],
                        "description": "What may be chosen inside the action: field, most, "
                        "among (e.g. an import's units, each with its cost)",
                    },
                },
                "required": ["kind", "move", "description", "effects"],
            },
        },
        "notes": {"type": "array", "items": {"type": "string"}},
        "notices": {
            "type": "array",
            "items": {"$ref": "#/components/schemas/Violation"},
            "description": "how a state of an earlier format was read",
        },
        "errors": {"type": "array", "items": {"$ref": "#/components/schemas/Error"}},
    },
    "required": ["count", "counts", "actions", "notes", "errors"],
}
_RULE = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "game": {"type": "string"},
        "section": {"type": "string"},
        "title": {"type": "string"},
        "text": {"type": "string"},
        "source": {"type": "array", "items": {"type": "string"}},
        "checks": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["id", "game", "title", "text"],
}
_STRINGS = {"type": "array", "items": {"type": "string"}}
_SEARCH = {
    "type": "object",
    "properties": {
        "query": {"type": "string"},
        "lang": {"type": "string"},
        "results": {
            "type": "array",
            "items": {
                "allOf": [
                    {"$ref": "#/components/schemas/Rule"},
                    {"type": "object", "properties": {"matched": _STRINGS}},
                ]
            },
        },
        "suggestions": _STRINGS,
        "ignored": _STRINGS,
    },
    "required": ["query", "lang", "results", "suggestions"],
}
_PROBLEM = {
    "type": "object",
    "properties": {
        "status": {"type": "integer"},
        "message": {"type": "string"},
        "errors": {"type": "array", "items": {"$ref": "#/components/schemas/Error"}},
    },
}


_GAME = {
    "type": "object",
    "properties": {
        "id": {"type": "string"},
        "name": {"type": "string"},
        "prefix": {"type": "string"},
        "players": {"type": "array", "items": {"type": "integer"}},
        "examples": {"type": "array", "items": {"type": "string"}},
        "rules": {"type": "integer"},
        "page": {"type": "string"},
    },
    "required": ["id", "name"],
}


_LANG = lang_parameter("messages and rule texts")


_QUERY = {
    "name": "q",
    "in": "query",
    "required": False,
    "schema": {"type": "string"},
    "description": "A rule ID, or words (accents and case do not matter).",
}


def _post(game: Game, what: str, body: dict[str, Any], answer: str) -> dict[str, Any]:
    return {
        "post": {
            "summary": f"{game.name}: {what}",
            "operationId": f"{game.id}-{answer.lower()}",
            "parameters": [_LANG],
            "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
            "responses": {
                "200": _json(_ref(answer), "The verdict."),
                "404": _json(_ref("Problem"), "Unknown game."),
                "413": _json(_ref("Problem"), f"Body larger than {MAX_BODY_BYTES} bytes."),
                "422": _json(
                    _ref(answer),
                    "Malformed input: every problem with its path. Also a state whose parts "
                    "disagree (a name that is not one of its players', two players of one "
                    "colour): a rule between fields that JSON Schema cannot state, its error "
                    'at the state\'s root (path `""`).',
                ),
            },
        }
    }


def _kind(game: Game) -> dict[str, Any]:
    """The ``kind`` query parameter: one of the kinds of action the game lists."""
    kinds = list(game.options.kinds) if game.options is not None else []
    return {
        "name": "kind",
        "in": "query",
        "required": False,
        "schema": {"type": "string", "enum": kinds},
        "description": "Only the actions of this kind (a move type); default: every kind.",
    }


def _options_path(game: Game, state: dict[str, Any]) -> dict[str, Any]:
    """``POST .../options``: the legal actions of the player to move (issue 16)."""
    path = _post(game, "list the legal actions of the player to move", state, "Options")
    path["post"]["parameters"] = [_kind(game), _LANG]
    path["post"]["responses"]["200"] = _json(_ref("Options"), "The legal actions.")
    return path


def _paths(game: Game) -> dict[str, Any]:
    base = f"/api/v1/{game.id}"
    state = _ref(f"{game.id}.state")
    move_body = {
        "type": "object",
        "required": ["state", "move"],
        "properties": {"state": state, "move": _ref(f"{game.id}.move")},
    }
    rule_id = {"name": "rule_id", "in": "path", "required": True, "schema": {"type": "string"}}
    name = {"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}
    which = {
        "name": "which",
        "in": "query",
        "required": False,
        "schema": {"type": "string", "enum": ["state", "move"], "default": "state"},
    }
    not_found = _json(_ref("Problem"), "Unknown game, rule or example.")
    return {
        f"{base}/check": _post(game, "check a state", state, "CheckReport"),
        f"{base}/move": _post(game, "decide on a move", move_body, "MoveVerdict"),
        f"{base}/score": _post(game, "score a state", state, "ScoreReport"),
        f"{base}/options": _options_path(game, state),
        f"{base}/schema": {
            "get": {
                "summary": f"{game.name}: JSON Schema of a state or a move",
                "operationId": f"{game.id}-schema",
                "parameters": [which],
                "responses": {"200": _json({"type": "object"}, "A JSON Schema."), "404": not_found},
            }
        },
        f"{base}/rules/{{rule_id}}": {
            "get": {
                "summary": f"{game.name}: one rule",
                "operationId": f"{game.id}-rule",
                "parameters": [rule_id, _LANG],
                "responses": {"200": _json(_ref("Rule"), "The rule."), "404": not_found},
            }
        },
        f"{base}/examples/{{name}}": {
            "get": {
                "summary": f"{game.name}: a named example state",
                "operationId": f"{game.id}-example",
                "parameters": [name],
                "responses": {"200": _json(state, "The example."), "404": not_found},
            }
        },
        f"{base}/examples": {
            "get": {
                "summary": f"{game.name}: the names of the example states",
                "operationId": f"{game.id}-examples",
                "responses": {
                    "200": _json({"type": "array", "items": {"type": "string"}}, "The names.")
                },
            }
        },
        f"{base}/rules": {
            "get": {
                "summary": f"{game.name}: every rule, or those matching an ID or words",
                "operationId": f"{game.id}-rules",
                "parameters": [_QUERY, _LANG],
                "responses": {"200": _json({"type": "array", "items": _ref("Rule")}, "The rules.")},
            }
        },
        f"{base}/search": {
            "get": {
                "summary": f"{game.name}: the rules for a query, with the words that found each",
                "operationId": f"{game.id}-search",
                "parameters": [_QUERY, _LANG],
                "responses": {"200": _json(_ref("SearchResults"), "The rules found.")},
            }
        },
    }


def openapi_document(games: Iterable[Game]) -> dict[str, Any]:
    games = list(games)
    schemas: dict[str, Any] = {
        "Error": _ERROR,
        "Violation": _VIOLATION,
        "CheckReport": _CHECK,
        "MoveVerdict": _MOVE,
        "ScoreReport": _SCORE,
        "Options": _OPTIONS,
        "Rule": _RULE,
        "SearchResults": _SEARCH,
        "Problem": _PROBLEM,
        "Game": _GAME,
    }
    paths: dict[str, Any] = {}
    for game in games:
        schemas.update(_components(game))
        paths.update(_paths(game))
    schemas.update(table_openapi.SCHEMAS)
    paths.update(table_openapi.paths(games))
    paths["/api/v1/games"] = {
        "get": {
            "summary": "The games, with their examples and the page of each",
            "operationId": "games",
            "parameters": [_LANG],
            "responses": {"200": _json({"type": "array", "items": _ref("Game")}, "The games.")},
        }
    }
    lang_refusals(paths)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Adjudicator API",
            "version": "1",
            "description": (
                "Check a state, decide on a move and score a game of The Manhattan Project, "
                "Imperial or Quarantine. Answers match `adjudicator … --format json`. "
                "Paths in violations and errors are JSON pointers into the state "
                "(a move's start with /move)."
            ),
        },
        "paths": paths,
        "components": {"schemas": schemas},
    }
