"""Quest simulation at scale: play many whole games with automated players and summarise them.

``runner`` plays games (one task = a batch of whole games, each with a seed derived from a root
seed), ``backends`` spreads tasks over processes or a Ray cluster, ``report`` turns the small
per-game summaries into win rates with intervals, mean rounds, conquest over time and plots.
"""
