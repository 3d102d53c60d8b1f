"""Linie 1 benchmark (placeholder until the bots land)."""
