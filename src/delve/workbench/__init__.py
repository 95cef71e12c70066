"""The quest workbench: quest drafts the browser editor paints on, turned into the project's own
quest files and back, checked by the content loader, played and balanced (docs/workbench.md)."""
