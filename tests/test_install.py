"""The installed package carries the data it needs (a non-editable install must work).

The README's test command runs pytest from the virtual environment without putting the
checkout on `sys.path`, so these tests see the installed wheel, not the source tree.
"""

from pathlib import Path

import pipeline
from pipeline.resources import data_dir

REPO = Path(__file__).resolve().parent.parent


def test_rules_and_grammar_data_are_found():
    assert (data_dir("rules") / "schema.json").is_file()
    assert (data_dir("rules") / "blockade.yaml").is_file()
    assert (data_dir("grammar") / "lexicon" / "confusions.tsv").is_file()
    assert (data_dir("grammar") / "games.yaml").is_file()


def test_installed_wheel_uses_its_own_copy_of_the_data():
    package = Path(pipeline.__file__).resolve().parent
    if package.parent == REPO:  # running from the checkout (editable or plain sources)
        assert data_dir("rules") == REPO / "rules"
        return
    assert data_dir("rules") == package / "_data" / "rules"
    shipped = sorted(p.name for p in (package / "_data" / "rules").glob("*.yaml"))
    assert shipped == sorted(p.name for p in (REPO / "rules").glob("*.yaml"))
