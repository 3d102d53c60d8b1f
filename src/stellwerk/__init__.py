"""Stellwerk: exact rules engines, bots and tables for railway board games."""

__version__ = "0.1.0"
