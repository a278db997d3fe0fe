"""The Sphinx extension that renders the rules reference from the games' catalogs.

Rules are Sphinx objects (``add_object_type``): ``.. rule:: MP-101`` makes a permalink
anchor ``rule-mp-101``, an index entry and a search object, and ``:rule:`MP-101``` links
to it from any page of the same language build.

The game pages are one-line stubs that name a directive, which writes the whole page in
the build's language from the catalogs:

``game-overview``  a game's front page      ``game-rules``      every rule by section
``game-cases``     the worked examples      ``game-trace``      rules against checks and cases
``game-glossary``  the official terms       ``game-disputes``   where the texts disagree

The build fails (warnings are errors) on any traceability gap or missing translation.
The build's hooks (checks before it, the page context, the files written after it) are in
``sphinx_hooks.py``.

Why this module is longer than ~400 lines: it is the set of page directives, one class
per kind of page, and they share the node builders (``para``, ``section``, ``field_list``,
``rule_link``...) and the page-wide msgids above. Split by page, each module would import
all of those back, and a page's wording would no longer sit next to the others it must
agree with.
"""

from __future__ import annotations

import html
import json
import re
import string
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeAlias

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from . import docs_search
from .core.aliases import also_called_text
from .core.cases import Case, run_case_answers, run_case_notices
from .core.catalog import Rule, Rulebook, Source
from .core.checks import CHECK_LABELS, Check, Kind
from .core.game import Game
from .core.i18n import (
    CORE,
    LANG_NAMES,
    LANGS,
    N_,
    gettext,
    join_items,
    normalize_lang,
    po_path,
)
from .core.reference import (
    IMPACTS,
    Dispute,
    Term,
    disputes_of_rule,
    flagged_shared,
    fold_duplicates,
    inconsistent_seeds,
    shared_printed_words,
)
from .core.trace import raised_by, trace_game
from .core.verdicts import Notice, Violation
from .games import available_games, get_game
from .sphinx_hooks import (
    CommandExample,
    check_build,
    fix_js_translations,
    localize_config,
    page_context,
    search_page_scripts,
    theme_strings_changed,
    translate_theme_labels,
    write_rule_search,
    write_rule_texts,
)

logger = logging.getLogger(__name__)
KIND_NAMES = {
    Kind.STATE: N_("state"),
    Kind.MOVE: N_("move"),
    Kind.EFFECT: N_("effect"),
    Kind.SCORE: N_("score"),
}


def _lang(env: BuildEnvironment) -> str:
    return normalize_lang(env.config.language or "en")


def _t(env: BuildEnvironment, msgid: str, **params: Any) -> str:
    text = gettext(CORE, _lang(env), msgid)
    return text.format(**params) if params else text


def _gt(env: BuildEnvironment, game: Game, msgid: str) -> str:
    return gettext(game.domain, _lang(env), msgid)


def _game_of(rule_id: str) -> Game | None:
    prefix = rule_id.split("-", 1)[0].upper()
    return next((g for g in available_games() if g.prefix == prefix), None)


