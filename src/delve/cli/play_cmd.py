"""`delve play`: play a quest, heroes by hand against a computer overlord: in the browser (the
web table, ``delve.web``) by default, or in the terminal with ``--terminal``.

The terminal is only a seat: it shows the seat's view and the pending decision, and sends
back one of the legal choice ids. The game is saved after every accepted choice, so quitting
(or a crash) loses nothing and `delve play --save FILE` resumes.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from delve.ai.base import Player
from delve.ai.bots import make_bot
from delve.ai.random_player import RandomPlayer
from delve.api import GameSetup, SaveError, load_save_file, new_game
from delve.board.geometry import Footprint
from delve.engine.decision import OVERLORD, TABLE, Decision
from delve.engine.game import Game
from delve.engine.redaction import events_for
from delve.rulesets import RULESETS, default_content
from delve.web.present.wording import readable_plurals

HELP = ("Type a number, a choice id (e.g. move:3,4), or x,y to move there; "
        "'map' redraws the board, 'q' saves and quits.")


def _marks(game: Game, seat: str) -> list[Any]:
    """The figures and familiars ``seat`` sees, drawn from its view (the same marks as
    ``delve render --game``), so the terminal shows no more than the seat may know."""
    from delve.cli.render_cmd import view_marks
    from delve.engine.views import view

    return list(view_marks(view(game, seat, log=False)))


def show_board(game: Game, seat: str, console: Console, decision: Decision | None) -> None:
    """Draw the board as ``seat`` sees it, with the spaces it could move to highlighted."""
    from delve.board.render import render_board

    highlight: set[tuple[int, int]] = set()
    if decision is not None:
        for choice in decision.choices:
            if choice.id.startswith("move:"):
                fp = Footprint(x=choice.data["x"], y=choice.data["y"], w=choice.data["w"], h=choice.data["h"])
                highlight.update(fp.cells())
    console.print(render_board(game.board, _marks(game, seat), show_unrevealed=seat == OVERLORD,
                               highlight=highlight))
    heroes = "  ".join(f"{h.name}: {h.wounds}/{h.max_wounds} wounds, {h.fatigue} fatigue"
                       for h in game.state.heroes())
    console.print(f"Round {game.state.round}  conquest {game.state.conquest}  "
                  f"threat {game.state.overlord.threat}   {heroes}")


def resolve_input(text: str, decision: Decision) -> str | None:
    """Map what a person typed to a legal choice id, or None."""
    text = text.strip()
    if text.isdigit() and 1 <= int(text) <= len(decision.choices):
        return decision.choices[int(text) - 1].id
    if decision.find(text):
        return text
    if decision.find(f"move:{text.replace(' ', '')}"):
        return f"move:{text.replace(' ', '')}"
    return None


OVERLORDS = ("solo", "ai", "search", "random")


def play_loop(game: Game, humans: set[str], ask: Callable[[str], str], console: Console,
              save: Path | None = None, ai_seed: int = 0, max_choices: int = 100_000,
              bots: dict[str, Player] | None = None) -> Game:
    """Run the game: people answer for ``humans`` seats, computer players (random unless given)
    for the others."""
    bots = dict(bots or {})
    shown = len(game.state.log)
    redraw = True
    for _ in range(max_choices):
        for event in events_for(game.state.log[shown:], next(iter(humans), OVERLORD)):
            ref = f" [dim]({event.ref})[/]" if event.ref else ""
            console.print(f"  [dim]{readable_plurals(event.text)}[/]{ref}")
        shown = len(game.state.log)
        decision = game.pending
        if decision is None:
            console.print(f"[bold]The game is over. Winner: {game.state.winner or 'nobody'}[/]")
            return game
        if decision.seat not in humans:
            bot = bots.setdefault(decision.seat, RandomPlayer(ai_seed + len(bots), end_bias=0.3))
            game.apply(bot.choose(decision, game), decision.seat)
            if save is not None:
                _save(game, save)
            redraw = True
            continue
        if redraw:
            show_board(game, decision.seat, console, decision)
            redraw = False
        console.print(f"[bold]{decision.seat}[/]: {readable_plurals(decision.prompt)}")
        moves = [c for c in decision.choices if c.id.startswith("move:")]
        if moves:
            console.print(f"  ({len(moves)} reachable spaces are highlighted: type x,y to move)")
        for number, choice in enumerate(decision.choices, start=1):
            if not choice.id.startswith("move:"):
                console.print(f"  {number:>3}. {readable_plurals(choice.label)}  [dim]{choice.id}[/]")
        answer = ask("> ")
        if answer.strip() in ("q", "quit", "exit"):
            console.print("Saved. Resume with the same command." if save else "Bye.")
            return game
        if answer.strip() == "map":
            redraw = True
            continue
        choice_id = resolve_input(answer, decision)
        if choice_id is None:
            console.print(f"[yellow]Not a legal choice.[/] {HELP}")
            continue
        result = game.apply(choice_id, decision.seat)
        if not result.accepted:
            console.print(f"[yellow]Refused:[/] {result.reason}")
            continue
        redraw = choice_id.startswith(("move:", "door:", "action:", "end_"))
        if save is not None:
            _save(game, save)
    return game


def _save(game: Game, path: Path) -> None:
    """Write atomically: a crash mid-write never leaves a broken save."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(game.to_json())
    tmp.replace(path)


