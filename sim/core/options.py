"""A game's settings as data, declared once in the game's numpy-free ``options.py``.

Each :class:`Option` is one keyword of the game's analyses (``unsold``, ``city_vp``, ``variants``)
with what it does, its choices (each with what it means) and its default.  The CLI makes one
click option of each (``tableodds.reports.cli.options.click_option``); the API names them when
a keyword is unknown.  The rules themselves still check every value (``rules.make_settings``),
so the CLI and the API refuse the same values with the same words.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Option:
    name: str  # the analyses' keyword; on the command line --name, "_" written "-"
    help: str
    kind: str = "choice"  # choice | switch (--x/--no-x) | file | int | repeat (one per use)
    choices: dict[str, str] | None = None  # choice and repeat: name -> what it means
    default: object = None  # None: the analysis's own default (the data file's, or the rulebook's)
    low: int = 0  # int: the range
    high: int = 0
    metavar: str | None = None
    # where a default that is data comes from ("the cards file"); the packaged file's is the
    # first choice, so --help ends "[default: from the cards file, 'aside']"
    default_from: str = ""
    cli: str | None = None  # the flag, where it is not the name (--variant for variants)

    @property
    def flag(self) -> str:
        return self.cli or "--" + self.name.replace("_", "-")

    def described(self) -> str:
        """The help with each choice's meaning: what ``--help`` shows."""
        text = self.help
        if self.choices:
            if self.kind == "repeat":  # "House rule, repeatable. fixed-turn: ...; short: ..."
                listed = "; ".join(f"{k}: {v}" for k, v in self.choices.items())
                text = f"{text}. {listed}."
            else:  # "A card nobody bids on: aside = ...; opener = ..."
                listed = "; ".join(f"{k} = {v}" for k, v in self.choices.items())
                text = f"{text.rstrip('.')}: {listed}."
        if self.default_from:
            text += f" [default: from {self.default_from}, {next(iter(self.choices))!r}]"
        return text


def file_option(name: str, help: str) -> Option:
    """A data file instead of the packaged one (``cards``, ``rules``, ``params``)."""
    return Option(name, help, kind="file")


def variant_option(variants: dict[str, str], what: str = "Rule variant", metavar: str = "NAME"):
    """``variants``: the rule variants a run may switch on, one ``--variant`` each."""
    return Option(
        "variants",
        f"{what}, repeatable",
        kind="repeat",
        choices=variants,
        metavar=metavar,
        cli="--variant",
    )
