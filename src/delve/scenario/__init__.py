"""Delve scenario layer."""
