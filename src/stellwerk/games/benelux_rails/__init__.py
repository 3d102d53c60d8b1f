"""Benelux Rails (MM's Kleine Spielgalerie; crayon-rails system by Darwin and Peter Bromley)."""

from stellwerk.games.benelux_rails.game import BeneluxRails

__all__ = ["BeneluxRails"]
