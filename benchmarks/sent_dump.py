"""Every request the bot sends in a fixed set of seeded games, written to a file: run it before
and after a change to the press path and compare the two files (`cmp`), so a change meant to
make a press cheaper is shown not to change one byte of what the players see.

Each kind of table of benchmarks/bot.py (Basic, Standard, the Water Realm, a campaign, with
two people and with an AI seat; the Magical Orders tracker) is played through the real bot and
the loopback fake Discord, in English and in Italian, by people pressing seeded random choices
among those the prompt shows (now and then one on another of its pages, turned to). The game's
seed and the clock are fixed; what still varies from run to run (snowflakes, Discord
timestamps) is renamed in order of first appearance, and a picture is written as its size and
digest. Pictures always ride with their message (the grace for a late one is made long), so a
slower drawing cannot reorder what is sent.

Run: python benchmarks/sent_dump.py OUT [--games 2] [--presses 60] [--kinds 'Basic; Water']
"""
from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import os
import random
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
# pictures drawn in a thread of this process, as the tests do (tests/conftest.py): no pool of
# processes to start, whose first picture can outlast the fake's wait for an interaction
os.environ.setdefault("PICTURE_WORKERS", "0")

import cogs.common  # noqa: E402
from benchmarks.bot import KINDS, TRACKER, Kind, open_table, prompt_of, shown_choices  # noqa: E402
from bot import create_bot  # noqa: E402
from gm.settings import Settings  # noqa: E402
from loopback import FakeDiscord, run_bot  # noqa: E402
from tests.e2e.helpers import press_index  # noqa: E402
from tests.fakes import HandClock  # noqa: E402

SNOWFLAKE = re.compile(r"(?<!\d)\d{15,20}(?!\d)")
ISO_TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:\+00:00|Z)?")


class Renamer:
    """Snowflakes (message, interaction, user ids) as #1, #2... in order of first appearance:
    the same id is the same name throughout a dump, whatever the fake handed out this run."""

    def __init__(self) -> None:
        self.names: dict[str, str] = {}

    def __call__(self, text: str) -> str:
        text = SNOWFLAKE.sub(lambda m: self.names.setdefault(m.group(0), f"#{len(self.names) + 1}"), text)
        return ISO_TIME.sub("<time>", text)


def request_line(req: Any, rename: Renamer) -> str:
    files = [f"{f.filename}:{len(f.data)}:{hashlib.sha256(f.data).hexdigest()[:16]}" for f in req.files]
    # an interaction's token is random: keep only where the request went
    path = re.sub(r"/(interactions|webhooks)/(\d+)/[^/]+", r"/\1/\2/<token>", req.path)
    body = json.dumps(req.json, sort_keys=True, ensure_ascii=False)
    return rename(f"{req.method} {path} {body} files={files}")


async def play_kind(fake: FakeDiscord, kind: Kind, k: int, games: int, presses: int, tmp: Path,
                    out: list[str]) -> None:
    rename = Renamer()
    for g in range(games):
        locale = "it" if g % 2 else "en-US"
        guild = fake.add_guild(f"G{k}-{g}", locale=locale)
        alice = fake.add_user(f"alice{k}-{g}", locale=locale)
        bob = fake.add_user(f"bob{k}-{g}", locale=locale)
        ch = fake.add_channel(guild, f"t{k}-{g}")
        settings = Settings(_env_file=None, discord_token="x",  # type: ignore[call-arg]  # pydantic-settings' own arguments
                            database_path=tmp / f"dump-{k}-{g}.sqlite3", rules_index_warmup=False)
        rng = random.Random(1000 * k + g)
        out.append(f"== {kind.label} game {g} ({locale})")
        async with run_bot(create_bot(settings, clock=HandClock(1_000_000.0))) as bot:
            bot.gm._seed = lambda g=g, k=k: 7919 * k + 104729 * g + 1  # noqa: SLF001
            since = len(fake.requests)
            prompt = await open_table(fake, bot, kind, ch, alice, bob)
            await bot.gm.settle()
            out.extend(request_line(r, rename) for r in fake.requests[since:])
            for n in range(presses):
                since = len(fake.requests)
                if prompt is TRACKER:
                    assert kind.command is not None
                    r = await fake.slash(bot, (alice, bob)[n % 2], ch, kind.command[0], **kind.command[1])
                else:
                    found = await bot.gm.current(ch)
                    if prompt is None or found is None or found.record.status != "active":
                        break
                    pend = found.system.pending(found.state)
                    if pend is None or not pend.player.isdigit():
                        break
                    shown = shown_choices(prompt)
                    if not shown:
                        break
                    index = rng.choice(sorted(shown))
                    if any(b["custom_id"].startswith("gmpg:") for b in prompt.buttons) and rng.random() < 0.3:
                        # a choice on another page: the prompt's pages are turned to it
                        index = rng.randrange(len(found.system.legal_actions(found.state, pend.player)))
                    r = await press_index(fake, bot, int(pend.player), prompt, index)
                await bot.gm.settle()
                out.append(f"-- press {n}")
                out.extend(request_line(q, rename) for q in fake.requests[since:] if q.method != "GET")
                prompt = TRACKER if prompt is TRACKER else prompt_of(r)


async def dump(path: Path, games: int, presses: int, kinds: tuple[Kind, ...]) -> None:
    cogs.common.PICTURE_GRACE = 60.0  # every picture rides with its message: the order is fixed
    out: list[str] = []
    with tempfile.TemporaryDirectory() as d:
        async with FakeDiscord() as fake:
            with fake.redirect():
                for k, kind in enumerate(kinds):
                    await play_kind(fake, kind, k, games, presses, Path(d), out)
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    print(f"{path}: {len(out)} lines, {sum(line.startswith('-- press') for line in out)} presses")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--games", type=int, default=2, help="games of each kind (every other one in Italian)")
    ap.add_argument("--presses", type=int, default=60, help="presses of each game at most")
    ap.add_argument("--kinds", default="", help="only the kinds whose label contains one of these (';')")
    args = ap.parse_args()
    wanted = [w.strip().lower() for w in args.kinds.split(";") if w.strip()]
    kinds = tuple(k for k in KINDS if not wanted or any(w in k.label.lower() for w in wanted))
    asyncio.run(dump(args.out, args.games, args.presses, kinds))


if __name__ == "__main__":
    main()
