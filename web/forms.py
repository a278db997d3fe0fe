"""A form editor generated from a game's JSON Schema and a current value.

Every leaf becomes one input whose name says how to read it back and where it goes:
``<kind><flags>:<root><JSON pointer>``, for example ``int:s/players/0/money``. The root
is ``s`` for the state and ``m`` for the move. Flags: ``?`` an empty value means null,
``~`` an empty value leaves the field out (its default applies). Lists of objects are
shown item by item; a list of plain values is one comma-separated input; whatever the
schema says in a way the form cannot show (unions of objects, tuples) is a JSON input.
"""

from __future__ import annotations

import copy
import itertools
import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.errors import MAX_DEPTH, FieldError, MalformedInput, check_depth
from adjudicator.core.i18n import CORE, N_, Message

MAX_FIELDS = 4000
FOLD_ABOVE = 4
SET_CHOICES = 4  # a set of at most this many choices is one choice among its subsets
"""List items with more inputs than this are folded unless opened (see ``Group.folded``)."""
Schema = Mapping[str, Any]


@dataclass
class Leaf:
    name: str
    label: str
    kind: str
    value: str
    path: str
    options: list[tuple[str, str]] = field(default_factory=list)
    removable: bool = False
    """An item of a list of plain values: it has its own remove button."""
    bounds: tuple[Any, Any] = (None, None)
    """A number's schema ``minimum`` and ``maximum`` (the page's count lists)."""

    is_group = False

    @property
    def anchor(self) -> str:
        """The HTML id of the input (the pictures and the violations link to it)."""
        return anchor(self.name.partition(":")[2])

    @property
    def rooted(self) -> str:
        return self.name.partition(":")[2]

    @property
    def wide(self) -> bool:
        """A choice too long for half a phone's width: the field takes a whole row, so
        that the select shows its choice uncut ("Αυστρο-Ουγγαρία", "工廠 A（2 架戰鬥機）")."""
        return any(text_width(text) > WIDE_FIELD for _value, text in self.options)


#: The widest choice (in half-width characters) a field shares a phone's row with.
WIDE_FIELD = 13


