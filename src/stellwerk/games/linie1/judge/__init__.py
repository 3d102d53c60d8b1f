"""Linie 1's postal judge: a game master runs a game by mail from a folder
(`stellwerk judge linie1 ...`). `commands` holds the sub-command and the folder's
handling, `reports` the public reports and private sheets it writes."""
