"""Delve: a rules engine and digital table for dungeon-crawl board games."""

__version__ = "0.1.0"
