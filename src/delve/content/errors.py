"""Turn pydantic validation errors into :class:`ContentIssue` records people can act on.

Why: pydantic's raw errors name internal union tags in their paths and say "Input should
be ..."; a pack author needs the field as written in the YAML file, its line, and what
was expected there (including, for a misspelt field, the fields that are allowed).
"""

from __future__ import annotations

import difflib
import types
import typing
from collections.abc import Sequence
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from delve.content.effects import EFFECT_MODELS
from delve.content.issues import ContentIssue
from delve.content.refs import ID_PATTERN, FieldProblems
from delve.content.yaml_io import YamlDoc

# Names that pydantic puts into error paths for the branch of a tagged union.
_EFFECT_TAGS = {
    tag: model for model in EFFECT_MODELS for tag in get_args(model.model_fields["effect"].annotation)
}
_VICTORY_TAGS = {"kill_named", "reach_area", "complete_action", "heroes_out_of_conquest"}
_TAGS = set(_EFFECT_TAGS) | _VICTORY_TAGS

Loc = tuple[str | int, ...]


def validation_issues(
    exc: ValidationError,
    model: type[BaseModel],
    file: str,
    entry: str,
    doc: YamlDoc | None,
    base: Sequence[str | int] = (),
) -> list[ContentIssue]:
    """One issue per error in ``exc``; ``base`` is the entry's path inside the YAML file."""
    issues: list[ContentIssue] = []
    for error in exc.errors():
        raw: Loc = tuple(error["loc"])
        ctx = error.get("ctx") or {}
        problems = ctx.get("error")
        if error["type"] == "value_error" and isinstance(problems, FieldProblems):
            for field_path, message in problems.problems:
                loc = (*_strip_tags(raw), *field_path.split("."))
                issues.append(_issue(file, entry, loc, message, doc, base))
            continue
        message = _message(error, model, raw)
        issues.append(_issue(file, entry, _strip_tags(raw), message, doc, base))
    return issues


def _issue(file: str, entry: str, loc: Sequence[str | int], message: str, doc: YamlDoc | None,
           base: Sequence[str | int]) -> ContentIssue:
    """Build the issue, finding the line of the field (or its nearest ancestor)."""
    line = doc.line_for((*base, *loc)) if doc is not None else None
    return ContentIssue(file, entry, ".".join(str(p) for p in loc), message, line)


def _strip_tags(loc: Loc) -> Loc:
    """Drop union tags pydantic inserts after a list index (``effects.0.deal_wounds.amount``)."""
    out: list[str | int] = []
    for index, part in enumerate(loc):
        if isinstance(part, str) and part in _TAGS and index > 0 and isinstance(loc[index - 1], int):
            continue
        out.append(part)
    return tuple(out)


def _message(error: ErrorDetails, model: type[BaseModel], raw: Loc) -> str:
    """Say what was wrong and what was expected, in the author's terms."""
    kind = error["type"]
    ctx = error.get("ctx") or {}
    got = error.get("input")
    if kind == "missing":
        return "missing required field"
    if kind == "extra_forbidden":
        name = str(raw[-1]) if raw else ""
        allowed = _allowed_fields(model, raw[:-1])
        if allowed:
            close = difflib.get_close_matches(name, allowed, n=1)
            hint = f"did you mean {close[0]!r}? " if close else ""
            return f"unknown field {name!r}; {hint}expected one of: {', '.join(allowed)}"
        return f"unknown field {name!r}"
    if kind == "union_tag_invalid":
        tag = ctx.get("tag")
        return f"unknown {ctx.get('discriminator', 'tag').strip(chr(39))} {tag!r}; expected one of: " + \
            str(ctx.get("expected_tags", ""))
    if kind == "union_tag_not_found":
        return f"missing key {ctx.get('discriminator', '')}; it names what this entry is"
    if kind == "string_pattern_mismatch" and ctx.get("pattern") == ID_PATTERN:
        return f"expected an id of lower-case letters, digits and '-' (like 'cave-goblin'), got {got!r}"
    if kind in ("string_too_short", "too_short") and ctx.get("min_length") == 1:
        return "expected a non-empty value"
    text = error["msg"]
    if text.startswith("Value error, "):
        return text[len("Value error, "):]
    if text.startswith("Input should be "):
        return f"expected {text[len('Input should be '):]}, got {got!r}"
    return text


def _allowed_fields(model: type[BaseModel], loc: Loc) -> list[str]:
    """The field names of the model found at ``loc`` (empty if it cannot be worked out)."""
    current: Any = model
    for part in loc:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            info = current.model_fields.get(str(part))
            if info is None:
                return []
            current = info.annotation
            continue
        origin = get_origin(current)
        if origin in (list, tuple) and isinstance(part, int):
            current = get_args(current)[0]
        elif origin is dict:
            current = get_args(current)[1]
        elif origin in (Union, types.UnionType) and isinstance(part, str):
            current = _EFFECT_TAGS.get(part) or _union_member_with_field(current, part)
            if current is None:
                return []
        else:
            return []
    current = _unwrap(current)
    if isinstance(current, type) and issubclass(current, BaseModel):
        return list(current.model_fields)
    return []


def _unwrap(annotation: Any) -> Any:
    """Strip ``Annotated`` and ``X | None`` so the model underneath is left."""
    while True:
        origin = get_origin(annotation)
        if origin is typing.Annotated:
            annotation = get_args(annotation)[0]
            continue
        if origin in (Union, types.UnionType):
            members = [a for a in get_args(annotation) if a is not type(None)]
            if len(members) == 1:
                annotation = members[0]
                continue
        return annotation


def _union_member_with_field(union: Any, name: str) -> Any:
    """The member of a tagged union whose own field is ``name`` (victory conditions)."""
    for member in get_args(union):
        member = _unwrap(member)
        if isinstance(member, type) and issubclass(member, BaseModel) and name in member.model_fields:
            return member
    return None
