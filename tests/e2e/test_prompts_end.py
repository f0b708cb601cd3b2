"""The end of a game and the move choices in Italian, through the loopback Discord.

As in test_prompts.py, games are started normally and the stored state is then arranged the way
a table could reach it (a character one Certificate from winning, a dead character holding
Certificates, a Creature waiting at a destination); the decisive step is played by a person,
through a button or a slash command, and what the channel and `/game status` show is read back.
"""
from __future__ import annotations

from bot import create_bot
from engine.prophecy.content import CreatureCard, Pack, display_name, pack_by_id, register_pack
from engine.prophecy.state import AdventureOnSpace, TurnState
from loopback import run_bot
from tests.e2e.helpers import prompt_of, started_game


def _pack() -> str:
    """The base pack plus one Creature whose odds are certain (Strength 30: every battle is lost)."""
    base = pack_by_id("base")
    extra = [CreatureCard(id="e_colossus", name="Stone Colossus", names={"it": "Colosso di Pietra"},
                          strength=30, experience=3)]
    pack = Pack(manifest=base.manifest, board=base.board, characters=base.characters,
                adventures=list(base.adventures) + extra, items=list(base.items), chance=list(base.chance),
                guilds=base.guilds, guild_names=base.guild_names, guild_articles=base.guild_articles)
    register_pack("e2e_prompts_end", pack)
    return "e2e_prompts_end"


PACK = _pack()


async def _store(bot, ch, st) -> None:
    found = await bot.gm.current(ch)
    await bot.gm.store.update_game(found.record.id, found.record.version, state_json=st.dump())


def _field(messages, name: str) -> str | None:
    """The value of the last embed field called `name` among `messages` (None if there is none)."""
    for msg in reversed(list(messages)):
        for embed in msg.embeds:
            for f in embed.get("fields") or []:
                if f.get("name") == name:
                    return str(f.get("value"))
    return None


async def test_fifth_certificate_ends_the_game_and_ranks_the_others_by_certificates_dead_included(world, settings):
    """Basic rules, "End of the Game": the first character with a Certificate from every guild
    wins; the others are ranked by the number of Certificates they collected. A dead character's
    Certificates still count (project reading, engine/prophecy/endgame.py), marked as dead."""
    fake, ch = world["fake"], world["ch1"]
    alice, bob, carol = world["alice"], world["bob"], world["carol"]
    async with run_bot(create_bot(settings)) as bot:
        await started_game(fake, bot, ch, alice, bob, carol)
        found = await bot.gm.current(ch)
        st = found.state
        pack = pack_by_id(st.options.pack)
        a, b, c = (st.player(str(u)) for u in (alice, bob, carol))
        guilds = list(pack.guilds)
        a.space = pack.space_index("monastery")
        a.certificates = [g for g in guilds if g != "monastery"]  # four: the Monastery's is the last
        a.experience, a.gold = 5, 5
        b.certificates = guilds[:3]  # three, but dead: ranks above carol's one
        b.alive = False
        c.certificates = ["monastery"]
        st.turn = TurnState(player=str(alice), start_space=a.space, phase="act", movement_done=True)
        await _store(bot, ch, st)

        # someone else's /certificate is refused privately and changes nothing
        r = await fake.slash(bot, carol, ch, "certificate")
        assert r.ephemeral and (await bot.gm.current(ch)).record.status == "active"

        r = await fake.slash(bot, alice, ch, "certificate")
        assert not r.ephemeral, r.text
        assert "obtains the Certificate of the Monastery (5/5)" in r.text
        final = await bot.gm.latest(ch)
        assert final.record.status == "finished" and final.state.winner == str(alice)

        # the announcement in the channel: the winner, then the others by Certificates
        assert f"🏆 {a.name} wins the game!" in r.text
        ranking = _field(r.messages, "Final ranking")
        assert ranking is not None and ranking == _field(fake.messages_in(ch), "Final ranking")
        lines = ranking.splitlines()
        assert lines == [
            f"1. {a.name}: 5 Certificates",
            f"2. {b.name}: 3 Certificates (dead)",
            f"3. {c.name}: 1 Certificate",
        ], lines

        # /game status after the end shows the same ranking instead of clocks
        status = await fake.slash(bot, bob, ch, "game status")
        fields = {f["name"]: f["value"] for f in status.embeds[0]["fields"]}
        assert "Time banks" not in status.text and "Whose turn" not in fields
        assert fields["Final ranking"].splitlines() == lines