# Page introductions and labels.
RULES_INTRO = N_(
    "Each rule has a stable ID that means the same in every language. Choose a second "
    "language at the top of the page to read each rule side by side with it."
)
CASES_INTRO = N_(
    "Each case is a state (a named example with changes, or a full state), possibly a "
    "move, and the verdict the adjudicator must give. The test suite runs every case."
)
CHANGES_LABEL = N_("Changes to the example:")
STATE_LABEL = N_("State:")
MOVE_LABEL = N_("Move:")
TRACE_INTRO = N_(
    "Every rule against the checks that declare it, the checks its cases show raising it, "
    "and the cases that show it holding and broken. The build fails if a rule has no check "
    "or a check lacks a passing or a failing case, and the tests fail if a check raises a "
    "rule it does not declare."
)
USED_IN_LABEL = N_("Used in: ")
GLOSSARY_INTRO = N_(
    "The official terms of the printed rulebooks in each language. A term marked * "
    "has no official translation in this language: it is the reference's own choice."
)
PRINTED_INTRO = N_(
    "Under each term, the words each rulebook prints for it: its main word first, then the "
    "other words the same rulebook also uses. ⚠ marks an inconsistency: a rulebook that uses "
    "several words for one concept, or one word for several concepts."
)
PRINTED_LABEL = N_("As printed in the rulebooks:")
COINED_NOTE = N_(
    "No rulebook in this language prints a term for this: the word above is the reference's own."
)
UNOFFICIAL_NOTE = N_(
    "A rulebook marked as a fan translation was not published with the game: its words are "
    "shown as it prints them, but they are not official terms."
)
ALSO_LABEL = N_("{book}; also: {words}")
NOTED = N_("{text} ({note})")
NAMED_IN = N_("{language}: {name}")
SOURCE_SAYS = N_("{source}: {text}")
NEXT_SOURCE = N_("{sources}; {source}")
PAGE = N_("p. {page}")
PAGE_RANGE = N_("p. {first} to p. {last}")
IMPACT_NOTE = N_("{text} (impact: {impact})")
#: A check as a player reads it: its title and what it checks (its ID is folded away).
IDS_LABEL = N_("For maintainers: the IDs in the code")
UNOFFICIAL_SHORT = N_("fan translation, not official")
INCONSISTENT_TERMS = N_("this rulebook uses more than one word for it")
SHARED_WORD = N_("the same word also names: {terms}")
INCONSISTENT_LIST = N_("Where a rulebook is inconsistent: ")
DISPUTES_INTRO = N_(
    "Where the printed rulebooks disagree with each other or with themselves, or say "
    "nothing, each entry gives what each text says (in our words), the reading this "
    "reference follows, and why."
)
READINGS_LABEL = N_("What the texts say:")
EFFECT_CASES = N_(
    "the reading is about what a legal move does, so these cases show its effect; "
    "no move can break it."
)
NO_DISPUTE_CASE = N_(
    "None: the reading concerns nothing the adjudicator checks in a state or a move."
)


# --- the rule object ------------------------------------------------------------------------


def parse_rule_node(env: BuildEnvironment, sig: str, signode: addnodes.desc_signature) -> str:
    """The signature of a rule: its ID, then its title in the build's language."""
    rule_id = sig.strip()
    signode += addnodes.desc_name(rule_id, rule_id)
    game = _game_of(rule_id)
    rule = game.rule(rule_id) if game else None
    if game and rule:
        title = _gt(env, game, rule.title)
        signode += addnodes.desc_annotation(f" — {title}", f" — {title}")
    return rule_id


# --- node helpers ---------------------------------------------------------------------------


def para(*children: nodes.Node | str, classes: Sequence[str] = ()) -> nodes.paragraph:
    node = nodes.paragraph(classes=list(classes))
    for child in children:
        node += nodes.Text(child) if isinstance(child, str) else child
    return node


def link(text: str, uri: str, classes: Sequence[str] = ()) -> nodes.reference:
    return nodes.reference(text, text, refuri=uri, internal=True, classes=list(classes))


def section(ids: str, title: str, *children: nodes.Node) -> nodes.section:
    node = nodes.section(ids=[ids], names=[ids])
    node += nodes.title(title, title)
    for child in children:
        node += child
    return node


Body: TypeAlias = nodes.Node | str | list[nodes.Node]


def field_list(rows: Iterable[tuple[str, Body]]) -> nodes.field_list:
    fields = nodes.field_list()
    for name, body in rows:
        field = nodes.field()
        field += nodes.field_name(name, name)
        content = nodes.field_body()
        content += body if isinstance(body, nodes.Node | list) else para(body)
        field += content
        fields += field
    return fields


def table(
    headers: Sequence[str], rows: Sequence[Sequence[nodes.Node | str]], widths: Sequence[int]
) -> nodes.table:
    tbl = nodes.table(classes=["adjudicator-table"])
    group = nodes.tgroup(cols=len(headers))
    tbl += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += _row(headers)
    body = nodes.tbody()
    group += body
    for row in rows:
        body += _row(row)
    return tbl


def _row(cells: Sequence[nodes.Node | str]) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += cell if isinstance(cell, nodes.paragraph) else para(cell)
        row += entry
    return row


def literal_json(data: Any) -> nodes.literal_block:
    text = json.dumps(data, ensure_ascii=False, indent=2)
    block = nodes.literal_block(text, text, language="json")
    return block


def rule_link(rule_id: str, page: str = "rules.html") -> nodes.reference:
    return link(rule_id, f"{page}#rule-{rule_id}", classes=["rule-ref"])


