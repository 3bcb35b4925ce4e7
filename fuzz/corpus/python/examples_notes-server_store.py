"""In-memory note storage shared by every tool."""
from itertools import count

NOTES: dict[int, str] = {}
_ids = count(1)


def next_id() -> int:
    return next(_ids)
