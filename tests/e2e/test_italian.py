"""The bot in Italian: replies follow the interacting user's locale, then the server's."""
from __future__ import annotations

from bot import create_bot
from gm.i18n import t
from loopback import run_bot
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


def _run_console(tmp_path, lines: list[str], *args: str, env: dict[str, str] | None = None):
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    script = tmp_path / "partita.txt"
    script.write_text("\n".join(lines) + "\n", encoding="utf-8")
    base_env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "RULES_INDEX_WARMUP": "false"}
    return subprocess.run([sys.executable, "bot.py", "--local", "--script", str(script), "--db", str(tmp_path / "x.sqlite3"),
                           *args], cwd=root, capture_output=True, text=True, timeout=120, env={**base_env, **(env or {})})


def test_local_console_plays_in_italian_with_locale_flag(tmp_path):
    """`python3 bot.py --local --locale it`: Italian replies, Italian card and place names, and the
    Italian command names the replies mention (/partita nuova) can be typed."""
    lines = ["alice> /partita nuova gioco:prophecy limite_round:1",
             "bob> /partita entra personaggio:Spadaccino",
             "alice> /partita aggiungi-bot livello:heuristic",
             "alice> /partita inizia"] + ["alice> 1", "bob> 1"] * 12
    out = _run_console(tmp_path, lines, "--locale", "it")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "ha aperto un tavolo di Prophecy" in text and "system" not in text
    assert "si siede al tavolo come Spadaccino" in text
    assert "tocca a te" in text and "La partita è finita." in text
    assert "parte dalla casella" in text  # Italian names of places
    for english in ("opened a", "joins the table", "your turn", "Fortress", "Thieves' Guild", "End turn"):
        assert english not in text, english
    assert "Traceback" not in out.stderr


def test_local_console_follows_default_locale_setting(tmp_path):
    out = _run_console(tmp_path, ["alice> /game new system:prophecy", "alice> /partita entra personaggio:nessuno"],
                       env={"DEFAULT_LOCALE": "it"})
    assert out.returncode == 0, out.stderr
    assert "ha aperto un tavolo di Prophecy" in out.stdout  # English command names work too
    assert "Non esiste un personaggio chiamato nessuno. Scegli tra: Spadaccino, Nano" in out.stdout
