"""Automated players: they read decisions and answer them, like any other seat."""