def comma_links(items: Iterable[nodes.Node], lang: str = "en") -> nodes.paragraph:
    """The nodes joined as ``lang`` joins a list ("A, B and C", 「A、B 和 C」)."""
    found = list(items)
    node = nodes.paragraph()
    joined = join_items([item.astext() for item in found], lang)
    at = 0
    for item in found:
        start = joined.index(item.astext(), at)
        if start > at:
            node += nodes.Text(joined[at:start])
        node += item
        at = start + len(item.astext())
    return node


def compose(message: str, **values: nodes.Node | str) -> list[nodes.Node]:
    """A translated message whose ``{name}`` placeholders are nodes (links, strong text),
    so that its punctuation stays the translator's."""
    found: list[nodes.Node] = []
    for literal, name, _spec, _conv in string.Formatter().parse(message):
        if literal:
            found.append(nodes.Text(literal))
        if name is not None:
            value = values[name]
            found.append(nodes.Text(value) if isinstance(value, str) else value)
    return found


# --- directives -----------------------------------------------------------------------------


def data_files(game: Game) -> list[Path]:
    """The files a game page is written from: when one changes, Sphinx rewrites the page
    (it only watches the .rst stubs by itself), the game's Python included (a page names
    the file and line of each check)."""
    folder = game.package_dir
    found = [folder / name for name in ("rules.toml", "glossary.toml", "disputes.toml")]
    found += sorted(folder.glob("cases/*.yaml")) + sorted(folder.glob("examples/*.json"))
    # the checks' code: a page names where each check is declared (file and line)
    found += sorted(folder.rglob("*.py"))
    found += [po_path(domain, lang) for domain in (game.domain, CORE) for lang in LANGS]
    return [path for path in found if path.is_file()]


class GameDirective(SphinxDirective):
    """Base for the directives that write a game page from its catalog."""

    required_arguments = 1
    has_content = False

    @property
    def game(self) -> Game:
        return get_game(self.arguments[0])

    def run(self) -> list[nodes.Node]:
        if extracting(self.env):
            return []
        for path in data_files(self.game):
            self.env.note_dependency(str(path))
        return untranslatable(self.render())

    def render(self) -> list[nodes.Node]:
        raise NotImplementedError

    def t(self, msgid: str, **params: Any) -> str:
        return _t(self.env, msgid, **params)

    def g(self, msgid: str) -> str:
        return _gt(self.env, self.game, msgid)

    @property
    def lang(self) -> str:
        return _lang(self.env)

    def page(self, suffix: str, title_msgid: str, body: list[nodes.Node]) -> list[nodes.Node]:
        title = self.t(title_msgid, game=self.g(self.game.name))
        return [section(f"{self.game.id}-{suffix}", title, *body)]


class RuleDirective(SphinxDirective):
    """``.. rule-entry:: MP-101``: one rule with its statement, source, checks and cases."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        if extracting(self.env):
            return []
        rule_id = self.arguments[0]
        game = _game_of(rule_id)
        rule = game.rule(rule_id) if game else None
        if game is None or rule is None:
            logger.warning("unknown rule %s", rule_id, location=self.get_location())
            return []
        return untranslatable(render_rule(self, game, rule))


def sources_text(env: BuildEnvironment, sources: Iterable[Source]) -> str:
    """Several sources, each ending where a semicolon of the build's language starts the
    next (a source holds commas; a Greek ";" is a question mark)."""
    texts = [source_text(env, s) for s in sources]
    if not texts:
        return ""
    joined = texts[0]
    for text in texts[1:]:
        joined = _t(env, NEXT_SOURCE, sources=joined, source=text)
    return joined


def source_text(env: BuildEnvironment, source: Source) -> str:
    """ "Greek rulebook, p. 10, Air strikes" in the build's language."""
    if source.book is not None and not source.where:
        text = gettext(source.book.domain, _lang(env), source.book.title)
    else:
        text = source.render(_lang(env))
    if source.book is not None and needs_unofficial_note(source.book):
        text = _t(env, NOTED, text=text, note=_t(env, UNOFFICIAL_SHORT))
    return text


def needs_unofficial_note(book: Rulebook) -> bool:
    """Whether a fan translation's title leaves it unsaid ("Chinese rules (a player's
    translation, partial)" says it already: no second note in brackets)."""
    return not book.official and "translation" not in book.title


_PAGES = re.compile(r"p\. (\d+)(?: to p\. (\d+))?")