def web_game(data_dir: Path, *, new: bool, quest: str | None, heroes: list[str], seed: int, physical_dice: bool,
             overlord: str, quick: bool, ruleset: str = "1e") -> tuple[Any, str]:
    """The app and the path (with the seat token after ``#``) of the solo game ``delve play``
    resumes, or of a new one. The game id and token are kept in ``data_dir/play.json``."""
    import json

    from delve.web.app import create_app
    from delve.web.hub import TableError
    from delve.web.server import database_url

    app = create_app(database_url(data_dir))
    hub = app.state.hub
    marker = data_dir / "play.json"
    if marker.exists() and not new:
        saved = json.loads(marker.read_text())
        try:
            live = hub.get(saved["id"], None)
            live.person(saved["token"])
            if live.game.pending is None:  # a finished quest is not reopened: a new game starts
                typer.echo(f"Your last game is over (the {live.game.state.winner} won); starting a new one. "
                           f"Its replay: /play/{live.id}#{saved['token']}", color=False)
            else:
                return app, f"/play/{live.id}#{saved['token']}"
        except (TableError, KeyError):
            pass  # a different database, or the game is gone: start a new one
    live = hub.create(mode="solo", quest=quest, heroes=heroes, seed=seed, physical_dice=physical_dice,
                      overlord=overlord, quick=quick, ruleset=ruleset)
    token = live.people[0].token
    marker.write_text(json.dumps({"id": live.id, "token": token}))
    marker.chmod(0o600)
    return app, f"/play/{live.id}#{token}"


HERO_BOTS = {"ai": "hero", "search": "hero-search", "random": "random"}  # simulate's hero kinds -> table bots


def replay_config(*, quest: str | None, pack: str | None, ruleset: str | None, heroes: str, overlord: str,
                  hero_ids: list[str], quick: bool) -> Any:
    """The ``SimConfig`` of a simulated game as ``delve simulate`` played it (its players by kind
    or level), for ``delve play --replay SEED``: with the seed, enough to play it again exactly."""
    from delve.ai.bots import level_kind
    from delve.rulesets import fit_content
    from delve.sim.runner import SimConfig

    ruleset, pack, quest = fit_content(ruleset, quest, pack)
    return SimConfig(quest=quest, pack=pack, ruleset=ruleset, heroes=level_kind(heroes, "heroes"),
                     overlord=level_kind(overlord), hero_ids=tuple(hero_ids), setup_choices=not quick, games=1)


