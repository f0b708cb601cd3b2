"""Text that fits Discord: clipped to its limits, and mentions. Shared by every game system.

No game knowledge here: the systems' renderers (systems/<name>/) and the shared cogs both
build on these, so a limit is respected the same way everywhere.
"""
from __future__ import annotations

import discord

#: Discord's limit on the text of all embeds of one message
EMBEDS_TOTAL = 6000


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fit_labels(labels: list[str], limit: int) -> tuple[list[str], list[tuple[int, str]]]:
    """Choice labels that fit `limit` and are never two alike, and the notes that say in full
    what was cut. A label too long, or the same as another, is numbered by its place among the
    choices ("3. …") and clipped to fit; each clipped one comes back as (number, full label)
    for the prompt's text. The systems write their labels decision first (the choice, its
    figures, then the detail), so a cut only ever takes detail."""
    seen: dict[str, int] = {}
    for label in labels:
        seen[label] = seen.get(label, 0) + 1
    out: list[str] = []
    notes: list[tuple[int, str]] = []
    for i, label in enumerate(labels, start=1):
        if len(label) <= limit and seen[label] == 1:
            out.append(label)
            continue
        text = f"{i}. {label}"
        if len(text) > limit:
            notes.append((i, label))
            text = clip(text, limit)
        out.append(text)
    return out, notes


def clip_lines(lines: list[str], limit: int) -> str:
    """Keep the most recent lines that fit (a long AI streak shows its end)."""
    out: list[str] = []
    size = 0
    for line in reversed(lines):
        if size + len(line) + 1 > limit - 2:
            out.append("…")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(reversed(out))


def mention(pid: str) -> str:
    """A Discord mention for a person's seat; an AI seat by the name the lobby gives it
    ("ai2" is seated as "AI 2", gm.session.lobby), never by its id."""
    if pid.isdigit():
        return f"<@{pid}>"
    if pid.startswith("ai") and pid[2:].isdigit():
        return f"AI {pid[2:]}"
    return pid


def embed_size(embed: discord.Embed) -> int:
    """Characters Discord counts towards the 6000 of one message's embeds."""
    size = len(embed.title or "") + len(embed.description or "")
    for f in embed.fields:
        size += len(f.name or "") + len(f.value or "")
    if embed.footer and embed.footer.text:
        size += len(embed.footer.text)
    if embed.author and embed.author.name:
        size += len(embed.author.name)
    return size


def clip_at_line(text: str, limit: int) -> str:
    """`text` within `limit` characters, cut after its last whole line that fits when that keeps
    at least half of it (then "…" on a line of its own), else mid-line with "…"."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    end = cut.rfind("\n")
    if end >= limit // 2:
        return cut[:end] + "\n…"
    return cut + "…"


def fit_embeds(embeds: list[discord.Embed], limit: int = EMBEDS_TOTAL, floor: int = 100) -> list[discord.Embed]:
    """Shorten the longest texts (descriptions, field values) of one message's embeds, in place,
    until they hold at most `limit` characters in all (Discord refuses the whole message above
    6000): a crowded board or a party with full packs then shows a little less, never nothing.
    No text is cut below `floor` characters."""
    excess = sum(embed_size(e) for e in embeds) - limit
    while excess > 0:
        texts: list[tuple[int, discord.Embed, int | None]] = []
        for e in embeds:
            texts.append((len(e.description or ""), e, None))
            texts.extend((len(f.value or ""), e, i) for i, f in enumerate(e.fields))
        size, embed, index = max(texts, key=lambda entry: entry[0])
        if size <= floor:
            break  # titles and names alone are over the limit: nothing sensible is left to cut
        target = max(floor, size - excess)
        if index is None:
            embed.description = clip_at_line(embed.description or "", target)
            shortened = len(embed.description)
        else:
            f = embed.fields[index]
            value = clip_at_line(f.value or "", target)
            embed.set_field_at(index, name=f.name, value=value, inline=bool(f.inline))
            shortened = len(value)
        excess -= size - shortened
    return embeds
