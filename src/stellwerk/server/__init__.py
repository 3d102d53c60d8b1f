"""The game server (`stellwerk serve`): tables for friends at a distance.

    app.py            create_app: builds the parts below and assembles the routers
    routes/           the JSON API, one router per area (games, table_routes, chat,
                      live) and the refusals around them (errors); OpenAPI at
                      /openapi.json
    middleware.py     the body limit, Server-Timing, the net under every request
    access.py         capability tokens (links), stored as SHA-256
    table_service.py  TableService: what the routes do to a table (create, act, seats)
    log_store.py      the action log in the database: appends, reads, retries
    state_cache.py    the kept states: built from snapshot and log, budget, eviction
    table_info.py     a table's row and seats as stored
    chat.py           a table's chat
    deadlines.py      move deadlines, the sweep and the postal default for late seats
    bot_runner.py     bot seats (threads; search bots in a process pool)
    payloads.py       what each seat may see (view, legal actions, log)
    store.py          SQLAlchemy tables; migrations/ (Alembic, run at start-up)
    live.py           per-seat updates: in-process hub, PostgreSQL LISTEN/NOTIFY
    limits.py         what one client may take: new tables, live connections
    collector.py      the garbage collector's schedule (short pauses, bounded garbage)
    main.py           the `serve` command
"""
