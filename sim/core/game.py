"""The one contract every game package fulfils (see shared GUIDE, "One contract").

The runner, the conformance tests, the CLI and the report treat all games
alike through a :class:`GameSpec`; a game registers one in ``sim.registry``.

Every game package has the same modules: ``options.py`` (the options as data: policy and
variant names, choices, help and defaults; numpy-free, so that --help stays light),
``rules.py`` (the data, ``POLICIES`` (from ``options.py``) and ``POLICY_CODES``, the
declared record columns ``columns(settings)`` and the invariants
``check(frame, settings)``), ``policies.py`` (the bots, as numba functions),
``kernel.py`` (the numba game loop), ``reference.py`` (a plain-Python twin that never
imports the kernel), ``scoring.py``, ``cli.py`` and ``__init__.py`` (``GAME``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only for the annotations: importing a game's spec needs no numpy
    import numpy as np

Columns = dict[str, "np.ndarray"]
# the declared record layout: column name -> numpy dtype, in record order
Schema = dict[str, "np.dtype"]


@dataclass(frozen=True)
class SimKind:
    """One kind of simulator of a game (whole games, auctions, attacks, ...).

    Attributes:
        name: a short name (``games``, ``auctions``, ...).
        simulate_chunk: ``(settings, seed, start, count) -> Columns`` from the numba kernel;
            records of games ``start .. start+count-1``, each with a ``game`` column.
        reference_chunk: the same signature and output from the plain-Python reference.
        check: ``(frame, settings) -> None``; raises AssertionError naming the first
            record that breaks a rule of the game.
        columns: ``columns(settings) -> Schema``, the declared names and dtypes of the
            records (from ``rules.py``).
        settings: ``settings(players) -> Settings`` for this kind; None: the game's.
        players: the player counts this kind runs for; None: the game's.
    """

    name: str
    simulate_chunk: Callable[[Any, int, int, int], Columns]
    reference_chunk: Callable[[Any, int, int, int], Columns]
    check: Callable[[Any, Any], None]
    columns: Callable[[Any], Schema]
    settings: Callable[[int], Any] | None = None
    players: range | None = None


@dataclass(frozen=True)
class GameSpec:
    """What a game exposes.

    Attributes:
        name: the CLI name (``tableodds NAME ...``).
        players: the player counts the game supports.
        settings: ``settings(players) -> Settings``, a frozen, validated default setup.
        kinds: the game's simulators; the first is the whole-game one, whose functions
            ``simulate_chunk``, ``reference_chunk``, ``check`` and ``columns`` are also
            attributes of the spec.
        chunk_size: default games per chunk (about a quarter second of kernel work).
        compile_seconds: about how long numba takes to compile the kernels of the game's
            first command from an empty cache on a 2-core machine (what a user is told while
            waiting; ``scripts/bench_compile.py`` prints it beside the measured time).
    """

    name: str
    players: range
    settings: Callable[[int], Any]
    kinds: tuple[SimKind, ...]
    chunk_size: int = 65_536
    compile_seconds: int = 30

    def kind(self, name: str) -> SimKind:
        for k in self.kinds:
            if k.name == name:
                return k
        raise KeyError(f"{self.name} has no simulator kind {name!r}")

    def kind_settings(self, kind: SimKind, players: int):
        return (kind.settings or self.settings)(players)

    def kind_players(self, kind: SimKind) -> range:
        return kind.players if kind.players is not None else self.players

    @property
    def simulate_chunk(self) -> Callable[[Any, int, int, int], Columns]:
        return self.kinds[0].simulate_chunk

    @property
    def reference_chunk(self) -> Callable[[Any, int, int, int], Columns]:
        return self.kinds[0].reference_chunk

    @property
    def check(self) -> Callable[[Any, Any], None]:
        return self.kinds[0].check

    @property
    def columns(self) -> Callable[[Any], Schema]:
        return self.kinds[0].columns


class lazy_function:
    """``module.name``, imported on first call.  A game package names its rules' functions
    and its chunk functions this way because importing ``tableodds.sim.<game>.options`` runs
    the package's ``__init__`` first: so ``GAME`` and the options (all the CLI reads for
    --help) load neither numpy, numba nor a kernel.  Picklable (a Dask task carries the
    names, not the function)."""

    def __init__(self, module: str, name: str):
        self.module, self.name = module, name
        self.__module__, self.__name__, self.__qualname__ = module, name, name
        self._fn = None

    def __call__(self, *args, **kwargs):
        if self._fn is None:
            import importlib

            self._fn = getattr(importlib.import_module(self.module), self.name)
        return self._fn(*args, **kwargs)

    def __reduce__(self):
        return (type(self), (self.module, self.name))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.module}.{self.name})"


class lazy_chunk(lazy_function):
    """A chunk function ``(settings, seed, start, count) -> Columns`` imported on first call
    (:class:`lazy_function`)."""


def rules_functions(package: str, *names: str) -> tuple[lazy_function, ...]:
    """The functions ``names`` of the game's ``rules.py``, each imported on first call."""
    return tuple(lazy_function(package + ".rules", n) for n in names)


def game(
    package: str, name: str, players: range, *, kinds: tuple[SimKind, ...] = (), **spec
) -> GameSpec:
    """A game by the layout every game follows: its default setup is ``rules.make_settings``
    and its first kind :func:`whole_games`, before any ``kinds`` of its own."""
    spec.setdefault("settings", lazy_function(package + ".rules", "make_settings"))
    return GameSpec(name, players, kinds=(whole_games(package), *kinds), **spec)


def whole_games(package: str) -> SimKind:
    """The game's whole-game kind, by the layout every game follows: ``kernel.simulate_chunk``,
    ``reference.reference_chunk``, ``rules.check`` and ``rules.columns``."""
    check, columns = rules_functions(package, "check", "columns")
    return SimKind(
        "games",
        lazy_chunk(package + ".kernel", "simulate_chunk"),
        lazy_chunk(package + ".reference", "reference_chunk"),
        check,
        columns,
    )
