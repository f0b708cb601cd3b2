"""What the store tests build games with: Discord-sized ids and a seed above 2**63, so every
backend is checked on the values it will really hold."""
from __future__ import annotations

from gm.store import GameRecord, GameStore

CHANNEL = 1_100_000_000_000_000_001
GUILD = 900_000_000_000_000_001
HOST = 800_000_000_000_000_001
BIG_SEED = (1 << 64) - 12345  # engine seeds are unsigned 64-bit


async def new_game(store: GameStore, channel: int = CHANNEL, **kw: object) -> GameRecord:
    """A lobby game on `channel`; `kw` overrides any `create_game` argument."""
    args: dict[str, object] = dict(
        channel_id=channel, guild_id=GUILD, system="prophecy",
        options={"players": 2, "expansion": None}, seed=BIG_SEED, host_id=HOST,
        state_json='{"turn":0}',
    )
    args.update(kw)
    return await store.create_game(**args)  # type: ignore[arg-type]  # a deliberately loose value from the test
