#!/usr/bin/env -S uv run --script
# /// script
# dependencies = ["nox>=2024.4"]
# ///
"""Task runner for contributors who prefer nox to make: each session runs the same command as the
Makefile target of the same name (the Makefile stays the one source of truth, and .ci/run uses it).

    nox -s test        # make test: every test
    nox -s test_fast   # make test-fast
    nox -s lint        # ruff
    nox -s docs        # the documentation site
"""

import nox

nox.needs_version = ">=2024.4"
nox.options.default_venv_backend = "none"  # the Makefile makes and reuses .venv itself


@nox.session
def test(session: nox.Session) -> None:
    session.run("make", "test", external=True)


@nox.session
def test_fast(session: nox.Session) -> None:
    session.run("make", "test-fast", external=True)


@nox.session
def lint(session: nox.Session) -> None:
    session.run("make", "lint", external=True)


@nox.session
def docs(session: nox.Session) -> None:
    session.run("make", "docs", external=True)


if __name__ == "__main__":
    nox.main()
