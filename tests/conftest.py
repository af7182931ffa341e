import os

os.environ.setdefault("MPLBACKEND", "Agg")


def pytest_sessionstart(session):
    """The whole suite (``pytest`` with no paths) first compiles every game's report kernels
    side by side, one process per game, so that no two test workers compile the same kernel
    at once (a kernel already in the cache costs nothing here)."""
    import pytest

    config = session.config
    if hasattr(config, "workerinput") or config.args_source == pytest.Config.ArgsSource.ARGS:
        return
    if config.option.collectonly:
        return
    from tableodds.reports.report import compile_sections, section_modules

    compile_sections([m for _, m in section_modules()])
