"""`python bot.py --local`: the real bot, connected to the loopback fake Discord, in a terminal.

Lines look like `alice> /game new system:prophecy`, `bob> /move to:"Golden Plains"`,
`alice> 2` (press button 2 of the game's newest prompt you can see) or `alice> End turn` (press
by label); the private looks at the game (/game status, /game log, /rules) have buttons of their
own, which `alice> ^2` presses. `--script FILE` runs such lines and prints the transcript, for
demos and tests.
"""
from __future__ import annotations

import asyncio
import json
import os
import shlex
import sys
import tempfile
from pathlib import Path
from typing import Any, Callable, TextIO

from gm.i18n import t
from gm.settings import Settings
from loopback import FakeDiscord, StoredMessage, run_bot
from loopback.driver import settle
from loopback.ratelimits import DISCORD_RATE_LIMITS

INTEGER, BOOLEAN, USER, NUMBER = 4, 5, 6, 10
#: custom id prefixes of buttons that only page or share a private look (log pages, "Show
#: everyone", /rules results): a bare number never presses these, `^` does
LOOK_BUTTONS = ("gmlog:", "gmshow:", "lk:")
NEWS_BUTTON = "gmnews:"
#: "More…" / "Back" of a prompt in pages: listed after its choices, like the news
PAGE_BUTTON = "gmpg:"
#: a line's first character that presses the newest private look instead of the game prompt
LOOK_MARK = "^"
SUB_COMMAND, SUB_GROUP = 1, 2


#: the Discord client locale a console user and the local server get for each bot language
CLIENT_LOCALES = {"en": "en-US", "it": "it"}


def ids_path_for(database_path: Path) -> Path:
    """Where the console keeps its ids for a database: a small file beside it, named after it."""
    path = Path(database_path)
    return path.with_name(path.name + ".console.json")


#: seconds the console waits for the bot's handlers of one line to end before it shows what came
HANDLER_WAIT = 60.0

