"""The dashboard's pages word things through one set of functions: the modules that name calls,
gestures, meanings, seña reasons and a table's rules (i18n.js, senas_text.js, rules_text.js). A
page that kept a copy of one of them would drift from the others the day the shared one
changes."""

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "api" / "static"
WORDING = ("i18n.js", "senas_text.js", "rules_text.js")


def defined(source: str, name: str) -> bool:
    """Whether ``source`` defines ``name`` itself (a function or a constant), not imports it."""
    return bool(
        re.search(rf"^\s*(?:export\s+)?(?:async\s+)?function\s+{name}\s*\(", source, re.M)
        or re.search(rf"^\s*(?:export\s+)?(?:const|let|var)\s+{name}\s*=", source, re.M)
    )


def test_no_page_keeps_its_own_copy_of_a_wording_function():
    exported = {
        name: module
        for module in WORDING
        for name in re.findall(
            r"^export\s+(?:async\s+)?function\s+(\w+)", (STATIC / module).read_text(), re.M
        )
    }
    assert "callLabel" in exported and "senaReason" in exported
    copies = [
        f"{page.name} defines {name} (exported by {module})"
        for page in sorted(STATIC.glob("*.js"))
        for name, module in exported.items()
        if page.name != module and defined(page.read_text(), name)
    ]
    assert copies == []
