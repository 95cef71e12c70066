"""Dark relics beyond what the scenarios can express (Rulebook: Dark Relics): where the swapped
treasure card goes, that the relic is never offered for sale or re-equipping, and that a relic
discarded at death goes back to the dark relic deck."""

from __future__ import annotations

from pathlib import Path

from delve.rules.dark_relics import dark_relic_deck
from delve.rules.items import equip_choices
from delve.rules.town import shop_choices, treasure_deck
from delve.scenario.runner import run_scenario_file

SCENARIOS = Path(__file__).parents[1] / "scenarios" / "dark-relics"


def test_swap_returns_the_treasure_card_and_the_relic_stays_put() -> None:
    result = run_scenario_file(SCENARIOS / "chest-swap.yaml")
    assert result.failures == []
    game = result.game
    assert game is not None
    ada = game.figure("ada")
    assert ada.equipped == ["grasping-maul"] and ada.pack == ["rusty-hatchet"]
    assert "tin-charm" in treasure_deck(game, "copper")  # the replaced card went back to its deck
    assert dark_relic_deck(game) == ["crown-of-whispers"]
    # No way to take the maul off: no re-equip choice touches it, and it cannot be sold in town.
    assert all("grasping-maul" not in c.id for c in equip_choices(game, ada))
    assert all(not c.id.startswith("sell:grasping-maul") for c in shop_choices(game, ada, starting=False))


def test_a_relic_discarded_at_death_goes_back_to_the_dark_relic_deck() -> None:
    result = run_scenario_file(SCENARIOS / "discarded-at-death.yaml")
    assert result.failures == []
    game = result.game
    assert game is not None
    assert "grasping-maul" not in game.figure("ada").equipped
    assert dark_relic_deck(game) == ["crown-of-whispers", "grasping-maul"]