class LocalIds:
    """The console's server, channel and people, by id, kept per database.

    The game master finds a channel's game by the channel's id and a seat by its person's id.
    The loopback Discord makes new ids at every start, so `--local` restarted on the same
    database would see an empty channel and strangers. The ids are therefore written to a small
    JSON file beside the database (`ids_path_for`) and given back to the fake Discord at the
    next start: the same channel, the same alice, the campaign (or game) goes on. A file that
    cannot be read is set aside, not fatal: the console starts afresh, as it did before."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.guild: int | None = None
        self.channel: int | None = None
        #: name -> id, in the order the people first spoke (the first may manage the channel)
        self.users: dict[str, int] = {}
        if path is None or not path.exists():
            return
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            self.guild, self.channel = int(raw["guild"]), int(raw["channel"])
            self.users = {str(k): int(v) for k, v in dict(raw.get("users") or {}).items()}
        except (OSError, ValueError, KeyError, TypeError):
            self.guild, self.channel, self.users = None, None, {}

    def save(self) -> None:
        if self.path is None or self.guild is None or self.channel is None:
            return
        data = {"guild": self.guild, "channel": self.channel, "users": self.users}
        try:
            self.path.write_text(json.dumps(data, indent=1), encoding="utf-8")
        except OSError:  # a read-only folder: the console still plays, it just will not resume
            pass


class Console:
    """A terminal table. `locale` is everyone's language: every console user's Discord client
    and the local server are set to it, so the bot answers exactly as it would on Discord
    for Italian (or English) players, slash-command names included. `ids`: the server, channel
    and people of an earlier run on the same database, made again with the same ids."""

    def __init__(self, fake: FakeDiscord, bot: Any, out: TextIO, locale: str = "en", ids: LocalIds | None = None) -> None:
        self.fake, self.bot, self.out, self.locale = fake, bot, out, locale
        self.ids = ids or LocalIds(None)
        self.client_locale = CLIENT_LOCALES.get(locale, CLIENT_LOCALES["en"])
        self.guild = fake.add_guild(t(locale, "console.guild_name"), locale=self.client_locale, id=self.ids.guild)
        self.channel = fake.add_channel(self.guild, "adventure", id=self.ids.channel)
        self.resumed = self.ids.channel is not None
        self.ids.guild, self.ids.channel = self.guild, self.channel
        self.users: dict[str, int] = {}
        self.seen: set[tuple[int, int]] = set()
        for name in list(self.ids.users):  # everyone of the last run, so their seats are theirs again
            self.user(name)
        self.ids.save()

    def user(self, name: str) -> int:
        key = name.strip().lower()
        if key not in self.users:
            # the first person to speak may manage the channel, like a server owner
            self.users[key] = self.fake.add_user(key, manage_channels=not self.users, locale=self.client_locale,
                                                 id=self.ids.users.get(key))
            if key not in self.ids.users:
                self.ids.users[key] = self.users[key]
                self.ids.save()
        return self.users[key]

    def name_of(self, user_id: int) -> str:
        return next((n for n, i in self.users.items() if i == user_id), str(user_id))

    # -- input ------------------------------------------------------------------------------
    async def line(self, text: str) -> bool:
        text = text.strip()
        if not text or text.startswith("#"):
            return True
        if text in (":quit", ":q", "quit", "exit"):
            return False
        if text in (":help", "help"):
            print(t(self.locale, "console.help"), file=self.out)
            return True
        if ">" not in text:
            print(t(self.locale, "console.need_name"), file=self.out)
            return True
        name, _, command = text.partition(">")
        user = self.user(name)
        command = command.strip()
        try:
            if command.startswith("/"):
                result = await self.slash(user, command[1:])
            else:
                result = await self.press(user, command)
        except (ValueError, LookupError) as exc:
            print(f"  ! {exc}", file=self.out)
            return True
        if result is not None:
            # a press is acknowledged before the game's work (a deferred update); on a busy
            # computer that work can outlast the fake's own wait, so the console waits for the
            # bot's handlers before it shows the result and reads the next line
            await settle(timeout=HANDLER_WAIT)
            self.show_new(user)
        return True

    async def slash(self, user: int, command: str) -> Any:
        words = shlex.split(command)
        path: list[str] = []
        options: dict[str, Any] = {}
        for word in words:
            if ":" in word and not word.startswith(":"):
                key, _, value = word.partition(":")
                options[key.replace("-", "_")] = value
            elif not options:
                path.append(word)
            else:
                raise ValueError(t(self.locale, "console.bad_option", word=word))
        if not path:
            raise ValueError(t(self.locale, "console.no_command"))
        path, options = self._coerce(path, options)
        return await self.fake.slash(self.bot, user, self.channel, " ".join(path), **options)

    def _local(self, item: dict[str, Any]) -> str:
        """The name a user of this console's language sees for a command or option."""
        name: str = (item.get("name_localizations") or {}).get(self.client_locale, item["name"])
        return name

    def _named(self, items: list[dict[str, Any]], word: str) -> dict[str, Any] | None:
        """The command or option called `word`, by its English or its localized name."""
        return next((i for i in items if word in (i["name"], self._local(i))), None)

    def _coerce(self, path: list[str], options: dict[str, Any]) -> tuple[list[str], dict[str, Any]]:
        """The English path and typed option values from what was typed (English or localized
        names, e.g. `/partita nuova gioco:prophecy`), using the command schema the bot synced."""
        top = self._named(self.fake.commands, path[0])
        if top is None:
            raise ValueError(t(self.locale, "console.not_a_command", command=" ".join(path)))
        english = [top["name"]]
        opts = top.get("options", [])
        for part in path[1:]:
            subs = [o for o in opts if o["type"] in (SUB_COMMAND, SUB_GROUP)]
            sub = self._named(subs, part)
            if sub is None:
                raise ValueError(t(self.locale, "console.not_a_command", command=" ".join(path)))
            english.append(sub["name"])
            opts = sub.get("options", [])
        types = {o["name"]: o["type"] for o in opts}
        out: dict[str, Any] = {}
        for typed_key, value in options.items():
            found = self._named(opts, typed_key) or self._named(opts, typed_key.replace("_", "-"))
            key = found["name"] if found else typed_key
            kind = types.get(key)
            if kind is None:
                raise ValueError(t(self.locale, "console.no_such_option", command=" ".join(path), option=typed_key,
                                   options=", ".join(self._local(o) for o in opts) or "-"))
            if kind == INTEGER:
                out[key] = int(value)
            elif kind == NUMBER:
                out[key] = float(value)
            elif kind == BOOLEAN:
                out[key] = value.casefold() in ("1", "true", "yes", "on", "sì", "si", "vero")
            elif kind == USER:
                out[key] = self.user(value.lstrip("@"))
            else:
                out[key] = value
        return english, out

    def last_prompt(self, user: int, *, look: bool = False) -> StoredMessage | None:
        """The newest message this user sees with something to press: a game prompt (the
        channel's, or a private one such as the decision /game status hands back), or with
        `look`, the newest private look at the game (status, log, /rules results)."""
        for msg in reversed(self.fake.messages_in(self.channel, include_ephemeral=True)):
            if msg.visible_to not in (None, user):
                continue
            ids = [c["custom_id"] for c in [*msg.buttons, *msg.selects]]
            if not ids:
                continue
            looking = all(i.startswith(LOOK_BUTTONS) for i in ids)
            if looking == look:
                return msg
        return None

    def choices(self, msg: StoredMessage) -> list[tuple[str, str, str | None]]:
        """(label, custom_id, select value) for every button and select option, numbered from 1."""
        out: list[tuple[str, str, str | None]] = []
        later: list[tuple[str, str, str | None]] = []  # "since my last turn": after the choices
        for b in msg.buttons:
            if not b.get("disabled"):
                into = later if b["custom_id"].startswith((NEWS_BUTTON, PAGE_BUTTON)) else out
                into.append((b.get("label", "?"), b["custom_id"], None))
        for s in msg.selects:
            for o in s.get("options", []):
                out.append((o["label"], s["custom_id"], o["value"]))
        return out + later

    async def press(self, user: int, what: str) -> Any:
        look = what.startswith(LOOK_MARK)
        if look:
            what = what[len(LOOK_MARK) :].strip()
        msg = self.last_prompt(user, look=look)
        if msg is None:
            raise LookupError(t(self.locale, "console.nothing_to_press"))
        options = self.choices(msg)
        if what.isdigit():
            k = int(what) - 1
            if not 0 <= k < len(options):
                raise LookupError(t(self.locale, "console.choose_range", n=len(options)))
            label, custom_id, value = options[k]
        else:
            found = [o for o in options if o[0].casefold().startswith(what.casefold())]
            if not found:
                raise LookupError(t(self.locale, "console.no_button", label=what))
            label, custom_id, value = found[0]
        if value is None:
            return await self.fake.click(self.bot, user, msg, custom_id)
        return await self.fake.select(self.bot, user, msg, custom_id, [value])

    # -- output -----------------------------------------------------------------------------
    def show_new(self, user: int) -> None:
        for msg in self.fake.messages_in(self.channel, include_ephemeral=True):
            key = (msg.id, msg.edits)
            if key in self.seen or msg.visible_to not in (None, user):
                continue
            self.seen.add(key)
            print(self.render(msg), file=self.out)

    def render(self, msg: StoredMessage) -> str:
        lines: list[str] = []
        tag = " " + t(self.locale, "console.only_you") if msg.ephemeral else ""
        if msg.content:
            lines.append(self._names(msg.content) + tag)
        for e in msg.embeds:
            if e.get("title"):
                lines.append(f"┃ {self._names(e['title'])}")
            if e.get("description"):
                lines.extend(f"┃ {self._names(x)}" for x in e["description"].splitlines())
            for f in e.get("fields", []):
                lines.append(f"┃ {self._names(f['name'])}:")
                lines.extend(f"┃   {self._names(x)}" for x in f["value"].splitlines())
        for i, (label, _cid, _v) in enumerate(self.choices(msg), start=1):
            lines.append(f"  [{i}] {label}")
        for a in msg.attachments:
            lines.append(f"  📎 {a.filename} ({len(a.data)} bytes)")
        return "\n".join(lines)

    def _names(self, text: str) -> str:
        for name, uid in self.users.items():
            text = text.replace(f"<@{uid}>", f"@{name}")
        return text


