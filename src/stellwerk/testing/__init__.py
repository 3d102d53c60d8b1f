"""Tests a game can run against itself: the contract every registered game keeps.

`stellwerk.testing.contract_tests` holds the game-independent contract tests (random
games stay legal, clones, snapshots and pickles are faithful, the hidden is redrawn
without a seat noticing, notation reads back, events read in English and German);
`stellwerk.testing.contract` is the pytest plugin that adds `--stellwerk-game` and the
`stellwerk_game` marker; `stellwerk.testing.states` the seeded states they play with.
docs/tests.md shows the two ways a game's own tests run them.
"""
