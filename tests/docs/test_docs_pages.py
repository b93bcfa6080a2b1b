"""The documentation holds together: README.md and docs/*.md link only to
files and headings that exist, and docs/commands.md has a row for every
subcommand of `ply --help` that names every option of its --help
(--fen, every game command's other name for --position, is in the
notation table)."""

import os
import pathlib
import re
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def slug(heading):
    """GitHub's anchor for a heading: lower case, punctuation but - and _ dropped, spaces to -."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def prose(page):
    return FENCE.sub("", page.read_text())


def anchors(page):
    return {slug(h) for h in re.findall(r"^#+\s+(.*)$", prose(page), re.M)}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_relative_links_resolve(page):
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", prose(page)):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.exists():
            broken.append(f"{target}: no such file")
        elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
            broken.append(f"{target}: no such heading")
    assert not broken, f"{page.name}: " + "; ".join(broken)


def ply(*args):
    return subprocess.run([os.environ["PLY"], *args], capture_output=True, text=True, check=True).stdout


def subcommands():
    text = ply("--help")
    listed = text[text.index("Subcommands:"):].splitlines()[1:]
    return [re.split(r"[ ,]", line.strip())[0] for line in listed if re.match(r"  [a-z]", line)]


@pytest.mark.skipif("PLY" not in os.environ, reason="PLY names the ply binary")
def test_every_command_and_option_in_the_reference():
    rows = [line for line in (ROOT / "docs" / "commands.md").read_text().splitlines() if line.startswith("| `ply")]
    missing = []
    for command in subcommands():
        own = [r for r in rows if re.search(rf"`ply {command}\b", r.split(" | ")[0])]
        if not own:
            missing.append(f"ply {command}: no row")
            continue
        # The Options section of --help, not its footer's examples; --fen is every game command's (the notation table).
        text = ply(command, "--help")
        listed = text[text.index("Options:"):].split("\n\n")[0]
        options = set(re.findall(r"^ +(?:-\w,)?(--[a-z][a-z0-9-]*)", listed, re.M)) - {"--help", "--fen"}
        missing += [f"ply {command} {o}" for o in sorted(options) if not any(o in r for r in own)]
    assert not missing, "not in docs/commands.md: " + ", ".join(missing)
