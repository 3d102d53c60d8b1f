"""The phases of a Benelux Rails game: choosing demand cards to keep, choosing a start
city, then turns. A module of its own so that the action, candidate and rules modules
can all use them without importing one another in a cycle."""

KEEP, START, TURN = "keep", "start", "turn"
