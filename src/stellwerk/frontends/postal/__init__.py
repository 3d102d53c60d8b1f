"""The postal judge: a game master runs a game by mail from a folder (`stellwerk judge
GAME ...`). `commands` holds the sub-command and the folder's handling, `folder` the
safe writing in it, `texts` the judge's words; the game supplies the rest through its
`core.postal.PostalRules`."""
