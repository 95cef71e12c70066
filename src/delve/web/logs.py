"""The server's logs: one JSON object per line, with no secrets.

Why JSON: a hosted table's logs go to a collector (journald, Loki, a file read by a tool), which
reads fields, not prose. Why no secrets by construction: seat tokens never reach a log call (they
travel in headers and the WebSocket hello, which are not logged, and the store keeps only their
hashes), and fields whose name says they may hold one are dropped here all the same.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

SECRET_FIELDS = ("token", "password", "secret", "authorization", "cookie")
_STANDARD = set(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message", "asctime", "color_message"}


class JsonFormatter(logging.Formatter):
    """``{"time", "level", "logger", "message", ...extra fields}`` on one line."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key, value in record.__dict__.items():
            if key not in _STANDARD and not any(word in key.lower() for word in SECRET_FIELDS):
                out[key] = value
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, default=str)


def logging_config(level: str = "info") -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for uvicorn and Delve: JSON lines on standard error.
    uvicorn's access log stays off (``delve.web.server``)."""
    handler = {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr"}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"json": {"()": JsonFormatter}},
        "handlers": {"default": handler},
        "loggers": {
            "uvicorn": {"handlers": ["default"], "level": "WARNING", "propagate": False},  # no per-socket lines
            "uvicorn.access": {"handlers": ["default"], "level": "WARNING", "propagate": False},
            "delve": {"handlers": ["default"], "level": level.upper(), "propagate": False},
        },
    }
