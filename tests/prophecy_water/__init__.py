"""Tests of the Water Realm expansion (issue 14): the new cards, Treasure Island, the Water Realm."""
