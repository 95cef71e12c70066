"""YAML and text reading with limits, for every local file Delve reads (packs, maps, scenarios).

Why: a YAML file can be small and still expand to billions of values through aliases, contain
itself through a recursive alias, or nest deeper than Python's recursion allows; a "file" can be
a folder, huge, or not UTF-8. Each of these ends here in one ``LimitError`` (or ``OSError`` /
``UnicodeDecodeError``) with a message fit for one line, never in ``MemoryError`` or
``RecursionError``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

MAX_FILE_BYTES = 4_000_000  # the largest shipped file is a few kB; a bigger one is a mistake or an attack
MAX_DEPTH = 40  # nesting of mappings and lists; the shipped packs need 6
MAX_NODES = 200_000  # values after every alias is expanded (an "alias bomb" expands to billions)
MAX_NUMBER = 1_000_000  # no count, cost or wound total of the game comes near this


class LimitError(yaml.YAMLError):
    """A YAML file beyond Delve's limits (size, depth, alias expansion, a recursive alias)."""


class LimitedLoader(yaml.SafeLoader):
    """The safe loader, refusing deep nesting and recursive aliases while it composes nodes
    (both would otherwise end in ``RecursionError``)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._open_anchors: list[str | None] = []  # anchors of the collections being composed

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        event = self.peek_event()
        line = event.start_mark.line + 1
        if isinstance(event, yaml.AliasEvent):
            if event.anchor in self._open_anchors:
                raise LimitError(f"recursive alias *{event.anchor} (line {line}): a value may not contain itself")
            return super().compose_node(parent, index)
        if len(self._open_anchors) >= MAX_DEPTH:
            raise LimitError(f"nested more than {MAX_DEPTH} levels deep (line {line})")
        self._open_anchors.append(getattr(event, "anchor", None))
        try:
            return super().compose_node(parent, index)
        finally:
            self._open_anchors.pop()


def expanded_size(node: yaml.Node, sizes: dict[int, int] | None = None) -> int:
    """How many values ``node`` stands for once every alias in it is expanded (memoised per node)."""
    sizes = {} if sizes is None else sizes
    known = sizes.get(id(node))
    if known is not None:
        return known
    sizes[id(node)] = MAX_NODES + 1  # guards against cycles; real sizes replace it below
    if isinstance(node, yaml.MappingNode):
        total = 1 + sum(expanded_size(k, sizes) + expanded_size(v, sizes) for k, v in node.value)
    elif isinstance(node, yaml.SequenceNode):
        total = 1 + sum(expanded_size(item, sizes) for item in node.value)
    else:
        total = 1
    sizes[id(node)] = min(total, MAX_NODES + 1)
    return sizes[id(node)]


def read_text_limited(path: Path, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of ``path``, refusing a folder, a huge file or bytes that are not UTF-8
    (``OSError``/``UnicodeDecodeError``/``ValueError`` with a message fit for one line)."""
    if path.is_dir():
        raise IsADirectoryError(f"{path.name} is a folder, expected a file")
    size = path.stat().st_size
    if size > limit:
        raise ValueError(f"the file is {size:,} bytes; the limit is {limit:,}")
    return path.read_bytes().decode("utf-8")


def safe_load(text: str) -> Any:
    """``yaml.safe_load`` within the limits above (``LimitError`` or a ``yaml.YAMLError`` otherwise)."""
    loader = LimitedLoader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if expanded_size(node) > MAX_NODES:
            raise LimitError(f"more than {MAX_NODES:,} values once its aliases are expanded (an alias bomb?)")
        return loader.construct_document(node)
    finally:
        loader.dispose()