def text_width(text: str) -> int:
    """``text``'s width in half-width characters (a Chinese character counts two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


@dataclass
class Group:
    label: str
    path: str
    depth: int
    children: list[Leaf | Group] = field(default_factory=list)
    role: str = "object"
    """``object``; ``list`` (items can be added); ``item`` (of a list: can be removed);
    ``absent`` (an optional part that is not there: it can be added); ``optional`` (an
    optional part that is there: it can be removed)."""
    summary: str = ""
    """A short line shown beside the label while the group is folded."""
    first: bool = False
    """Shown open and first among its siblings (the active player)."""
    open: bool = False
    """Shown unfolded (a ``<details open>``): near the top, or inside a part asked for."""
    folded: bool = False
    """A list item shown by its title only (its fields are not on the page: they keep
    their values from the form's base); an ``open:`` button unfolds it."""
    weight: int = 0
    """How many inputs the group holds, those of its folded parts included."""
    name: str = ""
    """The JSON pointer with its root (``s/players/0``), for the add and remove buttons."""
    adds: list[tuple[str, str]] = field(default_factory=list)
    """A list of plain choices (cubes in a line, a card's worker slots): the values one
    choice adds, ``(JSON value, words)``."""

    is_group = True

    @property
    def anchor(self) -> str:
        return anchor(self.name) if self.name else ""


def leaves_of(group: Group) -> Iterable[Leaf]:
    for child in group.children:
        if isinstance(child, Group):
            yield from leaves_of(child)
        else:
            yield child


def groups_of(group: Group) -> Iterable[Group]:
    yield group
    for child in group.children:
        if isinstance(child, Group):
            yield from groups_of(child)


def anchor(rooted: str) -> str:
    """The HTML id of a rooted JSON pointer: ``s/players/0`` gives ``s-players-0``."""
    return rooted.replace("/", "-")


def pointer_join(path: str, key: Any) -> str:
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"


def split_pointer(path: str) -> list[str]:
    if not path:
        return []
    return [p.replace("~1", "/").replace("~0", "~") for p in path[1:].split("/")]


class Resolver:
    """Follows ``$ref`` into ``$defs`` and folds ``anyOf [X, null]`` into a nullable X. Of
    an ``anyOf`` of several forms the editor draws the first, the one the server writes
    (the others are spellings it also reads, such as one square for a list of one); an
    ``anyOf`` of constraints (no ``type``: "a treatment tile names its colour") is kept."""

    def __init__(self, root: Schema) -> None:
        self.defs: Mapping[str, Any] = root.get("$defs", {})

    def resolve(self, node: Schema) -> tuple[Schema, bool]:
        nullable = False
        for _ in range(32):
            if "$ref" in node:
                target = self.defs.get(str(node["$ref"]).rsplit("/", 1)[-1], {})
                node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
                continue
            options = node.get("anyOf")
            if isinstance(options, list):
                rest = [o for o in options if o.get("type") != "null"]
                if rest and all("type" in o or "$ref" in o for o in rest):
                    # null is a choice of its own only beside one form
                    nullable = nullable or len(rest) == 1 < len(options)
                    node = {**rest[0], **{k: v for k, v in node.items() if k != "anyOf"}}
                    continue
            break
        return node, nullable


def _enum(node: Schema) -> list[Any] | None:
    if "enum" in node:
        return list(node["enum"])
    if "const" in node:
        return [node["const"]]
    return None


def _display(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _no_choices(key: str, values: list[Any]) -> list[tuple[str, str]]:
    return [(json.dumps(v, ensure_ascii=False), _display(v)) for v in values]


class EditorBuilder:
    """Builds the :class:`Group` tree of one value against its schema.

    ``label(key)`` names a field; ``choices(key, values)`` gives the ``(value, text)``
    options of a closed choice; ``open_choices(key)`` the entities a free-text field
    names (``None``: it stays text), ``entity_keys`` the fields that name entities even
    where the schema lists them; ``first`` the index of the list item shown first
    (the active player); ``phrase(item, items)`` names a list item among its list as a
    phrase of the game's words (``None``: by :func:`item_title`); ``join(names)`` joins a
    list of names as the reader's language does (a tile's doors: «Norte, Sul e Oeste»).
    """

    def __init__(
        self,
        schema: Schema,
        root: str,
        label: Any = None,
        choices: Any = None,
        open_choices: Any = None,
        entity_keys: Iterable[str] = (),
        first: int | None = None,
        opened: Iterable[str] | None = None,
        phrase: Any = None,
        join: Any = None,
    ) -> None:
        self.resolver = Resolver(schema)
        self.schema = schema
        self.root = root
        self.count = 0
        self.label = label or (lambda key: key.replace("_", " "))
        self.choices = choices or _no_choices
        self.open_choices = open_choices or (lambda key: None)
        self.entity_keys = frozenset(entity_keys)
        """The fields that name the game's entities (a region): open choices of them, also
        where the schema lists the same names."""
        self.first = first
        self.phrase = phrase or (lambda item, items: None)
        self.join = join or ", ".join  # a list of names as the reader's language joins one
        self.opened = None if opened is None else set(opened)
        """Rooted paths of the list items shown unfolded (``None``: all of them)."""

    def title(self, item: Any, items: list[Any]) -> str:
        """What names a list item, with its entities by their display names."""
        said = self.phrase(item, items)
        if said:
            return str(said)
        return item_title(
            item,
            lambda key, v: dict(self.choices(key, [v])).get(
                json.dumps(v, ensure_ascii=False), str(v)
            ),
        )

    def _fold(self, item: Group) -> None:
        """Fold a big list item that is not asked for: only its title stays on the page.
        Its size counts the inputs of the parts already folded inside it."""
        shown = sum(1 for _ in leaves_of(item))
        item.weight = shown + sum(g.weight for g in groups_of(item) if g.folded)
        if self.opened is None or item.first or item.name in self.opened:
            return
        if item.weight <= FOLD_ABOVE:
            return
        self.count -= shown
        item.children, item.folded = [], True

    def build(self, value: Any, title: str) -> Group:
        group = Group(title, "", 0)
        node, _ = self.resolver.resolve(self.schema)
        self._object(group, node, value if isinstance(value, dict) else {}, "")
        self._mark_open(group, False)
        return group

    def _mark_open(self, group: Group, inside: bool) -> None:
        """Open the top sections, and every section inside a part that was asked for."""
        asked = group.first or (self.opened is not None and group.name in self.opened)
        group.open = inside or asked or (group.depth <= 2 and group.role != "item")
        for child in group.children:
            if isinstance(child, Group):
                self._mark_open(child, inside or asked)

    def _leaf(
        self,
        kind: str,
        flags: str,
        path: str,
        label: str,
        value: str,
        options: Iterable[tuple[str, str]] = (),
    ) -> Leaf:
        self.count += 1
        name = f"{kind}{flags}:{self.root}{path}"
        return Leaf(name, label, kind, value, path, list(options))

    def _object(self, group: Group, node: Schema, value: Mapping[str, Any], path: str) -> None:
        props: Mapping[str, Any] = node.get("properties", {})
        required = set(node.get("required", ()))
        for key, sub in props.items():
            present = key in value
            item = value[key] if present else sub.get("default")
            flags = "" if key in required else "~"
            self._node(group, sub, item, pointer_join(path, key), str(key), flags)
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and not props:
            for key, item in value.items():
                self._node(group, extra, item, pointer_join(path, key), str(key), "")
                entry = group.children[-1] if group.children else None
                if isinstance(entry, Group) and entry.path == pointer_join(path, key):
                    named = dict(self.choices(str(key), [key]))
                    entry.label = named.get(json.dumps(key, ensure_ascii=False), entry.label)
                    self._fold(entry)  # an entry of a table by key (a nation) folds too

    def _node(
        self, parent: Group, raw: Schema, value: Any, path: str, key: str, flags: str
    ) -> None:
        if self.count >= MAX_FIELDS:
            return
        node, nullable = self.resolver.resolve(raw)
        flags = flags + ("?" if nullable else "")
        label = self.label(key)
        kind = node.get("type")
        choices = None if kind == "string" and key in self.entity_keys else _enum(node)
        named = self.open_choices(key) if kind == "string" and choices is None else None
        if choices is not None:
            options = [("", "—")] if nullable or "~" in flags else []
            options += self.choices(key, choices)
            current = "" if value is None else json.dumps(value, ensure_ascii=False)
            parent.children.append(self._leaf("enum", flags, path, label, current, options))
        elif named:
            options = [("", "—")] if nullable or "~" in flags or value not in named else []
            options += [(v, t) for v, t in self.choices(key, list(named))]
            options = [(json.loads(v) if v.startswith('"') else v, t) for v, t in options]
            current = "" if value is None else str(value)
            if current and current not in named:
                options.append((current, current))
            parent.children.append(self._leaf("str", flags, path, label, current, options))
        elif kind == "boolean":
            options = [("true", "✓"), ("false", "✗")]
            if nullable or "~" in flags:
                options.insert(0, ("", "—"))
            current = "" if value is None else json.dumps(value)
            parent.children.append(self._leaf("enum", flags, path, label, current, options))
        elif kind in ("integer", "number", "string"):
            short = {"integer": "int", "number": "num", "string": "str"}[kind]
            leaf = self._leaf(short, flags, path, label, _display(value))
            leaf.bounds = (node.get("minimum"), node.get("maximum"))
            parent.children.append(leaf)
        elif kind == "object" and value is None and nullable and "properties" in node:
            group = Group(label, path, parent.depth + 1, role="absent", name=self.root + path)
            parent.children.append(group)
        elif kind == "object" and (isinstance(value, dict) or value is None):
            role = "optional" if nullable else "object"
            group = Group(label, path, parent.depth + 1, role=role, name=self.root + path)
            if value is None:
                value = present({**node, "$defs": self.schema.get("$defs", {})})
            self._object(group, node, value if isinstance(value, dict) else {}, path)
            parent.children.append(group)
        elif kind == "array" and (isinstance(value, list) or (value is None and not nullable)):
            self._array(parent, node, value or [], path, label, flags)
        else:
            text = "" if value is None else json.dumps(value, ensure_ascii=False)
            parent.children.append(self._leaf("json", flags, path, label, text))

    def _array(
        self, parent: Group, node: Schema, value: list[Any], path: str, label: str, flags: str
    ) -> None:
        items, _ = self.resolver.resolve(node.get("items", {}))
        key = path.rsplit("/", 1)[-1]
        if items.get("type") == "object" and "prefixItems" not in node:
            group = Group(label, path, parent.depth + 1, role="list", name=self.root + path)
            for index, item in enumerate(value):
                title = f"{index + 1}. {self.title(item, value)}".rstrip()
                where = pointer_join(path, index)
                sub = Group(title, where, group.depth + 1, role="item", name=self.root + where)
                sub.first = index == self.first and path == "/players"
                self._object(
                    sub, items, item if isinstance(item, dict) else {}, pointer_join(path, index)
                )
                self._fold(sub)
                group.children.append(sub)
            group.children.sort(key=lambda sub: not getattr(sub, "first", False))
            parent.children.append(group)
        elif self._set_of(parent, node, items, value, path, label, flags):
            pass
        elif _enum(items) is not None or (
            items.get("type") in ("string", "integer")
            and (items.get("type") == "integer" or self.open_choices(key))
        ):
            fixed = node.get("minItems") is not None and node.get("minItems") == node.get(
                "maxItems"
            )
            role = "fixed" if fixed else "list"
            group = Group(label, path, parent.depth + 1, role=role, name=self.root + path)
            if not fixed and _enum(items):
                group.adds = list(self.choices(key, _enum(items) or []))
            names = (self.label("x"), self.label("y")) if fixed and len(value) == 2 else ()
            for index, item in enumerate(value):
                before = len(group.children)
                self._node(group, items, item, pointer_join(path, index), key, "")
                for leaf in group.children[before:]:
                    if isinstance(leaf, Leaf):
                        leaf.removable = not fixed
                        leaf.label = names[index] if names else f"{label} {index + 1}"
            parent.children.append(group)
        elif items.get("type") == "array":
            # a list of lists (of places [x, y]): each inner list is an item of its own
            group = Group(label, path, parent.depth + 1, role="list", name=self.root + path)
            for index, item in enumerate(value):
                where = pointer_join(path, index)
                sub = Group(f"{index + 1}.", where, group.depth + 1, role="item",
                            name=self.root + where)  # fmt: skip
                self._array(sub, items, item if isinstance(item, list) else [], where, label, "")
                for child in sub.children:
                    if isinstance(child, Group):
                        sub.children = child.children  # the item is the inner list itself
                group.children.append(sub)
            parent.children.append(group)
        elif items.get("type") in ("string", "integer", "number") or _enum(items) is not None:
            short = {"integer": "lint", "number": "lnum"}.get(str(items.get("type")), "lstr")
            if _enum(items) and all(isinstance(c, int) for c in _enum(items) or []):
                short = "lint"
            text = ", ".join(_display(v) for v in value)
            parent.children.append(self._leaf(short, flags, path, label, text))
        else:
            text = json.dumps(value, ensure_ascii=False)
            parent.children.append(self._leaf("json", flags, path, label, text))

    def _set_of(
        self, parent: Group, node: Schema, items: Schema, value: list[Any], path: str,
        label: str, flags: str,
    ) -> bool:  # fmt: skip
        """A list of distinct choices of a small closed set (a tile's doors: at most one of
        each side) is one choice among its subsets, in the game's words; True when drawn."""
        choices = _enum(items) or []
        if not 0 < len(choices) <= SET_CHOICES or node.get("maxItems") != len(choices):
            return False
        if not all(isinstance(v, str) and v in choices for v in value):
            return False  # (a malformed list keeps the item-by-item fields)
        said = dict(self.choices(path.rsplit("/", 1)[-1], choices))

        def words(subset: Iterable[Any]) -> str:
            names = [said.get(json.dumps(v, ensure_ascii=False), str(v)) for v in subset]
            return str(self.join(names))

        options = [
            (json.dumps(list(subset), ensure_ascii=False), words(subset) or "—")
            for size in range(len(choices), -1, -1)
            for subset in itertools.combinations(choices, size)
        ]
        current = json.dumps(value, ensure_ascii=False)
        if current not in dict(options):
            options.insert(0, (current, words(value) or "—"))  # (as entered, in its order)
        parent.children.append(self._leaf("enum", flags, path, label, current, options))
        return True


def item_title(item: Any, name: Any = None) -> str:
    """What names a list item: its name or colour, else its place and kind (``(2, 0) lab``);
    ``name(key, value)`` gives an entity's display name."""
    if not isinstance(item, dict):
        return ""
    show = name or (lambda key, value: str(value).replace("_", " "))
    parts = []
    if isinstance(item.get("x"), int) and isinstance(item.get("y"), int):
        parts.append(f"({item['x']}, {item['y']})")
    else:
        if isinstance(item.get("name"), str):
            return str(item["name"])
        if isinstance(item.get("colour"), str):
            return str(show("colour", item["colour"]))
    for key in ("nation", "kind", "colour", "region", "cost", "count", "id"):
        value = item.get(key)
        if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
            parts.append(str(show(key, value)) if isinstance(value, str) else str(value))
    held = [v for v in item.values() if isinstance(v, dict) and "kind" in v]
    if not parts and len(held) == 1:
        return item_title(held[0], name)  # a part holding one card: a bomb by its design
    parts = parts[:4]
    if len(parts) > 1 and all(_CHINESE.fullmatch(p) for p in parts):  # 陸軍（布拉格）
        return f"{parts[0]}（{'、'.join(parts[1:])}）"
    return " ".join(parts)


_CHINESE = re.compile(r"[\u3400-\u9fff\uf900-\ufaff（）]+")


def build_editor(
    schema: Schema, value: Any, root: str, title: str, label: Any = None, **hooks: Any
) -> Group:
    """The editor of ``value`` (a state or a move) against ``schema`` (hooks: see
    :class:`EditorBuilder`)."""
    return EditorBuilder(schema, root, label, **hooks).build(value, title)


# --- reading a submitted form back ------------------------------------------------------------


class BadField(ValueError):
    def __init__(self, template: str, **params: Any) -> None:
        super().__init__(template)
        self.template, self.params = template, params


_SKIP = object()


def _number(text: str, kind: str) -> Any:
    try:
        return int(text) if kind == "int" else float(text)
    except ValueError:
        if kind == "int":
            raise BadField(N_("Expected a whole number.")) from None
        raise BadField(N_("Expected a number.")) from None


def convert(kind: str, flags: str, raw: str) -> Any:
    """The JSON value of one submitted input."""
    text = raw.strip() if kind != "str" else raw
    if text.strip() == "":
        if "?" in flags:
            return None
        if "~" in flags:
            return _SKIP
        if kind == "str":
            return ""
        if kind in ("lstr", "lint", "lnum"):
            return []
    if kind in ("int", "num"):
        return _number(text, kind)
    if kind == "str":
        return text
    if kind in ("enum", "json"):
        try:
            value = json.loads(text)
            check_depth(value)
        except (RecursionError, MalformedInput):
            raise BadField(N_("The input is nested too deeply.")) from None
        except ValueError:
            raise BadField(N_("Not valid JSON: {error}."), error=text[:40]) from None
        return value
    if kind in ("lstr", "lint", "lnum"):
        parts = [p.strip() for p in text.split(",") if p.strip()]
        if kind == "lstr":
            return parts
        return [_number(p, kind[1:]) for p in parts]
    raise BadField(N_("This field is not part of the format."))


def set_at(data: Any, parts: list[str], value: Any) -> None:
    """Set ``value`` at ``parts`` in ``data``, creating missing objects; KeyError if no place."""
    node = data
    for index, part in enumerate(parts):
        last = index == len(parts) - 1
        if isinstance(node, list):
            position = int(part)
            if not 0 <= position < len(node):
                raise KeyError(part)
            if last:
                if value is not _SKIP:  # an item is never left out, only kept as it was
                    node[position] = value
            else:
                node = node[position]
        elif isinstance(node, dict):
            if last:
                if value is _SKIP:
                    node.pop(part, None)
                else:
                    node[part] = value
            else:
                node = node.setdefault(part, {})
        else:
            raise KeyError(part)


def read_form(form: Mapping[str, str], root: str, base: Any) -> Any:
    """``base`` with every input of ``root`` in ``form`` applied; MalformedInput lists errors."""
    data = copy.deepcopy(base) if base is not None else {}
    errors: list[FieldError] = []
    for name, raw in form.items():
        head, _, where = name.partition(":")
        if not where.startswith(root + "/") and where != root:
            continue
        kind, flags = head.rstrip("?~"), head[len(head.rstrip("?~")) :]
        path = where[len(root) :]
        try:
            parts = split_pointer(path)
            if len(parts) > MAX_DEPTH:  # more segments than any real state has levels
                path = "/".join(path.split("/")[: MAX_DEPTH + 1]) + "/…"
                raise BadField(N_("The input is nested too deeply."))
            value = convert(kind, flags, raw)
            if path == "":
                if value is not _SKIP:  # the whole input left empty keeps what there was
                    data = value
            else:
                set_at(data, parts, value)
        except BadField as exc:
            errors.append(FieldError(path, Message(CORE, exc.template, exc.params)))
        except (KeyError, ValueError, TypeError):
            errors.append(
                FieldError(path, Message(CORE, N_("This field is not part of the format.")))
            )
    if errors:
        raise MalformedInput(errors)
    return data


def move_variants(schema: Schema) -> tuple[str, dict[str, Schema]]:
    """The discriminator of a move union and each move type's schema (by its tag)."""
    resolver = Resolver(schema)
    node, _ = resolver.resolve(schema)
    discriminator = str((node.get("discriminator") or {}).get("propertyName", "type"))
    members = node.get("oneOf") or node.get("anyOf") or [node]
    variants: dict[str, Schema] = {}
    for member in members:
        resolved, _ = resolver.resolve(member)
        tag = _enum(resolved.get("properties", {}).get(discriminator, {})) or []
        for value in tag:
            variants[str(value)] = {**resolved, "$defs": schema.get("$defs", {})}
    return discriminator, variants


# --- adding and removing list items ------------------------------------------------------------


def schema_at(schema: Schema, path: str) -> Schema:
    """The schema of the value at ``path`` (a JSON pointer) inside a value of ``schema``."""
    resolver = Resolver(schema)
    node, _ = resolver.resolve(schema)
    for part in split_pointer(path):
        if node.get("type") == "array" or "items" in node:
            node, _ = resolver.resolve(node.get("items", {}))
        else:
            props = node.get("properties", {})
            sub = props.get(part, node.get("additionalProperties"))
            node, _ = resolver.resolve(sub if isinstance(sub, dict) else {})
    return {**node, "$defs": schema.get("$defs", {})}


def blank(schema: Schema) -> Any:
    """A new value for ``schema``: its default, or the simplest value of its type."""
    resolver = Resolver(schema)
    node, nullable = resolver.resolve(schema)
    if "default" in node:
        return copy.deepcopy(node["default"])
    choices = _enum(node)
    if choices:
        return choices[0]
    if nullable:
        return None
    kind = node.get("type")
    if kind == "object":
        required = node.get("required", ())
        props = node.get("properties", {})
        return {
            key: blank({**sub, "$defs": schema.get("$defs", {})})
            for key, sub in props.items()
            if key in required
        }
    if kind == "array":
        item = {**node.get("items", {}), "$defs": schema.get("$defs", {})}
        return [blank(item) for _ in range(min(int(node.get("minItems", 0)), 10))]
    least = node.get("minimum", 0)
    simple = {"integer": max(least, 0), "number": 0, "boolean": False}
    return copy.deepcopy(simple.get(str(kind), ""))


def present(schema: Schema) -> Any:
    """A new value of an optional part that is being added (not its default ``null``)."""
    node, _ = Resolver(schema).resolve(schema)
    node = {k: v for k, v in node.items() if k != "default"}
    return blank({**node, "$defs": schema.get("$defs", {})})


def edit_list(schema: Schema, data: Any, action: str, root: str) -> Any:
    """Apply ``add:<root><path>`` or ``remove:<root><path>`` to ``data``; unchanged otherwise.
    ``add:<root><path>=<JSON value>`` adds that value to a list of plain choices."""
    verb, _, where = action.partition(":")
    if verb not in ("add", "remove") or not where.startswith(root + "/"):
        return data
    where, _, value = where.partition("=")  # "add:s/…/line=\"red\"": that value added
    chosen = None
    if value:
        allowed = _enum(schema_at(schema, where[len(root) :] + "/0")) or []
        chosen = next((c for c in allowed if json.dumps(c, ensure_ascii=False) == value), None)
        if chosen is None or verb != "add":
            return data
    parts = split_pointer(where[len(root) :])
    data = copy.deepcopy(data)
    try:
        node = data
        for part in parts[:-1]:
            node = node[int(part)] if isinstance(node, list) else node[part]
        last = parts[-1]
        if verb == "add" and isinstance(node, dict) and node.get(last) is None:
            shape = schema_at(schema, where[len(root) :])
            node[last] = [] if shape.get("type") == "array" else present(shape)
            if shape.get("type") == "array":
                node[last].append(blank(schema_at(schema, where[len(root) :] + "/0")))
        elif verb == "add":
            target = node[int(last)] if isinstance(node, list) else node.setdefault(last, [])
            if isinstance(target, list):
                item_schema = schema_at(schema, where[len(root) :] + "/0")
                target.append(blank(item_schema) if chosen is None else chosen)
        elif isinstance(node, list):
            del node[int(last)]
        elif isinstance(node, dict) and isinstance(node.get(last), dict):
            node[last] = None  # an optional part taken away
    except (KeyError, IndexError, ValueError, TypeError):
        return data
    return data
