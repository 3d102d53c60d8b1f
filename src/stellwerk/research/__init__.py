"""The designer's and researcher's tools (issue 12): tournaments with ratings and the
statistics they share."""