def glossary_sources(env: BuildEnvironment, game: Game, text: str) -> list[Source]:
    """A glossary ``source`` ("000 p. 3 and p. 4; 003 Preparação") as sources whose
    ``where`` is in the build's language: the game's msgid when it has one, else the page
    numbers spelled in the build's language (a section name stays as its rulebook prints it)."""
    books = game.catalog.rulebooks
    found = []
    for part in text.split(";"):
        seed, _, where = part.strip().partition(" ")
        if seed not in books:
            continue
        translated = _gt(env, game, where)
        if translated == where:
            translated = _pages_text(env, where)
        found.append(Source(seed, translated, books[seed]))
    return found


def _pages_text(env: BuildEnvironment, where: str) -> str:
    """ "p. 3 and p. 4" or "p. 5, p. 10 to p. 15" in the build's language, when ``where``
    is only pages; anything else unchanged."""
    parts = [p.strip() for p in re.split(r",| and ", where)]
    pages = [_PAGES.fullmatch(p) for p in parts]
    if not parts or not all(pages):
        return where
    said = [
        _t(env, PAGE_RANGE, first=m[1], last=m[2]) if m[2] else _t(env, PAGE, page=m[1])
        for m in pages
        if m
    ]
    return join_items(said, _lang(env))


def extracting(env: BuildEnvironment) -> bool:
    """Sphinx's gettext builder, which finds the prose pages' messages (docs.pot for
    ``adjudicator i18n``): what the game directives write is all :func:`untranslatable`,
    so they write nothing for it (their pages were four fifths of its time)."""
    return bool(env.app.builder.name == "gettext")


def untranslatable(found: list[nodes.Node]) -> list[nodes.Node]:
    """Mark generated text as not for Sphinx's translation: it is already in the build's
    language (from the games' catalogs), and must stay out of the prose pages' docs.pot."""
    for node in found:
        for element in node.findall(nodes.TextElement):
            element["translatable"] = False
    return found


def render_rule(directive: SphinxDirective, game: Game, rule: Rule) -> list[nodes.Node]:
    env = directive.env
    holder = nodes.container()
    directive.state.nested_parse(StringList([f".. rule:: {rule.id}"]), 0, holder)
    content = next(iter(holder.findall(addnodes.desc_content)))
    content += para(_gt(env, game, rule.text), classes=["rule-text"])
    traced = next(r for r in trace_game(game) if r.rule_id == rule.id)
    rows: list[tuple[str, Body]] = []
    also = game.also_called(rule.id, _lang(env))
    if also:
        rows.append((_t(env, N_("Also called")), also_called_text(also, _lang(env))))
    rows += [
        (_t(env, N_("Source")), sources_text(env, rule.sources)),
        (_t(env, N_("Checks")), check_list(env, game, traced.checks)),
        (
            _t(env, N_("Cases")),
            comma_links(
                [link(c.id, f"cases.html#{c.anchor}", ["case-pass"]) for c in traced.passing]
                + [link(c.id, f"cases.html#{c.anchor}", ["case-fail"]) for c in traced.failing],
                _lang(env),
            ),
        ),
    ]
    disputes = {d.id: d for d in game.disputes}
    touching = [disputes[d] for d in disputes_of_rule(disputes.values(), rule.id, rule.disputes)]
    if touching:
        rows.append((_t(env, N_("Disputed")), dispute_links(env, game, touching)))
    content += field_list(rows)
    return list(holder.children)


def check_list(env: BuildEnvironment, game: Game, checks: Iterable[Check]) -> list[nodes.Node]:
    """One line per check: its title in the build's language and what it checks; the
    checks' IDs and where the code declares them (file and line, as Sphinx's ``viewcode``
    leads from an object to its source), for maintainers, folded behind a details control."""
    found = list(checks)
    lines = nodes.bullet_list(classes=["rule-checks"])
    for check in found:
        item = nodes.list_item()
        item += para(_t(env, CHECK_LABELS[check.kind], title=_gt(env, game, check.title)))
        lines += item
    return [lines, folded_ids(env, [check.id for check in found], map(located, found))]


def located(check: Check) -> str:
    """Where a check is declared: ``adjudicator/games/imperial/moves/factory.py:24``."""
    path, line = check.location()
    return f"adjudicator/{path}:{line}"


