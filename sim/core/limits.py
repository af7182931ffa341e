"""Bounds on the run options, kept apart so the CLI can read them without loading numpy."""

# A quadrillion games is thirty years at a million games/s and keeps every game index well
# inside int64; a chunk's records must fit in memory; a worker is a thread (or process) and
# two chunks per worker are in flight.
MAX_SEED = 2**63 - 1
MAX_GAMES = 10**15
MAX_CHUNK = 2**20
MAX_WORKERS = 1024
