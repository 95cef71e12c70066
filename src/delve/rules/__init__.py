"""Delve rules layer."""
