"""The fast deep copy of a state, now shared by every engine: see engine/core/clone.py."""
from engine.core.clone import clone

__all__ = ["clone"]
