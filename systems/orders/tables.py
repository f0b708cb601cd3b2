"""/table roll|show: the Magical Orders reference tables (data/tables/), the orders plug-in's.

Thin adapter: engine.tables -> render. These rolls change no stored game, so they use a
process-local `random.Random`; anything that changes a stored game rolls with that game's
seeded Rng instead.
"""
from __future__ import annotations

import random
from typing import Optional

import discord
from discord import app_commands
from discord.ext import commands

from engine.core.errors import RuleError
from engine.tables import Book, Step, default_book, find_showable, roll_table, table_choices
from engine.tables.models import ORDER_IDS, POINT_KINDS, Row
from gm.i18n import t
from ui.errors import refuse
from ui.replies import locale_of

MESSAGE_LIMIT = 2000
EMBED_LIMIT = 4000
_FREE = random.Random()  # free table rolls only; never used for a stored game
_QUIET = discord.AllowedMentions.none()


def _face(n: int, percent: bool) -> str:
    return ("00" if n == 100 else f"{n:02d}") if percent else str(n)


def step_lines(steps: list[Step], locale: str) -> list[str]:
    """One line per roll, indented by chain depth, plus follow-up dice and see-also hints."""
    book = default_book()
    lines: list[str] = []
    for s in steps:
        pad = "\u2003" * s.depth
        params = {"table": s.table_name, "die": s.die, "roll": s.roll, "natural": s.natural,
                  "subtracted": s.subtracted, "text": s.text}
        key = "dice.table.step_subtracted" if s.subtracted else "dice.table.step"
        lines.append(pad + t(locale, key, **params))
        if s.follow_up is not None:
            fu = s.follow_up
            fkey = f"dice.follow_up.{fu.effect}" if fu.value is not None else "dice.follow_up.needs_rank"
            lines.append(pad + "\u2003↳ " + t(locale, fkey, faces=", ".join(map(str, fu.faces)), value=fu.value))
        if s.see:
            names = ", ".join(book.table_name(x, locale) for x in s.see)
            lines.append(pad + "\u2003" + t(locale, "dice.table.see_also", tables=names))
    return lines


def render_table(book: Book, tid: str, locale: str) -> tuple[str, str]:
    """(title, body) of a roll table or a reference, for an embed."""
    if tid == "order_points":
        return book.reference_name(tid, locale), _render_levels(book, locale)
    if tid == "spell_lists":
        return book.reference_name(tid, locale), _render_spells(book, locale)
    if tid == "encounter_order":
        return book.reference_name(tid, locale), "\n".join(
            f"{i}. {k.text_in(locale)}" for i, k in enumerate(book.encounter_order, 1))
    table = book.tables[tid]
    spec = table.spec
    intro = table.intro_in(locale)
    lines = [t(locale, "dice.table.intro", text=intro)] if intro else []
    groups: list[tuple[str | None, list[Row]]] = [(b.label_in(locale), b.rows) for b in table.bands] or [(None, table.rows)]
    for label, rows in groups:
        if label:
            lines.append(f"**{label}**")
        for row in rows:
            low, high = spec.parse_range(row.roll)
            roll = _face(low, spec.percent) if low == high else f"{_face(low, spec.percent)}–{_face(high, spec.percent)}"
            lines.append(f"`{roll}` {row.text_in(locale)}")
    return f"{table.name_in(locale)} ({table.die})", "\n".join(lines)


def _render_levels(book: Book, locale: str) -> str:
    out: list[str] = []
    for oid in ORDER_IDS:
        order = book.orders[oid]
        out.append(f"**{t(locale, f'dice.order_name.{oid}')}**")
        for rank, need in sorted(order.levels.items()):
            parts = ", ".join(f"{t(locale, f'dice.points.{k}')} {need.get(k)}" for k in POINT_KINDS)
            out.append(t(locale, "dice.show.level", rank=rank, points=parts))
    return "\n".join(out)


def _render_spells(book: Book, locale: str) -> str:
    out: list[str] = []
    for oid in ORDER_IDS:
        out.append(f"**{t(locale, f'dice.order_name.{oid}')}**")
        order = book.orders[oid]
        for rank in sorted(order.spells):
            out.append(t(locale, "dice.show.spells", rank=rank, spells="; ".join(order.spells_for(rank, locale))))
    return "\n".join(out)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


async def _table_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=name[:100], value=tid)
            for name, tid in table_choices(default_book(), current or "", locale=locale_of(interaction))]


class ReferenceTablesCog(commands.GroupCog, group_name="table", group_description="Magical Orders reference tables"):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="roll", description="Roll on a Magical Orders table, following its chains")
    @app_commands.describe(name="Which table", rank="Your Rank (for rank-dependent tables)",
                           ignore_traps="Ignore Traps and Phantasms (Random Wizards)", private="Only you see the roll")
    @app_commands.autocomplete(name=_table_autocomplete)
    async def roll(self, interaction: discord.Interaction, name: str, rank: Optional[app_commands.Range[int, 0, 5]] = None,
                   ignore_traps: bool = False, private: bool = False) -> None:
        locale = locale_of(interaction)
        try:
            steps = roll_table(default_book(), name[:100], _FREE, rank=rank, ignore_traps=ignore_traps, locale=locale)
        except RuleError as exc:
            return await refuse(interaction, exc)
        head = t(locale, "dice.show.rolled", user=interaction.user.display_name)
        text = head + "\n" + "\n".join(step_lines(steps, locale))
        await interaction.response.send_message(_clip(text, MESSAGE_LIMIT), ephemeral=private, allowed_mentions=_QUIET)

    @app_commands.command(name="show", description="Show a Magical Orders table")
    @app_commands.describe(name="Which table", private="Only you see it")
    @app_commands.autocomplete(name=_table_autocomplete)
    async def show(self, interaction: discord.Interaction, name: str, private: bool = True) -> None:
        locale = locale_of(interaction)
        book = default_book()
        try:
            tid = find_showable(book, name[:100], locale)
        except RuleError as exc:
            return await refuse(interaction, exc)
        title, body = render_table(book, tid, locale)
        embed = discord.Embed(title=_clip(title, 256), description=_clip(body, EMBED_LIMIT))
        await interaction.response.send_message(embed=embed, ephemeral=private, allowed_mentions=_QUIET)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ReferenceTablesCog(bot))
