"""The README's Python example and python/README.md's run as written (as
doctests)."""

import doctest

from conftest import ROOT


def run_examples(text, name, path):
    # A code fence ends an example's expected output.
    text = "\n".join("" if line.startswith("```") else line for line in text.split("\n"))
    parser = doctest.DocTestParser()
    test = parser.get_doctest(text, {}, name, str(path), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, result
    return result.attempted


def test_the_readme_example():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    assert run_examples(section, "README.md#python", ROOT / "README.md") >= 8


def test_the_package_readme_example():
    path = ROOT / "python" / "README.md"
    assert run_examples(path.read_text(encoding="utf-8"), "python/README.md", path) >= 6