async def run_console(
    settings: Settings,
    create_bot: Callable[[Settings], Any],
    script: str | None = None,
    out: TextIO | None = None,
) -> int:
    """Run the real bot against the loopback Discord; the bot factory is passed in so the
    console never imports the entry point (no bot.py <-> console cycle)."""
    out = out or sys.stdout
    tmp = None
    if script is not None and str(settings.database_path) == "gm.sqlite3":
        tmp = tempfile.TemporaryDirectory()
        settings = settings.model_copy(update={"database_path": Path(tmp.name) / "local.sqlite3"})

    # LOOPBACK_RATE_LIMITS=discord: the loopback enforces Discord-like per-route limits (429s)
    limits = DISCORD_RATE_LIMITS if os.environ.get("LOOPBACK_RATE_LIMITS", "").lower() == "discord" else ()
    async with FakeDiscord(rate_limits=limits) as fake:
        with fake.redirect():
            # the server, channel and people are there before the bot starts, with the ids of the
            # last run on this database, so it finds its games where it left them
            console = Console(fake, None, out, settings.default_locale, LocalIds(ids_path_for(settings.database_path)))
            async with run_bot(create_bot(settings)) as bot:
                console.bot = bot
                if console.resumed:
                    print(t(console.locale, "console.resumed", path=settings.database_path), file=out)
                if script is not None:
                    for raw in Path(script).read_text(encoding="utf-8").splitlines():
                        if raw.strip() and not raw.lstrip().startswith("#"):
                            print(f"» {raw.strip()}", file=out)
                        if not await console.line(raw):
                            break
                else:
                    print(t(console.locale, "console.help"), file=out)
                    while True:
                        try:
                            raw = await asyncio.to_thread(input, "> ")
                        except EOFError:
                            break
                        if not await console.line(raw):
                            break
    if tmp is not None:
        tmp.cleanup()
    return 0
