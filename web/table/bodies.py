"""What the shared table's JSON API accepts, field by field: these models validate every
request at the edge (a malformed field is answered 422, named) and are what the OpenAPI
document declares (:mod:`web.table.openapi`), so the two cannot disagree."""

from __future__ import annotations

from typing import Annotated, Any, TypeVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    ValidationError,
)

from adjudicator.core.errors import FieldName, MalformedInput, load_json
from adjudicator.core.formats import whole_numbers
from adjudicator.core.i18n import N_
from adjudicator.table.log import MAX_NAME, MAX_PLAYERS, Seat

#: The largest version or log line number (the database's integer columns hold 32 bits).
MAX_NUMBER = 2**31 - 1
#: The longest game, example or variant ID.
MAX_ID = 64

Identifier = Annotated[StrictStr, Field(min_length=1, max_length=MAX_ID)]
Author = Annotated[
    StrictStr, Field(max_length=MAX_NAME, description="Who enters it (at most 40 characters).")
]
Version = Annotated[
    StrictInt,
    Field(ge=0, le=MAX_NUMBER, description="The state version the phone saw."),
    # 3.0 is a whole number (as JSON Schema says); after the Field, so that the schema
    # states its bounds as minimum and maximum
    BeforeValidator(whole_numbers),
]


class _Body(BaseModel):
    model_config = ConfigDict(extra="ignore")


class OpenBody(_Body):
    """Open a shared table."""

    game: Identifier = Field(description="The game's ID.")
    players: list[Seat] = Field(default_factory=list, max_length=MAX_PLAYERS)
    state: dict[str, Any] | None = Field(
        default=None, description="A state to start from (else: `example`)."
    )
    example: Identifier | None = Field(
        default=None,
        description="An example to start from (else: the game's setup for that many players).",
    )
    variant: Identifier | None = None
    author: Author | None = None


class MoveBody(_Body):
    """Enter a move against the version the phone saw."""

    move: dict[str, Any] = Field(description="The move (its schema: the game's).")
    version: Version
    author: Author | None = None


class UndoBody(_Body):
    """Take back the last change still in force."""

    version: Version
    author: Author | None = None


class CorrectionBody(_Body):
    """Set the state to match the board."""

    state: dict[str, Any] = Field(description="The corrected state (its schema: the game's).")
    version: Version
    author: Author | None = None


Body = TypeVar("Body", bound=_Body)


def parse_body(model: type[Body], raw: bytes) -> Body:
    """The request body as ``model``; :class:`MalformedInput` naming every bad field."""
    data = load_json(raw)
    if not isinstance(data, dict):
        raise MalformedInput.single("", N_("Expected an object."))
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise MalformedInput.from_pydantic(exc, data) from None


def since_of(value: str | None) -> int:
    """The ``since`` query parameter: a line number, 0 when absent; else 422, named."""
    if value is None or value == "":
        return 0
    field = FieldName("since", "since")
    number = value[1:] if value.startswith("-") else value
    if not (number.isascii() and number.isdigit()):
        raise MalformedInput.single("since", N_("{field} must be a whole number."), field=field)
    if value.startswith("-"):
        raise MalformedInput.single("since", N_("{field} must be at least {ge}."), field=field,
                                    ge=0)  # fmt: skip
    if len(value) > 10 or int(value) > MAX_NUMBER:
        raise MalformedInput.single("since", N_("{field} must be at most {le}."), field=field,
                                    le=MAX_NUMBER)  # fmt: skip
    return int(value)
