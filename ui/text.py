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