def folded_ids(env: BuildEnvironment, ids: Iterable[str], where: Iterable[str] = ()) -> nodes.Node:
    """The names the code gives (check IDs, example files) in a closed ``<details>``, each
    with where it is (``where``, if given): a player never reads them unless asked; a
    maintainer opens it."""
    brackets, comma = ("（{}）", "、") if _lang(env) == "zh_TW" else (" ({})", ", ")
    places = [brackets.format(f"<code>{html.escape(w)}</code>") for w in where]
    codes = comma.join(
        f"<code>{html.escape(i)}</code>{places[n] if n < len(places) else ''}"
        for n, i in enumerate(ids)
    )
    label = html.escape(_t(env, IDS_LABEL))
    markup = f'<details class="code-ids"><summary>{label}</summary><p>{codes}</p></details>'
    return nodes.raw("", markup, format="html")


def dispute_links(env: BuildEnvironment, game: Game, disputes: Iterable[Dispute]) -> nodes.Node:
    """One line per dispute: its ID and title, linked to its entry, and its impact."""
    lines = nodes.bullet_list(classes=["rule-disputes"])
    for dispute in disputes:
        label = f"{dispute.id} — {_gt(env, game, dispute.title)}"
        item = nodes.list_item()
        item += para(
            *compose(
                _t(env, IMPACT_NOTE),
                text=link(label, f"disputes.html#{dispute.anchor}"),
                impact=_t(env, IMPACTS[dispute.impact]),
            )
        )
        lines += item
    return lines


class GameOverview(GameDirective):
    def render(self) -> list[nodes.Node]:
        game = self.game
        lo, hi = game.players
        counts = {kind: len(game.checks.of_kind(kind)) for kind in Kind}
        body = [
            para(self.t(N_("{players} players."), players=f"{lo}–{hi}")),
            para(
                self.t(
                    N_(
                        "{rules} rules in {sections} sections, enforced by {checks} checks "
                        "({state} state, {move} move, {effect} effect, {score} score) and "
                        "shown by {cases} cases."
                    ),
                    rules=len(game.catalog),
                    sections=len(game.catalog.sections),
                    checks=len(game.checks),
                    cases=len(game.cases),
                    state=counts[Kind.STATE],
                    move=counts[Kind.MOVE],
                    effect=counts[Kind.EFFECT],
                    score=counts[Kind.SCORE],
                )
            ),
            para(
                self.t(
                    N_("Sources: {sources}."),
                    sources=join_items(
                        [self.g(book.title) for book in game.catalog.rulebooks.values()],
                        self.lang,
                    ),
                )
            ),
        ]
        return self.page("overview", N_("{game}"), body)


class GameRules(GameDirective):
    def render(self) -> list[nodes.Node]:
        game = self.game
        body: list[nodes.Node] = [para(self.t(RULES_INTRO))]
        for sec in game.catalog.sections:
            node = section(f"section-{game.id}-{sec.id}", self.g(sec.title))
            for rule in game.catalog.in_section(sec.id):
                for child in render_rule(self, game, rule):
                    node += child
            body.append(node)
        return self.page("rules", N_("{game}: rules"), body)


class GameCases(GameDirective):
    def render(self) -> list[nodes.Node]:
        game = self.game
        body: list[nodes.Node] = [para(self.t(CASES_INTRO))]
        for case in game.cases:
            verdict = _case_verdict(self, case.kind, case.expect)
            rows: list[tuple[str, Body]] = [
                (self.t(N_("Rules")), comma_links((rule_link(r) for r in case.rules), self.lang)),
                (self.t(N_("Verdict")), verdict),
            ]
            answers = run_case_answers(self.game, case)
            found = self.found_by(answers)
            if found is not None:
                rows.append((self.t(N_("Rules broken")), found))
            notices = run_case_notices(self.game, case)
            noticed = self.found_by(notices)
            if noticed is not None:
                rows.append((self.t(N_("Not checked (the state leaves it out)")), noticed))
            if case.base:
                rows.append((self.t(N_("Start from")), self.example(case.base)))
            codes = sorted({v.check for v in [*answers, *notices] if v.check})
            codes += [case.base] if case.base else []
            tested = [d for d in game.disputes if case.id in d.cases]
            if tested:
                rows.append(
                    (self.t(N_("Tests the reading of")), dispute_links(self.env, game, tested))
                )
            node = section(case.anchor, f"{case.id} — {self.g(case.title)}", field_list(rows))
            if codes:
                node += folded_ids(self.env, codes)
            if case.patch or case.remove:
                node += para(self.t(CHANGES_LABEL))
                node += literal_json({"set": dict(case.patch), "remove": list(case.remove)})
            if case.state is not None:
                node += para(self.t(STATE_LABEL))
                node += literal_json(case.state)
            if case.move is not None:
                node += para(self.t(MOVE_LABEL))
                node += literal_json(case.move)
            body.append(node)
        return self.page("cases", N_("{game}: worked examples"), body)

    def example(self, name: str) -> nodes.paragraph:
        """The example state a case starts from, by its title (its file name is folded
        away with the checks' IDs)."""
        from .core.fields import example_title  # the titles the pages' example select shows

        return para(example_title(self.game, name, self.lang))

    def found_by(self, found: Iterable[Violation | Notice]) -> nodes.paragraph | None:
        """The rules a case's violations (or notices) name, linked (``None``: there are
        none); the checks that raised them are folded away."""
        rules = sorted({v.rule for v in found})
        if not rules:
            return None
        return comma_links((rule_link(r) for r in rules), self.lang)


