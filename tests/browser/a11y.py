"""axe-core's serious and critical violations on a page, whole, or, for the reference's
long pages, in two passes that check the same things for a fifth of the CPU.

axe's colour-contrast rule costs in proportion to the whole document, whatever part of it
it is asked about (it lays out a grid of every element to find what lies behind each text):
three quarters of axe's time on the reference, 19 of 25 CPU-s on a cases page of 22,000
elements. Its verdict on an element depends only on the CSS that element gets (its colours,
font size and weight, and the backgrounds of its ancestors), and so does that of the other
rule that judges colours (a link told apart from the text around it by colour alone). The
CSS an element gets is decided by its path from ``<body>``: each ancestor's tag, classes,
the attributes and ids selectors match on, and whether it is its parent's first child (the
reference's CSS colours nothing by a later position: no ``:last-child`` or ``:nth-child``
rule sets a colour). So :func:`page_violations` runs every rule but those two on the page
as it is (the rules that depend on the words and the layout: a table too wide for a phone,
an empty link, a repeated id), then removes each element whose paths a sibling before it
already has, and runs the two colour rules on what is left: one element of every path of
the page, with whether it holds text, under the page's own CSS. It checks that the paths
before and after are the same set, so nothing it removed had a path no other element has.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

#: The attributes the browser's own stylesheet selects on (the page's are read from its CSS).
ATTRIBUTES = (
    "lang", "dir", "hidden", "open", "type", "disabled", "checked", "selected", "style",
)  # fmt: skip

#: Removes from the page every element whose paths (its own and its descendants', from
#: itself down) an earlier sibling already has; gives how many elements it removed and the
#: paths from ``<body>`` the page had before and lacks after (none, or the reduction is wrong).
#: A path step is an element's tag, classes, the attributes and the ids the page's CSS
#: (or the browser's) selects on, whether it is its parent's first element (the first
#: child is always kept, so no kept element becomes or stops being one) and whether it
#: holds text of its own (what colour contrast checks).
REDUCE = """attributes => {
  const selectors = [];
  const collect = rules => {
    for (const rule of rules) {
      if (rule.selectorText) selectors.push(rule.selectorText);
      if (rule.cssRules) collect(rule.cssRules);
    }
  };
  for (const sheet of document.styleSheets) collect(sheet.cssRules);  // (throws if unreadable)
  const css = selectors.join(",");
  const selected = new Set((css.match(/#[\\w-]+/g) || []).map(s => s.slice(1)));
  const names = [...new Set([...attributes,
    ...(css.match(/\\[\\s*[\\w-]+/g) || []).map(s => s.slice(1).trim())])].sort();
  const key = el => el.tagName + [...el.classList].sort().map(c => "." + c).join("")
    + (selected.has(el.id) ? "#" + el.id : "")
    + names.filter(a => el.hasAttribute(a)).map(a => `[${a}=${el.getAttribute(a)}]`).join("")
    + (el === el.parentElement.firstElementChild ? ":first" : "")
    + ([...el.childNodes].some(n => n.nodeType === 3 && n.data.trim()) ? " text" : "");
  const numbers = new Map();  // a path from <body> (its parent's path's number, a key) -> a number
  const number = (el, parent) => {
    const path = parent + ">" + key(el);
    if (!numbers.has(path)) numbers.set(path, numbers.size);
    return numbers.get(path);
  };
  const paths = new Map();  // element -> the number of its path
  const walk = (el, parent) => {
    paths.set(el, number(el, parent));
    for (const child of el.children) walk(child, paths.get(el));
  };
  walk(document.body, -1);
  const before = new Set(paths.values());
  let removed = 0;
  const reduce = parent => {
    const seen = new Set();
    for (const child of [...parent.children]) {
      const below = [child, ...child.querySelectorAll("*")].map(e => paths.get(e));
      if (below.every(p => seen.has(p))) { child.remove(); removed++; continue; }
      below.forEach(p => seen.add(p));
      reduce(child);
    }
  };
  reduce(document.body);
  paths.clear();
  walk(document.body, -1);  // (again: the kept elements' keys are as they were)
  const after = new Set(paths.values());
  return [removed, [...numbers].filter(([, n]) => before.has(n) && !after.has(n)).map(([p]) => p)];
}"""


#: The rules that judge colours: the contrast of text on its background, and of a link
#: against the text around it (a link told apart by its colour alone).
COLOURS = ("color-contrast", "link-in-text-block")


def serious(response: dict[str, Any]) -> list[str]:
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in response["violations"]
        if v.get("impact") in ("serious", "critical")
    ]


def run_axe(page: Page, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """axe-core (axe-playwright-python's copy) on the page, violations only."""
    from axe_playwright_python.sync_playwright import Axe

    return Axe().run(page, options={"resultTypes": ["violations"], **(options or {})}).response


def serious_axe_violations(page: Page) -> list[str]:
    """Every rule on the page as it is."""
    return serious(run_axe(page))


def page_violations(page: Page) -> list[str]:
    """Every rule on a page of the reference, the colour rules on its reduced copy (above).
    The page is left reduced: load it again before anything else."""
    found = serious(run_axe(page, {"rules": {rule: {"enabled": False} for rule in COLOURS}}))
    _removed, lost = page.evaluate(REDUCE, list(ATTRIBUTES))
    assert lost == [], f"the reduced page lacks {lost[:3]}"
    options = {"runOnly": list(COLOURS), "resultTypes": ["violations"]}
    return found + serious(page.evaluate("o => axe.run(document, o)", options))
