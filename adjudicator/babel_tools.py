"""Extract, update and check the gettext catalogs with Babel.

Domains: ``adjudicator`` (the CLI, the verdict wording and the page) and one per game
(its rules, cases, glossary, disputes and check messages). Templates are written to
``locale/<domain>.pot``, translations live in ``locale/<lang>/LC_MESSAGES/<domain>.po``.

    adjudicator i18n extract   # rewrite the .pot templates from the code and data
    adjudicator i18n update    # merge the templates into every language's .po
    adjudicator i18n check     # fail on a stale template, untranslated or fuzzy entries
"""

from __future__ import annotations

import datetime as dt
import io
import sys
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from .core.i18n import CORE, TRANSLATED_LANGS, clear_caches, locale_dir
from .core.registry import game_ids, package_dir

ROOT = Path(__file__).resolve().parents[1]
KEYWORDS = {
    "_t": (2,),
    "N_": None,
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "N_plural": (1, 2),
    "lazy_gettext": None,
}
DATA_METHOD = "adjudicator.core.data_extract:extract_data"
FIXED_DATE = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)


def domains() -> dict[str, tuple[Path, list[tuple[str, str]]]]:
    """Each domain's folder and its Babel method map: the shared one, then each registered
    game's package (whose files the shared domain leaves out)."""
    games: dict[str, Path] = {}
    for game_id in game_ids():
        folder = package_dir(game_id)
        if folder is not None and folder.is_dir():
            games[game_id] = folder
    ignored = [
        (f"{folder.relative_to(ROOT).as_posix()}/**", "ignore")
        for folder in games.values()
        if folder.is_relative_to(ROOT)
    ]
    result: dict[str, tuple[Path, list[tuple[str, str]]]] = {
        CORE: (
            ROOT,
            [
                *ignored,
                ("adjudicator/**.py", "python"),
                ("web/**.py", "python"),
                ("web/templates/**.html", "jinja2"),
            ],
        )
    }
    for game_id, folder in games.items():
        result[game_id] = (
            folder,
            [("**.py", "python"), ("*.toml", DATA_METHOD), ("cases/*.yaml", DATA_METHOD)],
        )
    return result


def extract_docs() -> Catalog:
    """The prose pages' messages, from Sphinx's own gettext builder."""
    import subprocess
    import tempfile

    from .docs import source_dir

    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "sphinx",
                "-b",
                "gettext",
                "-q",
                "-E",
                # The game pages' titles are written by the game directives, which write
                # nothing for this builder (sphinxext.extracting); the HTML build warns of
                # a page really without one.
                "-D",
                "suppress_warnings=toc.no_title",
                "-d",
                f"{tmp}/doctrees",
                str(source_dir()),
                f"{tmp}/pot",
            ],
            check=True,
        )
        with open(f"{tmp}/pot/docs.pot", "rb") as fp:
            found = read_po(fp)
    template = Catalog(
        project="adjudicator",
        version="1",
        domain="docs",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
    )
    for message in found:
        if message.id:
            template.add(message.id, None, [], context=message.context)
    return template


def extract(domain: str) -> Catalog:
    if domain == "docs":
        return extract_docs()
    folder, method_map = domains()[domain]
    template = Catalog(
        project="adjudicator",
        version="1",
        domain=domain,
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
    )
    for filename, lineno, message, comments, context in extract_from_dir(
        str(folder),
        method_map,
        keywords=KEYWORDS,
        comment_tags=("TRANSLATORS:",),
        strip_comment_tags=True,
    ):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def _write(catalog: Catalog, path: Path, *, template: bool) -> None:
    buffer = io.BytesIO()
    write_po(
        buffer,
        catalog,
        width=0,
        sort_output=True,
        include_lineno=False,
        omit_header=False,
        ignore_obsolete=True,
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_bytes() != buffer.getvalue():
        path.write_bytes(buffer.getvalue())


def pot_path(domain: str) -> Path:
    return locale_dir() / f"{domain}.pot"


def _selected(only: str | None) -> list[str]:
    return [d for d in [*domains(), "docs"] if only in (None, d)]


def cmd_extract(only: str | None = None) -> int:
    for domain in _selected(only):
        _write(extract(domain), pot_path(domain), template=True)
        print(f"extracted {domain} -> {pot_path(domain)}")
    return 0


def cmd_update(only: str | None = None) -> int:
    for domain in _selected(only):
        template = extract(domain)
        for lang in TRANSLATED_LANGS:
            path = locale_dir() / lang / "LC_MESSAGES" / f"{domain}.po"
            if path.is_file():
                with path.open("rb") as fp:
                    catalog = read_po(fp, locale=lang, domain=domain)
            else:
                catalog = Catalog(
                    locale=lang,
                    domain=domain,
                    project="adjudicator",
                    version="1",
                    creation_date=FIXED_DATE,
                    revision_date=FIXED_DATE,
                    fuzzy=False,
                )
            catalog.update(template, no_fuzzy_matching=True)
            catalog.revision_date = FIXED_DATE
            _write(catalog, path, template=False)
            print(f"updated {path}")
    clear_caches()
    return 0


def stale_templates(only: str | None = None) -> list[str]:
    """Domains whose committed ``.pot`` lacks, or has extra, messages compared to the code."""
    stale = []
    for domain in _selected(only):
        fresh = {m.id for m in extract(domain) if m.id}
        path = pot_path(domain)
        if not path.is_file():
            stale.append(f"{domain}: no template at {path}")
            continue
        with path.open("rb") as fp:
            committed = {m.id for m in read_po(fp) if m.id}
        if fresh != committed:
            missing, extra = len(fresh - committed), len(committed - fresh)
            stale.append(f"{domain}: template out of date ({missing} new, {extra} gone)")
    return stale


def incomplete_entries(
    langs: Iterable[str] = TRANSLATED_LANGS, only: str | None = None
) -> list[str]:
    """Untranslated and fuzzy entries of every catalog, and catalogs missing entirely."""
    found = []
    for domain in _selected(only):
        path = pot_path(domain)
        if not path.is_file():
            continue
        with path.open("rb") as fp:
            wanted = {m.id for m in read_po(fp) if m.id}
        for lang in langs:
            po = locale_dir() / lang / "LC_MESSAGES" / f"{domain}.po"
            if not po.is_file():
                found.append(f"{lang}/{domain}: no catalog")
                continue
            with po.open("rb") as fp:
                catalog = read_po(fp, locale=lang)
            have = {m.id: m for m in catalog if m.id}
            for msgid in sorted(wanted, key=str):
                message = have.get(msgid)
                if (
                    message is None
                    or not message.string
                    or (isinstance(message.string, tuple) and not all(message.string))
                ):
                    found.append(f"{lang}/{domain}: untranslated: {str(msgid)[:60]!r}")
                elif message.fuzzy:
                    found.append(f"{lang}/{domain}: fuzzy: {str(msgid)[:60]!r}")
                elif message.pluralizable and len(message.string) != catalog.num_plurals:
                    found.append(
                        f"{lang}/{domain}: {len(message.string)} plural forms, the header "
                        f"says {catalog.num_plurals}: {str(msgid)[:60]!r}"
                    )
    return found


def cmd_check(only: str | None = None) -> int:
    problems = stale_templates(only) + incomplete_entries(only=only)
    for line in problems:
        print(line)
    print(f"{len(problems)} catalog problem{'' if len(problems) == 1 else 's'}")
    return 1 if problems else 0


def main(action: str, only: str | None = None) -> int:
    return {"extract": cmd_extract, "update": cmd_update, "check": cmd_check}[action](only)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None))
