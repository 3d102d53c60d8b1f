"""Linie 1 (Stefan Dorra, Goldsieber 1995) in Christian Becker's postal rules: 2-6
players build tram lines on a shared 12 x 12 board by secret simultaneous orders."""

from stellwerk.games.linie1.game import Linie1

__all__ = ["Linie1"]
