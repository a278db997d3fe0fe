"""Security headers on every answer; no inline script, no asset from another host."""

from __future__ import annotations

import io

from flask import Flask, Response, abort, current_app, request

PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: Sphinx's pages carry a few inline style attributes, and its ``doctools.js`` compiles the
#: catalog's plural expression with ``new Function`` (the search summary needs it).
DOCS_POLICY = PAGE_POLICY.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'").replace(
    "script-src 'self'", "script-src 'self' 'unsafe-eval'"
)


def add_headers(response: Response) -> Response:
    policy = DOCS_POLICY if request.path.startswith("/docs/") else PAGE_POLICY
    response.headers.setdefault("Content-Security-Policy", policy)
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    response.headers.setdefault("Cross-Origin-Opener-Policy", "same-origin")
    return response


def refuse_long_chunked_body() -> None:
    """A 413 for a chunked body over the limit, as for one whose length is declared.

    Werkzeug refuses a ``Content-Length`` over ``MAX_CONTENT_LENGTH`` at once, but reads a
    chunked body only up to the limit and hands on what it read, cut. This reads one byte
    more than the limit, answers 413 when it is there, and hands on the whole body.
    """
    environ = request.environ
    if request.content_length is not None or not environ.get("wsgi.input_terminated"):
        return
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if limit is None:
        return
    body = environ["wsgi.input"].read(limit + 1)
    if len(body) > limit:
        abort(413)
    environ["wsgi.input"] = io.BytesIO(body)
    environ["CONTENT_LENGTH"] = str(len(body))


def init_app(app: Flask) -> None:
    app.before_request(refuse_long_chunked_body)
    app.after_request(add_headers)
