"""schemathesis against the API's own ``/openapi.json``, in process, bounded: every
operation, the shared table's included (on a database of its own).

For every operation the spec declares, schemathesis generates requests (valid and
invalid, and sequences of calls in the stateful phase) and checks that the server never
answers with a 5xx, that each status, content type, header and body is the one the spec
declares, that an invalid request is refused, and that a valid one is accepted — where the
spec can say what valid is (see :data:`CROSS_FIELD`).

The long run (``-m slow``); the fast tier has the contract's named gaps in
``tests/test_api_contract.py``. The same sweep from the command line, on a running server:
``schemathesis run http://127.0.0.1:PORT/openapi.json --checks all
--phases examples,fuzzing,stateful -n 30 --generation-deterministic`` (its
``positive_data_acceptance`` then also reports the operations of :data:`CROSS_FIELD`).
"""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

schemathesis = pytest.importorskip("schemathesis")
web = pytest.importorskip("web")

from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    negative_data_rejection,
    positive_data_acceptance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = pytest.mark.fuzz

#: Operations whose validation holds a rule between fields that JSON Schema cannot state:
#: a schema-valid request may still be malformed (422, with the field named), so the
#: "valid requests are accepted" check does not apply to them. The reason of each.
CROSS_FIELD = {
    "/check": "a game state's names must refer to its own players (and nations)",
    "/move": "the same, for the state under the move",
    "/score": "the same",
    "/options": "the same; and a kind of action of the table's own game",
    "POST /api/v1/tables": "the state must be one of the named game's",
    "/corrections": "the state must be one of the table's game's",
    "/moves": "the move must be one of the table's game's",
    "/replay": "the initial state must be one of the named game's",
    "/import": "the same",
}

_FOLDER = tempfile.TemporaryDirectory(prefix="adj-schemathesis-")
app = web.create_app(
    {"TESTING": False, "ADJ_DATABASE_URL": f"sqlite:///{Path(_FOLDER.name) / 't.sqlite3'}"}
)
schema = schemathesis.openapi.from_wsgi("/openapi.json", app)
# The coverage phase enumerates boundary values of every state field while collecting,
# which alone takes longer than the whole budget of this file; the fuzzing phase
# (valid and invalid requests) stays, bounded by max_examples.
schema.config.phases.coverage.enabled = False


def valid_is_accepted(ctx, response, case):  # type: ignore[no-untyped-def]
    """schemathesis's check that a schema-valid request is accepted, where the schema can
    say what valid is."""
    label = case.operation.label
    if any(label.endswith(part) or label == part for part in CROSS_FIELD):
        return None
    return positive_data_acceptance(ctx, response, case)


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
    valid_is_accepted,
]


@schema.parametrize()
@settings(
    max_examples=15,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_conforms_to_its_openapi(case):
    # the API turns a game's crash into a 422 and logs it: a logged error fails too
    errors = Errors()
    logger = logging.getLogger("web")
    logger.addHandler(errors)
    try:
        case.call_and_validate(checks=CHECKS)
    finally:
        logger.removeHandler(errors)
    assert not errors.records, logging.Formatter().format(errors.records[0])[-3000:]


class Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)
