"""One English wording, one translation: the page and the command line say one thing one
way (issue 28: «Μη έγκυρη: 2 παραβιάσεις.» on the page, «Μη έγκυρη κατάσταση: 2
παραβάσεις.» on the command line)."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from adjudicator.core.i18n import CORE, TRANSLATED_LANGS, locale_dir


def _same_words(msgid: str) -> str:
    """A msgid with its placeholders blanked: ``Invalid: %(num)d violation.`` (the page)
    and ``Invalid: {count} violation.`` (the command line) say the same thing."""
    return re.sub(r"%\(\w+\)[sd]|\{\w+\}", "{}", msgid)


@pytest.mark.parametrize("lang", TRANSLATED_LANGS)
def test_one_english_wording_has_one_translation(lang):
    """The page and the command line say one thing one way: entries whose English differs
    only in the placeholders' style are translated alike ("Μη έγκυρη κατάσταση: 2
    παραβάσεις." on both, not "Μη έγκυρη: 2 παραβιάσεις." on the page)."""
    path = locale_dir() / lang / "LC_MESSAGES" / f"{CORE}.po"
    with path.open("rb") as f:
        catalog = read_po(f)
    seen: dict[str, set[tuple[str, ...]]] = {}
    for message in catalog:
        if not message.id:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        seen.setdefault(_same_words(english), set()).add(tuple(map(_same_words, strings)))
    assert {k: v for k, v in seen.items() if len(v) > 1} == {}
