"""Turn notices: where each seat's notices go, the outbox the actions write them into,
the confirm and unsubscribe tokens, and the mails sent per address.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "notice_targets",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("address", sa.String(2048), nullable=False),
        sa.Column("style", sa.String(16), nullable=False),
        sa.Column("lang", sa.String(5), nullable=False),
        sa.Column("confirmed", sa.Boolean, nullable=False),
        sa.Column("secret", sa.String(64), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_notice_targets_table_id", "notice_targets", ["table_id"])
    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("target_id", sa.Integer, sa.ForeignKey("notice_targets.id"), nullable=True),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("detail", sa.JSON, nullable=False),
        sa.Column("dedupe", sa.String(128), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("next_try_at", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("claimed_by", sa.String(32), nullable=True),
        sa.Column("claimed_until", sa.Float, nullable=True),
        sa.Column("sent_at", sa.Float, nullable=True),
        sa.Column("outcome", sa.String(16), nullable=True),
    )
    op.create_index("outbox_waiting", "outbox", ["sent_at", "next_try_at"])
    op.create_table(
        "notice_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("target_id", sa.Integer, sa.ForeignKey("notice_targets.id"),
                  nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "mail_sent",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("address", sa.String(320), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("mail_sent_address", "mail_sent", ["address", "at"])


def downgrade() -> None:
    op.drop_table("mail_sent")
    op.drop_table("notice_tokens")
    op.drop_index("outbox_waiting", "outbox")
    op.drop_table("outbox")
    op.drop_index("ix_notice_targets_table_id", "notice_targets")
    op.drop_table("notice_targets")
