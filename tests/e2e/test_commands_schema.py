"""The command schema the bot registers with Discord (checked on the sync request)."""
from __future__ import annotations

from bot import create_bot
from loopback import run_bot


def _option(cmd, *path):
    node = cmd
    for name in path:
        node = next(o for o in node.get("options", []) if o["name"] == name)
    return node


async def test_registered_commands_have_the_expected_shape(world, settings):
    fake = world["fake"]
    async with run_bot(create_bot(settings)):
        names = {c["name"] for c in fake.commands}
        assert {"game", "move", "fight", "use", "buy", "sell", "repair", "heal", "certificate", "end-turn", "me", "help"} <= names
        game = fake.command("game")
        assert {o["name"] for o in game["options"]} >= {"new", "join", "leave", "add-bot", "start", "status", "end", "kick"}
        system = _option(game, "new", "system")
        assert (
            system["type"] == 3
            and system["required"]
            and [c["value"] for c in system["choices"]] == ["prophecy", "prophecy:standard", "prophecy:water_realm"]
        )
        assert [c["name"] for c in system["choices"]] == ["Prophecy (Basic Version)", "Prophecy (Standard Version)",
                                                          "Prophecy (Standard Version + Water Realm)"]
        assert system["choices"][1]["name_localizations"]["it"] == "Prophecy (versione Standard)"
        assert _option(game, "new", "variants").get("autocomplete") is True
        assert _option(game, "join", "character").get("autocomplete") is True
        assert _option(game, "kick", "member")["type"] == 6
        to = _option(fake.command("move"), "to")
        assert to["autocomplete"] is True and to["required"] and to["max_length"] == 100
        amount = _option(fake.command("heal"), "amount")
        assert amount["type"] == 4 and amount["min_value"] == 1 and amount["max_value"] == 20
        # Italian localizations ride along with the schema
        assert game.get("name_localizations", {}).get("it")
        assert fake.command("move").get("description_localizations", {}).get("it")
