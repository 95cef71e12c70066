"""Read one YAML file of a pack, keeping the line of every value so issues can point at it.

Why not plain ``yaml.safe_load``: it forgets where each value came from, and it silently
keeps the last of two equal keys in a mapping. Here the file is first composed into nodes
(which carry their position), then built into plain Python data, and the node tree is
walked once to record lines and to catch duplicate keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from delve.content.issues import ContentIssue
from delve.safe_yaml import MAX_NODES, MAX_NUMBER, LimitedLoader, LimitError, expanded_size, read_text_limited

Path_ = tuple[str, ...]


@dataclass(frozen=True)
class YamlDoc:
    """The data of one YAML file and the 1-based line of each value, keyed by its path."""

    data: Any
    lines: dict[Path_, int] = field(default_factory=dict)

    def line_for(self, path: Sequence[str | int]) -> int | None:
        """The line of ``path``, or of its nearest ancestor that has one."""
        parts = tuple(str(p) for p in path)
        for end in range(len(parts), -1, -1):
            line = self.lines.get(parts[:end])
            if line is not None:
                return line
        return None


def read_yaml(path: Path, shown_as: str) -> tuple[YamlDoc | None, list[ContentIssue]]:
    """Parse ``path``; on a syntax error return ``None`` and an issue with its line.

    ``shown_as`` is the file name used in issues (relative to the pack folder). Duplicate-key
    issues carry the full dotted path in ``field`` and no entry; the caller knows how the
    file is laid out and moves the entry part out of it.
    """
    try:
        text = read_text_limited(path)
    except UnicodeDecodeError as exc:
        return None, [ContentIssue(shown_as, "", "", f"cannot read file: not UTF-8 text (byte {exc.start})")]
    except (OSError, ValueError) as exc:
        return None, [ContentIssue(shown_as, "", "", f"cannot read file: {exc}")]
    loader = LimitedLoader(text)
    try:
        node = loader.get_single_node()
        if node is not None and expanded_size(node) > MAX_NODES:
            raise LimitError(f"more than {MAX_NODES:,} values once its aliases are expanded (an alias bomb?)")
        data = loader.construct_document(node) if node is not None else None
    except LimitError as exc:
        return None, [ContentIssue(shown_as, "", "", f"YAML refused: {exc}")]
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark is not None else ""
        problem = " ".join(p for p in (exc.context, exc.problem) if p)
        return None, [ContentIssue(shown_as, "", "", f"YAML syntax error: {problem}{where}", line)]
    except yaml.YAMLError as exc:
        return None, [ContentIssue(shown_as, "", "", f"YAML error: {exc}")]
    finally:
        loader.dispose()
    lines: dict[Path_, int] = {}
    issues: list[ContentIssue] = []
    if node is not None:
        lines[()] = node.start_mark.line + 1
        _walk(node, (), lines, issues, shown_as)
    return YamlDoc(data, lines), issues


def _walk(node: yaml.Node, path: Path_, lines: dict[Path_, int], issues: list[ContentIssue],
          shown_as: str) -> None:
    """Record the line of every value under ``node`` and report duplicate mapping keys."""
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = str(key_node.value)
            line = key_node.start_mark.line + 1
            if key in seen:
                issues.append(ContentIssue(
                    shown_as, "", ".".join((*path, key)),
                    f"duplicate key {key!r} (first at line {seen[key]}); the later value would "
                    "silently replace the first", line))
            seen[key] = line
            lines[(*path, key)] = line
            _walk(value_node, (*path, key), lines, issues, shown_as)
    elif isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:int":
        try:
            too_big = abs(int(str(node.value).replace("_", ""), 0)) > MAX_NUMBER
        except ValueError:
            too_big = False
        if too_big:
            issues.append(ContentIssue(shown_as, "", ".".join(path),
                                       f"the number {node.value} is out of range (at most {MAX_NUMBER:,})",
                                       node.start_mark.line + 1))
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            lines[(*path, str(index))] = item.start_mark.line + 1
            _walk(item, (*path, str(index)), lines, issues, shown_as)