def _case_verdict(d: GameDirective, kind: str, expect: Any) -> str:
    broken = join_items(list(expect.get("violations", ())), d.lang) or "—"
    if kind == "state":
        if expect.get("valid", not expect.get("violations")):
            return d.t(N_("valid"))
        return d.t(N_("invalid: breaks {rules}"), rules=broken)
    if kind == "move":
        if expect.get("legal", not expect.get("violations")):
            return d.t(N_("legal"))
        return d.t(N_("illegal: breaks {rules}"), rules=broken)
    if expect.get("violations"):
        return d.t(N_("scoring reports {rules}"), rules=broken)
    return d.t(N_("scored as expected"))


class GameTrace(GameDirective):
    def render(self) -> list[nodes.Node]:
        game = self.game
        raisers = raised_by(game)
        rows = []
        for rule, row in zip(game.catalog, trace_game(game), strict=True):
            rows.append(
                [
                    para(rule_link(rule.id)),
                    self.g(rule.title),
                    join_items([c.id for c in row.checks], self.lang),
                    join_items(sorted(raisers.get(rule.id, ())), self.lang) or "—",
                    str(len(row.passing)),
                    str(len(row.failing)),
                ]
            )
        headers = [
            self.t(N_("Rule")),
            self.t(N_("Title")),
            self.t(N_("Checks")),
            self.t(N_("Raised in the cases by")),
            self.t(N_("Passing cases")),
            self.t(N_("Failing cases")),
        ]
        body = [
            para(self.t(TRACE_INTRO)),
            table(headers, rows, [10, 26, 22, 22, 8, 8]),
        ]
        return self.page("trace", N_("{game}: traceability"), body)


def _glossary_sort_key(lang: str) -> Callable[[Term], tuple[str, ...]]:
    # Greek and Portuguese: accent- and case-blind alphabetical order. Chinese: code point
    # order, which for CJK ideographs follows the Kangxi radical-and-stroke order.
    def key(term: Term) -> tuple[str, ...]:
        name = term.names[lang]
        return (docs_search.fold(name), name)

    return key


def rules_using(game: Game, term: Term) -> list[Rule]:
    """The rules whose English text names the term as a whole word, or its plural:
    "Yellow" is not in "Yellowcake", nor "bomb" in "bombers"."""
    forms = [f.lower() for f in term.all_forms("en")]
    stems = [re.escape(f[:-1]) + "(?:y|ies)" if f.endswith("y") else re.escape(f) for f in forms]
    pattern = re.compile(rf"(?<!\w)(?:{'|'.join(stems)})(?:e?s)?(?!\w)")
    return [r for r in game.catalog if pattern.search(r.text.lower())]


