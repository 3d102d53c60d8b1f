"""The game server (`stellwerk serve`): tables for friends at a distance.

    app.py        routes of the JSON API (OpenAPI at /openapi.json)
    access.py     capability tokens (links), stored as SHA-256
    tables.py     the action log + the cached state; apply with an optimistic sequence
    payloads.py   what each seat may see (view, legal actions, log)
    store.py      SQLAlchemy tables; migrations/ (Alembic, run at start-up)
    live.py       per-seat updates: in-process hub, PostgreSQL LISTEN/NOTIFY
    bot_runner.py bot seats (threads; search bots in a process pool)
    deadlines.py  move deadlines and the postal default for late seats
    limits.py     what one client may take: new tables, live connections
    collector.py  the garbage collector's schedule (short pauses, bounded garbage)
    main.py       the `serve` command
"""
