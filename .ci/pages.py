"""The Swift blocks of the project's Markdown pages, and what each one is: what .ci/check-samples
and .ci/check-doc-samples both read, so that a marker means the same to both.

Markers, each on the line right above a ```swift block:

- `<!-- install: compiled by .ci/check-install -->`: the README's package manifest.
- `<!-- not compiled: REASON -->`: another library's code, shown beside ours in a guide.
- `<!-- the examples' declarations -->`: declarations the samples after it build on.
- `<!-- continues the sample above -->`: a sample that builds on the one before it.

A block inside `<details><summary>Where ...</summary>` is declarations the samples after it
build on, shown on demand.
"""
import pathlib
import re
from dataclasses import dataclass

root = pathlib.Path(__file__).resolve().parent.parent
markers = {
    "install": "<!-- install: compiled by .ci/check-install -->",
    "other library": "<!-- not compiled: ",
    "declarations": "<!-- the examples' declarations -->",
    "continues": "<!-- continues the sample above -->",
}


@dataclass
class Block:
    where: str  # page:line
    code: str
    kind: str  # "sample", "declarations", "install" or "other library"
    continues: bool = False


def pages():
    """Every Markdown page once, under its own path (a DocC article may be a link to one)."""
    return sorted({p.resolve() for p in root.rglob("*.md")
                   if "Tests" not in p.parts and not any(q.startswith(".build") for q in p.parts)})


def blocks(page):
    """The page's ```swift blocks, in order."""
    text = page.read_text()
    for match in re.finditer(r"```swift\n(.*?)```", text, re.S):
        before = text[: match.start()]
        where = f"{page.relative_to(root)}:{before.count(chr(10)) + 1}"
        last_line = before.rstrip().splitlines()[-1] if before.strip() else ""
        kind = next((k for k in ("install", "other library", "declarations")
                     if last_line.startswith(markers[k])), "sample")
        opened = before.rfind("<details>")
        if kind == "sample" and opened > before.rfind("</details>") and re.match(
                r"<details>\s*<summary>\s*Where", before[opened:], re.I):
            kind = "declarations"
        yield Block(where, match.group(1), kind, last_line == markers["continues"])
