"""Stop words for English and Italian, tuned for players' questions.

They do two jobs: they are dropped from both the index and the query (so "How do I heal
my character?" searches for heal + character), and the words unique to one language tell
which language a text or a query is in. Game terms never appear here, even short ones
("gold", "oro", "mana"), and neither do numbers: "two spaces" and "three lives" matter.
Words are written accent-free because tokens are compared after accent folding.
"""
from __future__ import annotations

ENGLISH: frozenset[str] = frozenset(
    """
    a about above after again against all also am an and any are as at be because been before
    being both but by can cannot could did do does doing done during each else ever every for
    from further get gets got had has have having he her here hers herself him himself his how
    however i if in into is it its itself just let lets may me might mine more most must my
    myself no nor not now of off on once only onto or other our ours out over own please same
    shall she should so some such than that the their theirs them themselves then there these
    they this those through thus till to too under until up upon us very was we were what
    whatever when whenever where whether which while who whom whose why will with within would
    yet you your yours yourself s t d ll m re ve happen happens happened happening much many
    anything something thing things work works mean means supposed suppose
    """.split()
)

ITALIAN: frozenset[str] = frozenset(
    """
    a ad al all allo alla ai agli alle anche ancora avere abbiamo avete avra c che chi ci cio come di
    col coi con contro cosa cose cui d da dal dallo dalla dai dagli dalle dall dei degli delle dell del
    dello della deve devi devo devono dobbiamo dove e ed era essere fa faccio fare fra gia gli ha
    hai hanno ho i il in io l la le lei li lo loro lui ma me mi mia mie miei mio ne nei negli nel
    nello nella nelle nell no noi non o od ogni per perche piu po poi posso possiamo possono puo
    puoi qual quale quali quando quanta quante quanti quanto quella quelle quelli quello questa
    queste questi questo quest se sei si sia siamo siete sono su sua sue sui sugli sul sullo sulla
    sulle sull suo suoi ti tra tu tua tue tuo tuoi un una uno vi voi succede succedono
    succedere sta stai stanno funziona funzionano funzionare significa significano vuol dire
    altro altri altra altre
    """.split()
)

#: words that are stop words in one language only: these vote for the language of a text
ENGLISH_MARKERS: frozenset[str] = ENGLISH - ITALIAN
ITALIAN_MARKERS: frozenset[str] = ITALIAN - ENGLISH

ALL: frozenset[str] = ENGLISH | ITALIAN

#: multi-word expressions that carry no content ("devo per forza" = "must"); removed from
#: queries before anything else, so "forza" there is not read as Strength
#: (and "in base a": "according to", not the Basic game)
IDIOMS: tuple[str, ...] = ("per forza", "di solito", "in generale", "how come", "in general", "in base a", "in base al",
                           "in base alla", "in base allo", "in base ai", "in base agli", "in base alle", "in base all")

#: words that say a question is about this bot's own rulings rather than the printed rules
#: (folded; a question holding one prefers the rulings: oracle/ranking.py)
RULING_WORDS: frozenset[str] = frozenset(
    """ruling rulings decision decisions decide decided decides homebrew houserule bot bot's
    decisione decisioni deciso decide decidere arbitraggio""".split()
)
#: two-word phrasings of the same ("house rule", "regola della casa")
RULING_PHRASES: tuple[str, ...] = ("house rule", "house rules", "regola della casa", "regole della casa", "regola di casa")
#: words of a request for a whole list ("show all the rulings", "elenco delle decisioni")
LISTING_WORDS: frozenset[str] = frozenset(
    """list show all every each what which bots elenco lista elenca mostra mostrami tutte tutti quali""".split()
)
