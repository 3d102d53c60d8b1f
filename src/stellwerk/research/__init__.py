"""The designer's and researcher's tools: tournaments with ratings, study
reports, the statistics they share, and research adapters (PettingZoo)."""