def watch_replay(data_dir: Path, config: Any, seed: int) -> tuple[Any, str, Any]:
    """The app, the page path and the summary of simulated game ``seed`` of ``config``, played
    again (``delve.sim.runner.replay``: the same players seeded from the game seed, so the same
    game) and stored in the web table to be watched (``Hub.watch``)."""
    from delve.sim.runner import game_setup, replay
    from delve.web.app import create_app
    from delve.web.server import database_url

    summary, game = replay(config, seed)
    if game is None:
        raise typer.BadParameter(f"the game of seed {seed} could not be set up: {summary.error}")
    app = create_app(database_url(data_dir))
    hub = app.state.hub
    hero_bot = HERO_BOTS.get(config.heroes, config.heroes)
    ai = {seat: (config.overlord if seat == OVERLORD else hero_bot) for seat in game.state.seats if seat != TABLE}
    live = hub.watch(game_setup(config, seed), [(r.seat, r.choice) for r in game.state.history], ai, seed + 2)
    # the players as the simulation seeded them: the heroes' one player (seed + 1), the overlord (seed + 2)
    heroes_bot = make_bot(hero_bot, seed + 1)
    live.bots.update({seat: (make_bot(config.overlord, seed + 2) if seat == OVERLORD else heroes_bot) for seat in ai})
    return app, f"/play/{live.id}#{live.people[0].token}", summary


def _open_browser(url: str) -> None:
    """Open the page if this machine can; a headless machine simply has no browser to open."""
    import contextlib
    import webbrowser

    with contextlib.suppress(Exception):  # any failure to launch a browser must not stop the server
        webbrowser.open(url)


def register(app: typer.Typer) -> None:
    """Attach the `play` command."""

    @app.command("play")
    def play(
        quest: str | None = typer.Option(None, help="Quest id (default: the tutorial of the ruleset)."),
        ruleset: str = typer.Option("1e", help="Rules: 1e (Descent 1st edition) or 2e (2nd edition)."),
        heroes: str = typer.Option("", help="Comma-separated hero ids (default: the first two)."),
        seed: int = typer.Option(1, help="Seed for dice and shuffles."),
        new: bool = typer.Option(False, "--new", help="Start a new game even if one can be resumed."),
        physical_dice: bool = typer.Option(False, "--physical-dice", help="Enter dice results by hand."),
        overlord: str = typer.Option("solo", help="Computer overlord: solo (the solo procedure), ai, search, "
                                     "random, or a level: easy (solo), normal (ai), hard (search)."),
        quick: bool = typer.Option(False, "--quick", help="Skip the setup choices (skills, shopping, placement)."),
        terminal: bool = typer.Option(False, "--terminal", help="Play in this terminal instead of the browser."),
        save: Path = typer.Option(Path("saves/terminal.json"), help="--terminal: save file; resumed if it exists."),
        host: str = typer.Option("127.0.0.1", help="Web: address to listen on."),
        port: int = typer.Option(8765, help="Web: TCP port (0 picks a free one)."),
        data_dir: Path | None = typer.Option(None, help="Web: where games are stored (default: user data dir)."),
        browser: bool = typer.Option(True, "--browser/--no-browser", help="Web: open the page in a browser."),
        replay: int | None = typer.Option(None, "--replay", help="Watch a simulated game: its game seed, as "
                                          "`delve simulate` reports list it (with the same --quest, --pack, "
                                          "--ruleset, --hero-players, --overlord, --heroes and --quick)."),
        pack: str | None = typer.Option(None, help="Content pack (default: the ruleset's pack with the quest)."),
        hero_players: str = typer.Option("ai", help="--replay: the simulated heroes' players: ai, search, "
                                         "random or a level."),
    ) -> None:
        """Play a quest: you play the heroes against the automated overlord, in the browser
        (the default: starts the web table on localhost) or with --terminal in this terminal."""
        from delve.ai.bots import OVERLORD_LEVELS, level_kind

        if overlord not in (*OVERLORDS, *OVERLORD_LEVELS):
            raise typer.BadParameter(f"choose one of {', '.join((*OVERLORDS, *OVERLORD_LEVELS))}",
                                     param_hint="--overlord")
        overlord = level_kind(overlord)
        if ruleset not in RULESETS:
            raise typer.BadParameter(f"choose one of {', '.join(RULESETS)}", param_hint="--ruleset")
        hero_ids = [h for h in heroes.split(",") if h]
        if replay is not None:
            _watch(replay, replay_config(quest=quest, pack=pack, ruleset=ruleset, heroes=hero_players,
                                         overlord=overlord, hero_ids=hero_ids, quick=quick),
                   terminal=terminal, host=host, port=port, data_dir=data_dir, browser=browser)
            return
        if not terminal:
            import threading

            import uvicorn

            from delve.web.security import LOCAL_HOSTS
            from delve.web.server import default_data_dir, free_port, uvicorn_config

            folder = data_dir or default_data_dir()
            if host not in LOCAL_HOSTS and "DELVE_ALLOWED_HOSTS" not in os.environ:  # the printed address works
                os.environ["DELVE_ALLOWED_HOSTS"] = ",".join((*LOCAL_HOSTS, host))
            web_app, path = web_game(folder, new=new, quest=quest, heroes=hero_ids, seed=seed,
                                     physical_dice=physical_dice, overlord=overlord, quick=quick, ruleset=ruleset)
            port = port or free_port(host)
            url = f"http://{host}:{port}{path}"
            typer.echo(f"Delve table: open {url}", color=False)
            typer.echo("(the game is saved after every choice; Ctrl-C stops the server, `delve play` resumes)")
            server = uvicorn.Server(uvicorn_config(web_app, host=host, port=port))
            if browser:
                threading.Timer(1.0, _open_browser, args=(url,)).start()
            server.run()
            return
        _play_terminal(quest, hero_ids, seed, save, new, physical_dice, overlord, quick, ruleset)


