"""Delve abilities layer."""
