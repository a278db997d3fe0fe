"""Security headers on every answer; no inline script, no asset from another host."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, request

WSGIApp = Callable[[dict[str, Any], Any], Any]

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


#: The headers every answer carries; a view may set its own policy (kept when it does).
COMMON = (
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
)
DEFAULTS = (("Cross-Origin-Opener-Policy", "same-origin"),)


class SecurityHeaders:
    """WSGI middleware adding the security headers to every answer.

    It appends plain ``(name, value)`` pairs as the answer starts, which costs a few
    microseconds, where setting them on each Flask response object cost about 30.
    """

    def __init__(self, app: WSGIApp) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        docs = environ.get("PATH_INFO", "").startswith("/docs/")

        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            names = {name.lower() for name, _value in headers}
            headers = [(n, v) for n, v in headers if n.lower() not in _REPLACED]
            if "content-security-policy" not in names:
                headers.append(("Content-Security-Policy", DOCS_POLICY if docs else PAGE_POLICY))
            headers.extend(COMMON)
            headers.extend(pair for pair in DEFAULTS if pair[0].lower() not in names)
            return start_response(status, headers, exc_info)

        return self.app(environ, start)


_REPLACED = frozenset(name.lower() for name, _value in COMMON)


def refuse_long_chunked_body() -> None:
    """A 413 for a chunked body over the limit, as for one whose length is declared.

    Werkzeug refuses a ``Content-Length`` over ``MAX_CONTENT_LENGTH`` at once, but reads a
    chunked body only up to the limit and hands on what it read, cut. This reads one byte
    more than the limit, answers 413 when it is there, and hands on the whole body.
    """
    environ = request.environ
    if "chunked" not in environ.get("HTTP_TRANSFER_ENCODING", "").lower():
        return
    if not environ.get("wsgi.input_terminated"):
        return
    limit = current_app.config.get("MAX_CONTENT_LENGTH")
    if limit is None:
        return
    body = environ["wsgi.input"].read(limit + 1)
    if len(body) > limit:
        abort(413)
    environ["wsgi.input"] = io.BytesIO(body)
    environ["CONTENT_LENGTH"] = str(len(body))


#: Methods that change nothing, which another site's page may send.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def refuse_cross_site() -> None:
    """A 403 for a change (a form post, a move, an undo) that a page of another site made
    the reader's browser send (reliability review, F6: a cross-site form opened a table and
    undid a move; a ``text/plain`` form could post a move to the JSON API).

    A browser says where a request comes from: ``Sec-Fetch-Site`` (``cross-site``), and
    ``Origin`` on every post. Those headers are compared, not a token: the pages' forms
    work without a script, and a program without a browser (curl, the CLI, a phone app)
    sends neither header and is not a cross-site request. ``Origin`` is compared by host
    name only (a proxy passes the host without its port)."""
    if request.method in SAFE_METHODS:
        return
    site = request.headers.get("Sec-Fetch-Site", "").lower()
    if site == "cross-site":
        abort(403)
    origin = request.headers.get("Origin")
    if origin is None:
        return
    if origin == "null":
        # Our pages send no referrer, so a browser posts their forms with ``Origin: null``;
        # it still says the post comes from this site (any other ``null`` is refused).
        if site not in ("same-origin", "none"):
            abort(403)
        return
    host = urlsplit(origin).hostname
    if host is None or host != (urlsplit(f"//{request.host}").hostname or ""):
        abort(403)


def init_app(app: Flask) -> None:
    app.before_request(refuse_cross_site)
    app.before_request(refuse_long_chunked_body)
    app.wsgi_app = SecurityHeaders(app.wsgi_app)  # type: ignore[method-assign]
