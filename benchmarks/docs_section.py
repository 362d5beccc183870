"""Benchmarks write their own figures into docs/benchmarks.md (``--write-docs``).

Each script owns one section of that file, between ``<!-- NAME -->`` and ``<!-- /NAME -->``;
writing it again replaces the section whole, so the file holds one row per figure and no
history. A section not yet in the file is added at its end.
"""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"
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
