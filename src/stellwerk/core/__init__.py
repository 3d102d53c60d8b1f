"""The core: what every game shares and nothing that belongs to one game.

It defines the engine contract (`contract`), the one error type for illegal actions
(`errors`), seeded chance kept in the state (`chance`), game records with replay
(`record`), content-pack loading with validation and provenance (`content`), English
and German terms (`i18n`) and the loop that drives seats through a game (`session`).
"""
