"""Delve board layer: the map, line of sight and movement.

Modules (each with one job): ``geometry`` (positions, range, footprints), ``terrain`` (terrain
and marker kinds from ``data/terrain.yaml``), ``grid`` (the ``Board`` model), ``index`` (the
flat precomputed view used by the hot paths), ``los`` (line of sight), ``movement`` (steps and
reachability), ``mapfile`` (quest map files, see docs/maps.md), ``render`` (Rich drawing) and
``builders`` (small boards in code for tests and scenarios).
"""
