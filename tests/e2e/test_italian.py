"""The bot in Italian: replies follow the interacting user's locale, then the server's."""
from __future__ import annotations

from bot import create_bot
from gm.fake_discord import run_bot
from gm.i18n import t
from tests.e2e.helpers import prompt_of


async def test_italian_player_gets_italian_replies_and_buttons(world, settings):
    fake, ch = world["fake"], world["ch1"]
    gianni = fake.add_user("gianni", locale="it")
    alice = world["alice"]
    async with run_bot(create_bot(settings)) as bot:
        r = await fake.slash(bot, gianni, ch, "game new", system="prophecy")
        assert "Unisciti con /partita entra" in r.text, r.text
        await fake.slash(bot, alice, ch, "game join")
        refused = await fake.slash(bot, alice, ch, "game start")  # English user, not the host
        assert refused.ephemeral and refused.text == t("en", "error.host_only")
        r = await fake.slash(bot, gianni, ch, "game start")
        prompt = prompt_of(r)
        found = await bot.gm.current(ch)
        active = found.system.pending(found.state).player
        # the prompt was rendered for gianni, who started the game: Italian labels
        assert t("it", "method.walk") in r.text and t("it", "method.horse") in r.text, r.text
        assert t("en", "method.walk") + " →" not in r.text
        if active != str(gianni):
            wrong = await fake.click(bot, gianni, prompt, prompt.buttons[0]["custom_id"])
            assert wrong.ephemeral and wrong.text.startswith(t("it", "error.not_your_turn", active="")[:10])
        me = await fake.slash(bot, gianni, ch, "me")
        assert "Salute" in me.text and "Mana" in me.text
