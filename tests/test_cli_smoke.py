"""The console script exists and lists its commands."""

from typer.testing import CliRunner

from delve.cli.main import app


def test_help_lists_commands() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("play", "render", "content", "scenario", "odds"):
        assert command in result.output