async def test_final_ranking_in_italian_through_the_certificate_button(fake_discord, settings):
    """Basic rules, "End of the Game", at an Italian table: the fifth Certificate is taken with the
    prompt's button; the narration says "della/dell'" before the guild, the ranking lines are
    Italian ("Certificati", "personaggio morto") and the dead character keeps her place."""
    fake = fake_discord
    guild = fake.add_guild("Tavolo", locale="it")
    ch = fake.add_channel(guild, "profezia")
    gianni, lucia, rita = (fake.add_user(name, locale="it") for name in ("gianni", "lucia", "rita"))
    async with run_bot(create_bot(settings)) as bot:
        await started_game(fake, bot, ch, gianni, lucia, rita)
        st = (await bot.gm.current(ch)).state
        pack = pack_by_id(st.options.pack)
        g, dead, r_ = (st.player(str(u)) for u in (gianni, lucia, rita))
        for cards in st.spaces:
            cards.clear()  # nothing to meet on the space: the prompt after staying is the guild's
        g.space = pack.space_index("forest_camp")
        g.certificates = [x for x in pack.guilds if x != "forest_camp"]
        g.experience, g.gold = 5, 5
        dead.certificates, dead.alive = ["fortress", "monastery"], False
        r_.certificates = []
        st.turn = TurnState(player=str(gianni), start_space=g.space, phase="move")
        await _store(bot, ch, st)

        here = display_name(pack.space(g.space), "it")
        assert here == "Accampamento nella Foresta"
        stay = await fake.slash(bot, gianni, ch, "move", to=here)  # staying on the guild space
        assert not stay.ephemeral, stay.text
        prompt = prompt_of(stay)
        button = next(b for b in prompt.buttons if "Certificato dell'Accampamento nella Foresta" in b["label"])
        r = await fake.click(bot, gianni, prompt, button["custom_id"])
        assert "📜" in r.text and "ottiene il Certificato dell'Accampamento nella Foresta (5/5)" in r.text
        final = await bot.gm.latest(ch)
        assert final.record.status == "finished" and final.state.winner == str(gianni)
        assert f"🏆 {g.name} vince la partita!" in r.text
        lines = (_field(r.messages, "Classifica finale") or "").splitlines()
        assert lines == [
            f"1. {g.name} — Certificati: 5",
            f"2. {dead.name} — Certificati: 2 (personaggio morto)",
            f"3. {r_.name} — Certificati: 0",
        ], lines
        status = await fake.slash(bot, rita, ch, "game status")
        assert (_field(status.messages, "Classifica finale") or "").splitlines() == lines


async def test_move_autocomplete_and_buttons_show_the_creature_and_odds_in_italian(fake_discord, settings):
    """Basic rules, "Moving Your Character" and "Adventure Cards": the move ends on a Creature's
    space and the battle must be fought, so an Italian player choosing where to go sees, in
    Italian, the Creature at each destination with its figures and the win chance — in `/move`'s
    autocomplete, on the move buttons and in the prompt's list of destinations. The Colossus has
    Strength 30, so every battle against it is lost whatever the character: 0% win, 100% loss."""
    fake = fake_discord
    guild = fake.add_guild("Tavolo", locale="it")
    ch = fake.add_channel(guild, "profezia")
    gianni, lucia = (fake.add_user(name, locale="it") for name in ("gianni", "lucia"))
    async with run_bot(create_bot(settings)) as bot:
        await started_game(fake, bot, ch, gianni, lucia)
        st = (await bot.gm.current(ch)).state
        st.options.pack = PACK
        pack = pack_by_id(PACK)
        for cards in st.spaces:
            cards.clear()
        g, lu = st.player(str(gianni)), st.player(str(lucia))
        g.space = pack.space_index("city")
        target = pack.space(g.space + 1)
        st.spaces[g.space + 1].append(AdventureOnSpace(uid=st.new_uid("a"), card="e_colossus"))
        lu.space = pack.space_index("plains_1")
        # lucia is about to end her turn; gianni's starts with the move prompt
        st.turn = TurnState(player=str(lucia), start_space=lu.space, phase="act", movement_done=True)
        await _store(bot, ch, st)
        r = await fake.slash(bot, lucia, ch, "end-turn")
        assert not r.ephemeral, r.text
        prompt = prompt_of(r)
        assert prompt is not None and f"<@{gianni}>" in (prompt.content or "")
        target_it = display_name(target, "it")

        # the button to that destination: the move, the Creature, its figure, the win chance
        labels = [b["label"] for b in prompt.buttons] + [o["label"] for s in prompt.selects for o in s["options"]]
        label = next(lb for lb in labels if target_it in lb and "→" in lb)
        assert "vittoria 0% · ⚔️ Colosso di Pietra F30" in label, label  # decision first: the win chance, then who
        # the prompt's list of destinations: the full figures and the three odds
        listing = prompt.text
        line = next(ln for ln in listing.splitlines() if f"→ {target_it}" in ln and "**" in ln)
        assert "⚔️ Colosso di Pietra (Forza 30): vittoria 0% · pareggio 0% · sconfitta 100%" in line, line
        assert "con l'equipaggiamento migliore" in line

        # /muovi's autocomplete says the same while typing the destination's name
        ac = await fake.autocomplete(bot, gianni, ch, "move", "to", target_it[:5])
        names = ac.choice_names
        choice = next(n for n in names if target_it in n)
        assert "Colosso di Pietra" in choice and "F30" in choice and "vittoria 0%" in choice, names
        assert not any(word in " ".join(names) for word in ("Stone Colossus", "win ", "Walk", "Strength"))