class GameGlossary(GameDirective):
    def render(self) -> list[nodes.Node]:
        game, lang = self.game, _lang(self.env)
        terms = sorted(game.glossary, key=_glossary_sort_key(lang))
        shared = shared_printed_words(terms)
        glossary = nodes.definition_list(classes=["adjudicator-glossary"])
        listed, folded = fold_duplicates(terms, lang)
        for term in listed:
            same = folded.get(term.id, [])  # its anchors still lead here
            item = nodes.definition_list_item(ids=[self.anchor(t) for t in (term, *same)])
            label = term.names[lang]
            if lang in term.coined:
                label += " *"
            item += nodes.term(label, label)
            body = nodes.definition()
            others = " · ".join(
                self.t(NAMED_IN, language=LANG_NAMES[x], name=term.names[x])
                for x in LANGS
                if x != lang
            )
            body += para(others, classes=["term-other-languages"])
            if lang in term.coined:
                body += para(self.t(COINED_NOTE), classes=["term-coined"])
            if term.printed:
                body += para(self.t(PRINTED_LABEL), classes=["term-printed-label"])
                body += self.printed_list(term, shared)
            if term.definition:
                body += para(self.g(term.definition))
            if term.source:
                sources = sources_text(self.env, glossary_sources(self.env, game, term.source))
                body += para(
                    self.t(N_("Source: {source}"), source=sources), classes=["term-source"]
                )
            using = {r.id for t in (term, *same) for r in rules_using(game, t)}
            used = [r for r in game.catalog if r.id in using]
            if used:
                line = para(self.t(USED_IN_LABEL))
                line += comma_links((rule_link(r.id) for r in used), lang).children
                body += line
            item += body
            glossary += item
        body_nodes: list[nodes.Node] = [para(self.t(GLOSSARY_INTRO)), para(self.t(PRINTED_INTRO))]
        books = self.game.catalog.rulebooks
        if any(not books[seed].official for t in terms for seed in t.printed if seed in books):
            body_nodes.append(para(self.t(UNOFFICIAL_NOTE), classes=["term-unofficial"]))
        by_id = {t.id: t for t in terms}
        flagged = [(t, seed) for t in terms for seed in inconsistent_seeds(t)]
        flagged += [
            (t, seed) for t in terms for seed in t.printed if flagged_shared(t, seed, shared, by_id)
        ]
        if flagged:
            body_nodes += self.inconsistencies(flagged)
        body_nodes.append(glossary)
        return self.page("glossary", N_("{game}: glossary"), body_nodes)

    def inconsistencies(self, flagged: list[tuple[Term, str]]) -> list[nodes.Node]:
        """The terms a rulebook is inconsistent about, one line per rulebook: its title,
        then its terms (a title said once, not once per term in brackets)."""
        books = self.game.catalog.rulebooks
        by_book: dict[str, dict[str, Term]] = {}
        for term, seed in flagged:
            by_book.setdefault(seed, {})[term.id] = term
        lines = nodes.bullet_list(classes=["term-inconsistencies"])
        for seed, terms in by_book.items():
            book = books.get(seed)
            named = self.g(book.title) if book is not None else seed
            head, _, tail = self.t(SOURCE_SAYS, source=named, text="\0").partition("\0")
            found = [link(t.names[self.lang], f"#{self.anchor(t)}") for t in terms.values()]
            line = para(head, *comma_links(found, self.lang).children, tail)
            lines += nodes.list_item("", line)
        return [para(self.t(INCONSISTENT_LIST).strip()), lines]

    def anchor(self, term: Term) -> str:
        return f"term-{self.game.id}-{term.id}"

    def printed_list(
        self, term: Term, shared: dict[tuple[str, str], list[str]]
    ) -> nodes.bullet_list:
        """Each rulebook's word for the term, its variants, and what is inconsistent."""
        lang = self.lang
        names = {t.id: t.names[lang] for t in self.game.glossary}
        by_id = {t.id: t for t in self.game.glossary}
        found = nodes.bullet_list(classes=["term-printed"])
        for seed, words in sorted(term.printed.items()):
            book = self.game.catalog.rulebooks.get(seed)
            label = self.g(book.title) if book is not None else seed
            if book is not None and needs_unofficial_note(book):
                label = self.t(NOTED, text=label, note=self.t(UNOFFICIAL_SHORT))
            if len(words) > 1:
                label = self.t(ALSO_LABEL, book=label, words=join_items(words[1:], lang))
            line = para(nodes.strong(words[0], words[0]), f" — {label}")
            if seed in inconsistent_seeds(term):
                line += nodes.inline("", f" ⚠ {self.t(INCONSISTENT_TERMS)}", classes=["flag"])
            others = [
                link(names[other], f"#term-{self.game.id}-{other}")
                for other in flagged_shared(term, seed, shared, by_id)
            ]
            if others:
                flag = nodes.inline("", " ⚠ ", classes=["flag"])
                flag += compose(
                    self.t(SHARED_WORD),
                    terms=nodes.inline("", "", *comma_links(others, lang).children),
                )
                line += flag
            item = nodes.list_item()
            item += line
            found += item
        return found


