"""docs/python.md's examples, run by doctest: the walk-through cannot rot."""

import doctest
import pathlib

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"


def test_python_md_examples():
    failures, tests = doctest.testfile(str(DOC), module_relative=False, verbose=False,
                                       optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tests >= 50
    assert failures == 0, f"{failures} of {tests} examples of {DOC.name} failed (doctest's report above)"
