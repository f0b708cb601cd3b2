"""The content reader (packs/) and the pure engine it feeds (issue 12).

The engine validates packs and tables but never opens a file: packs/ reads data/ and installs
itself as the engine's source on import. These tests pin both halves: the engine alone says
which import is missing, the reader's messages still name the file, and no engine module
reads, writes or lists files.
"""
from __future__ import annotations

import ast
import shutil
from pathlib import Path

import pytest

import engine.prophecy.content as content
import engine.tables.books as books
from engine.core.shelf import Shelf
from engine.prophecy.content import PACK_FILES, ContentError, build_pack, pack_by_id, register_pack
from engine.tables import TableError, default_book, parse_book
from packs import DEFAULT_FILE, book_from_data, read_book
from packs.files import read_yaml
from packs.prophecy import PACKS_ROOT, pack_from_data, read_pack, read_pack_files

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture()
def no_reader(monkeypatch):
    """The engine as it is when nobody imported packs/ (restored exactly afterwards)."""
    for module in (content, books):
        monkeypatch.setattr(module, "_SHELF", Shelf(module._SHELF._missing))


def test_engine_alone__asks_for_the_reader_by_name(no_reader):
    with pytest.raises(ContentError, match=r"pack 'base' is not loaded; import packs"):
        pack_by_id("base")
    with pytest.raises(TableError, match=r"tables 'magical-orders' are not loaded; import packs"):
        default_book()


def test_engine_alone__serves_a_pack_built_in_memory(no_reader):
    """A pack handed over as parsed data needs no reader: the engine validates and registers it."""
    files = read_pack_files(PACKS_ROOT / "base")
    pack = build_pack(files)
    register_pack("test_packs_memory", pack)
    assert pack_by_id("test_packs_memory") is pack
    assert pack.id == "base" and len(pack.board.spaces) == 20


def test_reader__installed_on_import_and_read_once():
    assert content._SHELF.source is pack_from_data and books._SHELF.source is book_from_data
    assert pack_by_id("base") is pack_by_id("base")
    assert default_book() is default_book()
    assert pack_by_id("base") == read_pack(PACKS_ROOT / "base")


def test_reader__refuses_a_pack_id_that_is_not_a_folder_name():
    with pytest.raises(ContentError, match=r"pack id '\.\./base' is not a folder name"):
        pack_by_id("../base")
    with pytest.raises(ContentError, match=r"pack.yaml: file missing from pack .*no_such_pack"):
        pack_by_id("no_such_pack")


def test_build_pack__names_a_file_left_out():
    files = read_pack_files(PACKS_ROOT / "base")
    del files["items.yaml"]
    with pytest.raises(ContentError, match=r"^items.yaml: file missing from pack$"):
        build_pack(files)


def test_build_pack__names_file_and_field():
    files = read_pack_files(PACKS_ROOT / "base")
    files["board.yaml"] = {**files["board.yaml"], "spaces": "nowhere"}  # type: ignore[dict-item]  # set up by the test
    with pytest.raises(ContentError, match=r"^board.yaml: spaces: "):
        build_pack(files)


def test_read_pack__missing_and_broken_files_name_the_file(tmp_path):
    folder = tmp_path / "pack"
    shutil.copytree(PACKS_ROOT / "base", folder)
    (folder / "chance.yaml").write_text("cards: [unclosed", encoding="utf-8")
    with pytest.raises(ContentError, match=r"^chance.yaml: not valid YAML"):
        read_pack(folder)
    (folder / "chance.yaml").unlink()
    with pytest.raises(ContentError, match=rf"^chance.yaml: file missing from pack {folder}$"):
        read_pack(folder)
    assert set(PACK_FILES) == {p.name for p in (PACKS_ROOT / "base").glob("*.yaml")}


def test_read_book__missing_and_broken_files_name_the_file(tmp_path):
    with pytest.raises(TableError, match=r"^nothing.yaml: file not found in "):
        read_book(tmp_path / "nothing.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("tables: {a: [", encoding="utf-8")
    with pytest.raises(TableError, match=r"^broken.yaml: not valid YAML"):
        read_book(broken)
    with pytest.raises(TableError, match=r"tables id '\.\./x' is not a file name"):
        book_from_data("../x")
    assert read_book(DEFAULT_FILE) == parse_book(read_yaml(DEFAULT_FILE), DEFAULT_FILE.name) == default_book()


_FILE_CALLS = {"open", "read_text", "read_bytes", "write_text", "write_bytes", "iterdir", "glob", "rglob",
               "listdir", "scandir", "walk", "getenv"}


def test_engine__never_touches_a_file():
    """DESIGN.md: the engine does no I/O. No engine module opens, reads, writes or lists files
    (packs/ reads the content; the bot's adapters do everything else)."""
    offenders: dict[str, list[str]] = {}
    for path in sorted((ROOT / "engine").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                fn = node.func
                name = fn.id if isinstance(fn, ast.Name) else fn.attr if isinstance(fn, ast.Attribute) else ""
                if name in _FILE_CALLS:
                    offenders.setdefault(str(path.relative_to(ROOT)), []).append(f"{name}() line {node.lineno}")
    assert offenders == {}
