"""Game engines: one package per game, numba kernels and their plain-Python twins.

Compiled kernels are kept per game and version of its sources (``core/cache.py``)."""
