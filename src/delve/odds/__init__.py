"""Delve odds layer."""
