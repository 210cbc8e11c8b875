"""The README's Python example runs as written (a doctest)."""

import doctest

from conftest import ROOT


def test_the_readme_example():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    # A code fence ends an example's expected output.
    section = "\n".join("" if line.startswith("```") else line for line in section.split("\n"))
    parser = doctest.DocTestParser()
    test = parser.get_doctest(section, {}, "README.md#python", str(ROOT / "README.md"), 0)
    assert len(test.examples) >= 8
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, result
