"""Delve engine layer."""
