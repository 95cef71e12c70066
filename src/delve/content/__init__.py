"""Delve content layer: pack models, loading and checking (format: docs/content.md).

Why re-export here: most callers need only "load a pack" and "what is wrong with it"; the
submodules (``schema``, ``effects``, ``loader``...) stay available for the details.
"""

from delve.content.issues import ContentError, ContentIssue
from delve.content.loader import check_pack, load_pack, load_starter_pack, starter_pack_path
from delve.content.pack import KINDS, Pack

__all__ = [
    "KINDS",
    "ContentError",
    "ContentIssue",
    "Pack",
    "check_pack",
    "load_pack",
    "load_starter_pack",
    "starter_pack_path",
]