class GameDisputes(GameDirective):
    def render(self) -> list[nodes.Node]:
        game = self.game
        body: list[nodes.Node] = [para(self.t(DISPUTES_INTRO)), self.impact_table()]
        cases = {c.id: c for c in game.cases}
        for dispute in game.disputes:
            readings = nodes.bullet_list()
            for reading in dispute.says:
                item = nodes.list_item()
                label = source_text(self.env, reading.source)
                item += para(
                    *compose(
                        self.t(SOURCE_SAYS),
                        source=nodes.strong(label, label),
                        text=self.g(reading.text),
                    )
                )
                readings += item
            node = section(
                dispute.anchor,
                f"{dispute.id} — {self.g(dispute.title)}",
                field_list([(self.t(N_("Impact at the table")), self.t(IMPACTS[dispute.impact]))]),
                para(self.t(READINGS_LABEL)),
                readings,
                field_list(
                    [
                        (self.t(N_("Reading followed")), self.g(dispute.ruling)),
                        (self.t(N_("Why")), self.g(dispute.why)),
                        (
                            self.t(N_("Rules affected")),
                            comma_links((rule_link(r) for r in dispute.rules), self.lang),
                        ),
                        (
                            self.t(N_("Cases")),
                            self.case_links(
                                dispute, [cases[c] for c in dispute.cases if c in cases]
                            ),
                        ),
                    ]
                ),
            )
            body.append(node)
        return self.page("disputes", N_("{game}: where the texts disagree"), body)

    def impact_table(self) -> nodes.table:
        """How many entries there are of each impact, with links to them."""
        disputes = self.game.disputes
        rows: list[list[nodes.Node | str]] = []
        for impact, name in IMPACTS.items():
            found = [d for d in disputes if d.impact == impact]
            ids = comma_links((link(d.id, f"#{d.anchor}") for d in found), self.lang)
            rows.append([self.t(name), str(len(found)), ids])
        rows.append([self.t(N_("all")), str(len(disputes)), ""])
        headers = [self.t(N_("Impact")), self.t(N_("Entries")), self.t(N_("Disputes"))]
        return table(headers, rows, [12, 8, 60])

    def case_links(self, dispute: Dispute, found: list[Case]) -> nodes.Node:
        if not found:
            return para(self.t(NO_DISPUTE_CASE))
        links = comma_links(
            (
                link(
                    c.id,
                    f"cases.html#{c.anchor}",
                    ["case-fail" if c.expected_violations else "case-pass"],
                )
                for c in found
            ),
            self.lang,
        )
        if dispute.effect:
            links += nodes.Text(" — " + self.t(EFFECT_CASES))
        return links


class GameTables(GameDirective):
    """The game's own tables (``Game.reference_tables``), such as Imperial's
    unconfirmed borders."""

    def render(self) -> list[nodes.Node]:
        lang = _lang(self.env)
        found: list[nodes.Node] = []
        for make in self.game.reference_tables:
            ref = make(lang)
            widths = [
                max(8, min(40, max((len(r[i]) for r in ref.rows), default=8)))
                for i in range(len(ref.headers))
            ]
            found.append(
                section(
                    f"{self.game.id}-{ref.id}",
                    ref.title,
                    para(ref.intro),
                    table(ref.headers, [list(r) for r in ref.rows], widths),
                )
            )
        return found


# --- build events ---------------------------------------------------------------------------


def setup(app: Sphinx) -> dict[str, Any]:
    docs_search.register()
    app.add_object_type(
        "rule", "rule", objname="rule", indextemplate="single: %s", parse_node=parse_rule_node
    )
    directives.register_directive("rule-entry", RuleDirective)
    for name, cls in {
        "game-overview": GameOverview,
        "game-rules": GameRules,
        "game-cases": GameCases,
        "game-trace": GameTrace,
        "game-glossary": GameGlossary,
        "game-disputes": GameDisputes,
        "game-tables": GameTables,
        "command-example": CommandExample,
    }.items():
        app.add_directive(name, cls)
    app.connect("config-inited", localize_config)
    app.connect("builder-inited", check_build)
    app.connect("builder-inited", translate_theme_labels)
    app.connect("env-get-outdated", theme_strings_changed)
    app.connect("html-page-context", page_context)
    app.connect("html-page-context", search_page_scripts)
    app.connect("build-finished", write_rule_texts)
    app.connect("build-finished", fix_js_translations)
    app.connect("build-finished", write_rule_search)
    app.add_js_file("adjudicator.js", loading_method="defer")
    app.add_css_file("adjudicator.css")
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
