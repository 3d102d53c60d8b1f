"""Benelux Rails (MM's Kleine Spielgalerie; crayon-rails system by Darwin and Peter Bromley)."""
