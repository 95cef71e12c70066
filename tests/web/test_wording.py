"""Counted words read in their number where a person reads engine texts ("1 wound", "2 cards",
"1 movement point"), while the engine's own texts (the log, the prompts the learning
environment parses) keep their "(s)"."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from delve.engine.decision import OVERLORD, Choice, Decision, Event
from delve.web.hub import Hub
from delve.web.present.choices import present_pending
from delve.web.present.events import text_of
from delve.web.present.names import Namer
from delve.web.present.wording import readable_plurals
from delve.web.store import Store

# (engine text, as a person reads it): texts the engine writes (rules, rules2e, abilities)
READ = [
    ("The attack deals 2 damage to Sela Quickreed: 0 wound(s) after armor.",
     "The attack deals 2 damage to Sela Quickreed: 0 wounds after armor."),
    ("The attack deals 7 damage to Hollow Archer: 1 wound(s) after armor.",
     "The attack deals 7 damage to Hollow Archer: 1 wound after armor."),
    ("Counterblow: Pit Reaver suffers 1 wound(s).", "Counterblow: Pit Reaver suffers 1 wound."),
    ("Bulwark: Sela Quickreed suffers 1 wound(s) fewer.", "Bulwark: Sela Quickreed suffers 1 wound fewer."),
    ("Unbending: Brannoc Ironvow suffers 2 wound(s) fewer from the trap.",
     "Unbending: Brannoc Ironvow suffers 2 wounds fewer from the trap."),
    ("Sela Quickreed recovers 3 wound(s) (Healing Potion).", "Sela Quickreed recovers 3 wounds (Healing Potion)."),
    ("Unspent treachery draws the overlord 1 extra starting card(s).",
     "Unspent treachery draws the overlord 1 extra starting card."),
    ("Unspent treachery draws the overlord 2 extra starting card(s).",
     "Unspent treachery draws the overlord 2 extra starting cards."),
    ("The dark glyph of power gives the overlord 2 card(s).", "The dark glyph of power gives the overlord 2 cards."),
    ("Take 1 card(s) out of the deck", "Take 1 card out of the deck"),
    ("Only 2 figure(s) left: choose where to place one", "Only 2 figures left: choose where to place one"),
    ("Dark glyph of summoning: spawn up to 1 more normal monster(s)",
     "Dark glyph of summoning: spawn up to 1 more normal monster"),
    ("1 enhancement(s) to range, the rest to damage; buy 1x 2:+2 damage",
     "1 enhancement to range, the rest to damage; buy 1x 2:+2 damage"),
    ("0 enhancement(s) to range, the rest to damage", "0 enhancements to range, the rest to damage"),
    ("Breath north from (19,11): 1 enemy figure(s) under the template",
     "Breath north from (19,11): 1 enemy figure under the template"),
    ("The bolt template is laid north of Kiln Spirit, covering 12 space(s).",
     "The bolt template is laid north of Kiln Spirit, covering 12 spaces."),
    ("Tunnel Goblin swarms: 1 friend(s) beside the target, 1 extra power dice.",
     "Tunnel Goblin swarms: 1 friend beside the target, 1 extra power die."),
    ("Tunnel Goblin swarms: 3 friend(s) beside the target, 3 extra power dice.",
     "Tunnel Goblin swarms: 3 friends beside the target, 3 extra power dice."),
    ("The Command deck has 20 cards; 5 are drawn at setup and 1 Raise Dead card(s) set aside.",
     "The Command deck has 20 cards; 5 are drawn at setup and 1 Raise Dead card set aside."),
    ("2 poison token(s) are removed from Wren Halloway.", "2 poison tokens are removed from Wren Halloway."),
    ("Hale rolls 1 shield(s) against might 2: passes.", "Hale rolls 1 shield against might 2: passes."),
    ("The solo overlord gives 1 order(s) this turn (rolled 4).",
     "The solo overlord gives 1 order this turn (rolled 4)."),
    ("Mire Brute: 1 movement points left", "Mire Brute: 1 movement point left"),
    ("Mire Brute: 11 movement points left", "Mire Brute: 11 movement points left"),
    ("Sela Quickreed: 0 movement points left", "Sela Quickreed: 0 movement points left"),
    ("It draws a card(s).", "It draws a card."),
    ("One wound(s) heals.", "One wound heals."),
]
UNCHANGED = [
    "Battle: up to two attacks, no movement points",
    "Brannoc Ironvow is caught in a web and cannot spend movement points this turn.",
    "Move to (8,3)",
    "The attack deals 3 damage to Goblin: the card(s) stay.",  # no count before the word: left as written
    "Rolled 11 extra power dice.",
]


@pytest.mark.parametrize(("engine", "read"), READ)
def test_counted_words_read_in_their_number(engine: str, read: str) -> None:
    assert readable_plurals(engine) == read


@pytest.mark.parametrize("text", UNCHANGED)
def test_other_texts_are_left_as_written(text: str) -> None:
    assert readable_plurals(text) == text


@pytest.fixture
def hub(tmp_path: Path) -> Hub:
    return Hub(Store(f"sqlite:///{tmp_path / 'wording.sqlite3'}"))


def test_the_table_reads_labels_prompts_and_log_texts_in_their_number(hub: Hub) -> None:
    """The presenters (choice labels, the prompt, log texts) read the counts; the engine's
    objects keep their own texts."""
    live = hub.create(mode="hotseat", seed=3)
    game = live.game
    hero = next(iter(game.state.heroes()))
    namer = Namer(game, next(s for s in live.people[0].seats if s != OVERLORD))
    spend = Choice(id="spend:1:", label="1 enhancement(s) to range, the rest to damage", data={"to_range": 1})
    named = Choice(id="potion:heal", label=f"{hero.id} drinks: 1 wound(s) fewer", data={"hero": hero.id})
    decision = Decision(seat="hero", kind="attack_spend", prompt=f"{hero.name}: 1 movement points left",
                        choices=[spend, named])
    shown = present_pending(game, decision, namer, set())
    assert shown["prompt"] == f"{hero.name}: 1 movement point left"
    assert [c["label"] for c in shown["choices"]] == ["1 enhancement to range, the rest to damage",
                                                     f"{hero.name} drinks: 1 wound fewer"]
    again = present_pending(game, decision, namer, set())  # the kept entry reads the same
    assert again["choices"][0]["label"] == "1 enhancement to range, the rest to damage"
    assert spend.label.endswith("(s) to range, the rest to damage")
    hit = Event(kind="attack_hit", text=f"The attack deals 7 damage to {hero.id}: 1 wound(s) after armor.",
                data={"target": hero.id, "damage": 7, "wounds": 1})
    assert text_of(hit, namer) == f"The attack deals 7 damage to {hero.name}: 1 wound after armor."
    assert hit.text.endswith("1 wound(s) after armor.")


def test_the_terminal_seat_reads_the_counts_too() -> None:
    """``delve play --terminal`` prints log texts read in their number (its prompt and labels
    go through the same function)."""
    from delve.api import GameSetup, new_game
    from delve.cli.play_cmd import play_loop

    game = new_game(GameSetup(seed=1, choices=True), transactional=False)
    assert game.pending is not None
    answers = iter(["map", "q"])

    def ask(_prompt: str) -> str:
        """The person's answers: first a new log text arrives (and the map is asked for), then quit."""
        game.state.log.append(Event(kind="healed", text="Sela Quickreed recovers 1 wound(s) (Healing Potion)."))
        return next(answers)

    out = io.StringIO()
    play_loop(game, {game.pending.seat}, ask, Console(file=out, width=200, color_system=None))
    printed = out.getvalue()
    assert "Sela Quickreed recovers 1 wound (Healing Potion)." in printed
    assert "(s)" not in printed
