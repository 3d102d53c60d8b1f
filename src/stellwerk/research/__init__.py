"""The designer's and researcher's tools (issue 12): tournaments with ratings, study
reports, the statistics they share, and research adapters (PettingZoo)."""
