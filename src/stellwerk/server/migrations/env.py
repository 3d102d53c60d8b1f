"""Alembic environment: the server runs migrations itself at start-up (`open_storage.migrate`),
on the connection it hands over; there is no alembic.ini to keep in step."""

from __future__ import annotations

from alembic import context

from stellwerk.server.store import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
