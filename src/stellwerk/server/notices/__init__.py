"""Turn notices: a seat's e-mail address or webhook (and a table's shared webhook) told
when it is the seat's turn, before a deadline, after a missed one and at the game's end.

    events.py     which notices an action causes (pure: decision before and after)
    outbox.py     the outbox rows, written in the action's own transaction; claiming,
                  marking sent, retrying with backoff
    targets.py    registering and removing an address or webhook; confirm and unsubscribe
    webhooks.py   a webhook's URL checked (http(s), no private address), its body
                  (JSON, Discord, Slack) signed with HMAC-SHA256, posted without redirects
    compose.py    a notice's words (English or German, as the target chose)
    worker.py     the sender: claims due rows, drops stale ones, sends, marks
    reminders.py  deadline reminders written by a sweep (each once)
    settings.py   what the operator turns on (SMTP, sender, private webhooks, timing)
"""
