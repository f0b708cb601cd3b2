"""A press that reaches the bot process not serving its server's shard ("A table never stalls":
every interaction answered, once, in words).

Several bot processes share one PostgreSQL database, one per set of Discord shards, and each
may write only its own shards' games (gm/store/shards.py). Discord delivers a server's
interactions to its shard's connection, but while shards move between processes (a restart
with another SHARD_IDS) a press can reach a process that does not serve that server. It must
be told privately, in one line, that another bot process serves this server and to try again
in a moment: not the generic apology with an error id (and a traceback in the log), and
nothing may change.

Here a process serving every server starts a game in a shard-1 server and stops; a process whose
store serves only shard 0 but whose gateway connection receives every server (so the press
reaches it) then gets the presses. Needs TEST_DATABASE_URL (skipped without it, as
tests/e2e/test_shards.py).
"""
from __future__ import annotations

import logging

from bot import create_bot
from gm.i18n import t
from gm.settings import Settings
from gm.store import PostgresStore
from gm.store.shards import ShardSet
from loopback import run_bot
from tests.e2e.helpers import prompt_of
from tests.e2e.test_shards import database  # noqa: F401  (fixture: a fresh database, dropped after)

SHARDS = 2


def _settings(url: str) -> Settings:
    return Settings(_env_file=None, discord_token="fake", database_url=url, rules_index_warmup=False)  # type: ignore[call-arg]  # _env_file and the rest are pydantic-settings' own arguments


async def test_a_press_reaching_the_process_of_another_shard_is_refused_in_one_line(fake_discord, database, caplog):  # noqa: F811
    fake = fake_discord
    guild1 = fake.add_guild("shard 1", shard=(1, SHARDS))
    channel = fake.add_channel(guild1, "prophecy")
    alice, bob, carol = fake.add_user("alice"), fake.add_user("bob"), fake.add_user("carol")

    async with run_bot(create_bot(_settings(database))) as right:  # one process serving every server
        await fake.slash(right, alice, channel, "game new", system="prophecy")
        await fake.slash(right, bob, channel, "game join")
        prompt = prompt_of(await fake.slash(right, alice, channel, "game start"))
        found = await right.gm.current(channel)
        active = int(found.system.pending(found.state).player)
        before = found.record.version, len(await right.store.actions(found.record.id))
    assert prompt is not None and prompt.buttons

    store = PostgresStore(database)
    store.serve_shards(ShardSet.of([0], SHARDS))  # this process serves shard 0 only
    wanted = t("en", "safety.other_shard")
    with caplog.at_level(logging.WARNING, logger="gm.errors"):
        async with run_bot(create_bot(_settings(database), store=store)) as wrong:
            pressed = await fake.click(wrong, active, prompt, prompt.buttons[0]["custom_id"])
            paused = await fake.slash(wrong, alice, channel, "game pause")
            opened = await fake.slash(wrong, carol, fake.add_channel(guild1, "another"), "game new", system="prophecy")
            for refused in (pressed, paused, opened):
                assert refused.acked and refused.ephemeral, refused.text
                assert refused.text == wanted
            assert "\n" not in wanted and "another bot process" in wanted and "try again in a moment" in wanted
            found = await wrong.gm.current(channel)
            assert (found.record.version, len(await wrong.store.actions(found.record.id))) == before
            assert fake.message(prompt).buttons  # the prompt still stands for the right process
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "logged as an unexpected error"
