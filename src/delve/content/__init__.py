"""Delve content layer."""
