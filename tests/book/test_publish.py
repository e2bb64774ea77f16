"""The route to publishing the book (README, "Publish it"): a GitHub Pages workflow that builds
with the README's own command and deploys what that command builds, and a sitemap at the
address the book is published at.

The workflow cannot run here, so it is checked as GitHub would read it: against GitHub's
workflow schema (the copy check-jsonschema ships, so nothing is fetched), then step by step.
The sitemap is checked in the built book (``make book``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
import yaml

from conftest import ROOT

WORKFLOW = ROOT / ".github" / "workflows" / "pages.yml"
SITEMAP_NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}


def _validate(path: Path) -> subprocess.CompletedProcess:
    """check-jsonschema on ``path`` with the GitHub workflow schema it vendors. Every proxy
    points at a closed port, so a download (of a newer schema, say) would fail the check."""
    closed = "http://127.0.0.1:9"
    env = dict(os.environ, HTTP_PROXY=closed, HTTPS_PROXY=closed, http_proxy=closed,
               https_proxy=closed, NO_PROXY="", no_proxy="")
    return subprocess.run([sys.executable, "-m", "check_jsonschema", "--builtin-schema",
                           "vendor.github-workflows", str(path)],
                          capture_output=True, text=True, timeout=120, env=env)


def _workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text())


def _steps(job: dict) -> list[dict]:
    return job.get("steps", [])


def _action(step: dict) -> str:
    """The action a step uses, without its version: ``actions/checkout@v6`` -> ``actions/checkout``."""
    return step.get("uses", "").partition("@")[0]


def _readme_section(title: str) -> str:
    """The README's section whose heading starts with ``title``, up to the next one."""
    readme = (ROOT / "README.md").read_text()
    match = re.search(rf"^## {re.escape(title)}.*?\n(.*?)(?=^## |\Z)", readme, re.M | re.S)
    assert match, f'README.md has no "## {title}" section'
    return match.group(1)


def _readme_build_commands() -> list[str]:
    """The commands of the first shell block of the README's "Publish it" section."""
    block = re.search(r"```bash\n(.*?)```", _readme_section("Publish it"), re.S)
    assert block, 'the "Publish it" section shows no ```bash block with the build command'
    lines = (line.split("#", 1)[0].strip() for line in block.group(1).splitlines())
    return [line for line in lines if line]


def _baseurl() -> str:
    config = yaml.safe_load((ROOT / "_config.yml").read_text())
    return config["html"]["baseurl"]


# --- the workflow, as GitHub reads it ----------------------------------------------------------
def test_workflow_is_valid_for_github():
    run = _validate(WORKFLOW)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "ok" in run.stdout


def test_schema_check_catches_a_broken_workflow(tmp_path):
    """The check above can fail: the same workflow with its build job's runner removed, or with
    a step that both runs a command and uses an action, is refused."""
    for broken in (WORKFLOW.read_text().replace("    runs-on: ubuntu-latest\n    steps:",
                                                 "    steps:", 1),
                   WORKFLOW.read_text().replace("        run: make book\n",
                                                "        run: make book\n"
                                                "        uses: actions/checkout@v6\n", 1)):
        assert broken != WORKFLOW.read_text()
        path = tmp_path / "broken.yml"
        path.write_text(broken)
        run = _validate(path)
        assert run.returncode != 0, broken


def test_workflow_builds_with_the_readme_command():
    """The one command the workflow runs is the README's build command, the same as a reader's
    on their own machine (and the first command of "Three ways to read it"), on the Python the
    README asks for."""
    commands = _readme_build_commands()
    assert commands == ["make book"], commands
    three_ways = _readme_section("Three ways to read it")
    assert re.search(r"```bash\nmake book\b", three_ways), "the README's first command changed"
    runs = [step["run"].strip() for job in _workflow()["jobs"].values()
            for step in _steps(job) if "run" in step]
    assert runs == commands, f"the workflow runs {runs}, the README {commands}"

    python = [step.get("with", {}).get("python-version") for job in _workflow()["jobs"].values()
              for step in _steps(job) if _action(step) == "actions/setup-python"]
    # a string: unquoted, YAML would read 3.10 as 3.1
    assert python == ["3.11"], python
    assert "Python 3.11" in (ROOT / "README.md").read_text()


