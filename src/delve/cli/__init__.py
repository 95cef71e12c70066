"""Delve cli layer."""
