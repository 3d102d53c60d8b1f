"""The seats watching their table live, per server process, so that every process's
notice sender knows which seats need no turn notice.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_watchers",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("process", sa.String(32), primary_key=True),
        sa.Column("seen_at", sa.Float, nullable=False),
    )
    op.create_index("live_watchers_process", "live_watchers", ["process"])


def downgrade() -> None:
    op.drop_index("live_watchers_process", "live_watchers")
    op.drop_table("live_watchers")
