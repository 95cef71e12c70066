"""Delve board layer."""
