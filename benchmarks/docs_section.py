"""Benchmarks write their own figures into docs/benchmarks.md (``--write-docs``).

Each script owns one section of that file, between ``<!-- NAME -->`` and ``<!-- /NAME -->``;
writing it again replaces the section whole, so the file holds one row per figure and no
history. A section not yet in the file is added at its end.
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path
from typing import TextIO

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs" / "benchmarks.md"
HEADER = """# Measured figures

Written by the benchmark scripts themselves (`--write-docs`): each section is replaced whole when
its script runs again. All are measured on this project's 2-core machine, shared with other work
(absolute rates move; each speed script measures its baseline in the same run and prints the
ratio). The README keeps the headline of each.
"""


def write_section(name: str, command: str, body: str, docs: Path = DOCS) -> None:
    """Replace (or add) the section ``name``: the command that made it, the date, the ``body``."""
    text = docs.read_text() if docs.exists() else HEADER
    section = (
        f"<!-- {name} -->\n{body.rstrip()}\n\nMade by `{command}` on {date.today().isoformat()}.\n"
        f"<!-- /{name} -->"
    )
    pattern = re.compile(rf"<!-- {re.escape(name)} -->.*?<!-- /{re.escape(name)} -->", re.S)
    if pattern.search(text):
        text = pattern.sub(lambda _: section, text)
    else:
        text = text.rstrip() + "\n\n" + section + "\n"
    docs.write_text(text)


def score_table(printed: list[str]) -> list[str]:
    """``benchmarks.accuracy.report``'s printed table (without its overall line) as markdown."""
    header, *rows = printed
    lines = ["| " + " | ".join(header.split()) + " |", "|" + "---|" * len(header.split())]
    for row in rows:
        if not _is_score_row(row):
            lines += ["", row]  # a note of its own, below the table
            continue
        *name, truth, found, false, precision, recall, onset = row.split()
        cells = (" ".join(name), truth, found, false, precision, recall, onset)
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _is_score_row(row: str) -> bool:
    """A gesture's row ends in six figures (truth, found, false, precision, recall, onset); a
    note below the table (false gestures by kind, by clip, how many clips) does not."""
    cells = row.split()
    if len(cells) < 7:
        return False
    try:
        [float(cell) for cell in cells[-6:]]
    except ValueError:
        return False
    return True


def outside_named(argument: str, placeholder: str) -> str:
    """A command-line argument as the docs show it: a path outside the repository (footage never
    committed, a colleague's folders) becomes ``placeholder``."""
    path = Path(argument)
    if argument.startswith("-") or not (path.is_absolute() or ".." in path.parts):
        return argument
    inside = path.resolve().is_relative_to(REPO) if path.is_absolute() else False
    return argument if inside else placeholder


class _Tee(io.TextIOBase):
    def __init__(self, out: TextIO) -> None:
        self.out, self.kept = out, io.StringIO()

    def write(self, text: str) -> int:
        self.kept.write(text)
        return self.out.write(text)

    def flush(self) -> None:
        self.out.flush()


@contextmanager
def printed_into_docs(
    name: str, title: str, enabled: bool = True, docs: Path = DOCS, outside: str = "DIR"
) -> Iterator[None]:
    """Print as usual; with ``enabled``, the script's standard output also becomes its section
    (under ``title``, as printed) once the block ends without an error. Paths outside the
    repository on its command line are shown as ``outside``."""
    if not enabled:
        yield
        return
    tee = _Tee(sys.stdout)
    sys.stdout = tee
    try:
        yield
    finally:
        sys.stdout = tee.out
    command = (
        "python -m benchmarks."
        + Path(sys.argv[0]).stem
        + "".join(f" {outside_named(a, outside)}" for a in sys.argv[1:] if a != "--write-docs")
    )
    body = f"## {title}\n\n```\n{tee.kept.getvalue().rstrip()}\n```"
    write_section(name, command, body, docs)


#: The option every benchmark script takes; ``run_main`` acts on it.
WRITE_DOCS_HELP = "also write what this prints into docs/benchmarks.md"


def run_main(
    main: Callable[[], int | None], name: str, title: str, outside: str = "DIR"
) -> int | None:
    """Run a benchmark's ``main``; with ``--write-docs`` on its command line (its parser declares
    the option with WRITE_DOCS_HELP), what it prints becomes its section ``name``."""
    with printed_into_docs(name, title, "--write-docs" in sys.argv[1:], outside=outside):
        return main()