def _watch(seed: int, config: Any, *, terminal: bool, host: str, port: int, data_dir: Path | None,
           browser: bool) -> None:
    """``delve play --replay SEED``: the simulated game played again; in the terminal its log as a
    hero saw it, else in the web table (finished: its Replay button steps through it)."""
    if terminal:
        from delve.cli.simulate_cmd import _replay

        _replay(config, seed, as_json=False)
        return
    import threading

    import uvicorn

    from delve.web.server import default_data_dir, free_port, uvicorn_config

    web_app, path, summary = watch_replay(data_dir or default_data_dir(), config, seed)
    port = port or free_port(host)
    url = f"http://{host}:{port}{path}"
    typer.echo(f"Game seed {seed}: the {summary.winner or 'nobody'} won after {summary.rounds} rounds "
               f"({summary.cause}).", color=False)
    typer.echo(f"Delve table: open {url} (Replay steps through the game; Ctrl-C stops the server)", color=False)
    server = uvicorn.Server(uvicorn_config(web_app, host=host, port=port))
    if browser:
        threading.Timer(1.0, _open_browser, args=(url,)).start()
    server.run()


def _play_terminal(quest: str | None, hero_ids: list[str], seed: int, save: Path, new: bool, physical_dice: bool,
                   overlord: str, quick: bool, ruleset: str = "1e") -> None:
    """The terminal game: the seat's view and choices as text."""
    console = Console()
    game = None
    if save.exists() and not new:
        try:
            game = load_save_file(save)
        except SaveError as exc:
            console.print(f"[red]Cannot resume:[/] {exc}")
            raise typer.Exit(1) from None
        if game.pending is None:
            console.print(f"The game in {save} is over (the {game.state.winner} won): starting a new one.")
            game = None
    if game is not None:
        console.print(f"Resuming {save} (round {game.state.round}).")
    else:
        pack, quest = default_content(ruleset, quest)
        setup = GameSetup(ruleset=ruleset, pack=pack, quest=quest, heroes=hero_ids, seed=seed,
                          chance="manual" if physical_dice else "seeded", solo=overlord == "solo",
                          choices=not quick)
        game = new_game(setup)
        game.state.flags["terminal_overlord"] = overlord
        _save(game, save)
    console.print(HELP)
    humans = {seat for seat in game.state.seats if seat != OVERLORD} | {TABLE}
    kind = str(game.state.flags.get("terminal_overlord", "solo"))
    play_loop(game, humans, lambda prompt: console.input(prompt), console, save=save, ai_seed=seed,
              bots={OVERLORD: make_bot(kind, seed)})