def test_workflow_publishes_what_make_book_builds():
    """The build job checks the repository out, sets Python up, runs the build, then uploads
    _build/html (where `make book` writes the book) as the Pages artifact; the deploy job waits
    for it and deploys it to the github-pages environment with the permissions Pages needs."""
    workflow = _workflow()
    jobs = workflow["jobs"]
    uploads = [(name, step) for name, job in jobs.items() for step in _steps(job)
               if _action(step) == "actions/upload-pages-artifact"]
    assert len(uploads) == 1, uploads
    build_name, upload = uploads[0]
    assert Path(upload["with"]["path"]) == Path("_build/html")
    assert "_build/html" in _readme_section("Publish it")
    assert re.search(r"^\t\$\(BIN\)/jupyter-book build \. ", (ROOT / "Makefile").read_text(),
                     re.M), "the Makefile no longer builds with jupyter-book's default folder"

    order = [_action(step) or step.get("run") for step in _steps(jobs[build_name])]
    assert order == ["actions/checkout", "actions/setup-python", "make book",
                     "actions/upload-pages-artifact"], order

    deploys = [(name, job) for name, job in jobs.items()
               if any(_action(step) == "actions/deploy-pages" for step in _steps(job))]
    assert len(deploys) == 1, deploys
    deploy_name, deploy = deploys[0]
    needs = deploy.get("needs", [])
    assert build_name in ([needs] if isinstance(needs, str) else needs)
    assert deploy["environment"]["name"] == "github-pages"
    permissions = {**workflow.get("permissions", {}), **deploy.get("permissions", {})}
    assert permissions.get("pages") == "write" and permissions.get("id-token") == "write"

    # PyYAML reads the key `on` as True (YAML 1.1)
    triggers = workflow.get("on", workflow.get(True))
    assert triggers["push"]["branches"] == ["main"] and "workflow_dispatch" in triggers


# --- the address and the sitemap ---------------------------------------------------------------
def test_config_names_the_published_address():
    """_config.yml's html.baseurl reaches Sphinx as html_baseurl (Jupyter Book's own
    translation of the file), and sphinx-sitemap is among the extensions."""
    from jupyter_book.config import get_final_config

    baseurl = _baseurl()
    assert re.fullmatch(r"https://[^/\s]+/(\S+/)?", baseurl), baseurl
    sphinx, _ = get_final_config(user_yaml=ROOT / "_config.yml", sourcedir=ROOT,
                                 cli_config={"latex_individualpages": False})
    assert sphinx["html_baseurl"] == baseurl
    assert "sphinx_sitemap" in sphinx["extensions"]


def _toc_pages() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    pages = [toc["root"]]
    for part in toc["parts"]:
        for chapter in part["chapters"]:
            pages += [chapter["file"]] + [section["file"] for section in chapter.get("sections", [])]
    return pages


def test_sitemap_lists_every_chapter(book_html):
    """sitemap.xml lists every page of the table of contents once, at the published address,
    and nothing else (not the search page or the generated indexes), each a page the build
    wrote."""
    baseurl = _baseurl()
    sitemap = book_html / "sitemap.xml"
    assert sitemap.is_file(), "the build wrote no sitemap.xml"
    locs = [loc.text for loc in ElementTree.parse(sitemap).getroot()
            .findall("sm:url/sm:loc", SITEMAP_NS)]
    assert len(locs) == len(set(locs)), "a page is listed twice"
    assert all(loc.startswith(baseurl) for loc in locs), [loc for loc in locs
                                                          if not loc.startswith(baseurl)]
    paths = [loc.removeprefix(baseurl) for loc in locs]
    missing = [path for path in paths if not (book_html / path).is_file()]
    assert not missing, f"listed but not built: {missing}"
    expected = {f"{page}.html" for page in _toc_pages()}
    assert set(paths) == expected, (f"missing: {sorted(expected - set(paths))}, "
                                     f"not in the table of contents: {sorted(set(paths) - expected)}")


@pytest.mark.parametrize("page", _toc_pages())
def test_page_names_its_published_address(book_html, page):
    """Each page's canonical link (Sphinx writes it from html_baseurl) is its address on the
    published site, the one the sitemap lists."""
    html = (book_html / f"{page}.html").read_text()
    canonical = re.findall(r'<link rel="canonical" href="([^"]+)"', html)
    assert canonical == [f"{_baseurl()}{page}.html"], canonical
