"""`python bot.py --local`: the real bot played in a terminal against the loopback fake Discord.

Kept apart from loopback/, which is a fake Discord and knows nothing of the game master: the
console is the one place that puts the two together (and speaks the bot's own words, gm.i18n).
"""
