"""The campaign's expansions (DT sections E-M): each a content folder (data/talisman/expansions/<id>/)
and a module of hooks, registered in `registry.py`; the core calls `hooks.py` at the points where an
expansion may change what happens, and only when a campaign names expansions (`state.ext`).

Kept free of imports: `state.py` imports `model.py` from here, and the rest imports the state."""
