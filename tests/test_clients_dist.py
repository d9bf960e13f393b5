"""Issue 50: the clients as a user gets them. `make clients-dist` builds the wheel and the npm
tarball; each goes into a fresh environment (a new venv, a new npm project) from the package
registries, and the code of its README runs there, as written, against a real API: a publish
with an idempotency key, a refusal read as a typed problem, and the retry of a Delivery that
was exhausted before its receiver was fixed. The TypeScript README is type-checked first, so
a name it uses that the client lacks fails here. And a checkout's clients/typescript installs
as it is, with nothing built and no flag: it has no dependencies."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from hookline import __version__
from tests.support.api import deliveries_of, publish, setup_endpoint, wait_delivery
from tests.support.receiver import Receiver
from tests.support.stack import Stack, Tenant

ROOT = Path(__file__).resolve().parent.parent
TSC = ROOT / "clients" / "typescript" / "node_modules" / "typescript" / "bin" / "tsc"
QUIET_NPM = ["--no-audit", "--no-fund", "--loglevel=error"]


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{args}: {done.stdout}{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("clients-dist")
    run(
        [
            "make",
            "--no-print-directory",
            "clients-dist",
            f"CLIENTS_DIST={out}",
        ],
        ROOT,
    )
    return out


def new_npm_project(folder: Path) -> Path:
    folder.mkdir()
    (folder / "package.json").write_text('{"private": true, "type": "module"}\n')
    return folder


# A Node.js program that uses the client's types: strict, with Node's types and no DOM, and
# with the libraries' .d.ts checked too. A wrong body must fail: the types are the schema's.
CONSUMER_TS = """\
import { hooklineClient, type ClientOptions, type components, type Problem } from "hookline-client";

const options: ClientOptions = { headers: { "User-Agent": "app" } };
const client = hooklineClient("http://127.0.0.1:1", "key", options);
const body: components["schemas"]["PublishIn"] = { type: "a", consumer: "b", data: {} };

export async function publish(): Promise<string> {
  const published = await client.POST("/v1/events", {
    body, params: { header: { "Idempotency-Key": "k" } },
  });
  if (published.error) {
    const problem: Problem = published.error;
    return `${problem.status} ${problem.title}`;
  }
  return `${published.data.id}: ${published.data.deliveries}`;
}

// @ts-expect-error: PublishIn's `type` is required
export const untyped = () => client.POST("/v1/events", { body: { consumer: "b", data: {} } });
"""
CONSUMER_TSCONFIG = (
    '{"compilerOptions": {"target": "ES2022", "lib": ["ES2022"], "module": "NodeNext",'
    ' "strict": true, "skipLibCheck": false, "types": ["node"], "noEmit": true},'
    ' "files": ["app.mts"]}\n'
)


@pytest.mark.usefixtures("tool_codegen")  # npm, and tsc
def test_a_checkout_installs_as_it_is(tmp_path: Path) -> None:
    """The README's `npm install <checkout>/clients/typescript`, no flag, from a checkout where
    nothing was built or installed (no node_modules). npm only links a folder outside the
    project and installs none of its dependencies: the committed dist/ needs none, in its
    JavaScript and in its types."""
    checkout = tmp_path / "typescript"
    shutil.copytree(
        ROOT / "clients" / "typescript",
        checkout,
        ignore=shutil.ignore_patterns("node_modules", "schema.d.ts"),  # neither is committed
    )
    app = new_npm_project(tmp_path / "app")
    run(["npm", "install", *QUIET_NPM, str(checkout)], app)
    assert (app / "node_modules" / "hookline-client").resolve() == checkout.resolve()
    installed = {path.name for path in (app / "node_modules").iterdir()}
    assert installed == {".package-lock.json", "hookline-client"}
    imported = "import('hookline-client').then((m) => console.log(typeof m.hooklineClient))"
    assert run(["node", "-e", imported], app) == "function\n"
    run(["npm", "install", *QUIET_NPM, "--save-dev", "@types/node@20"], app)
    (app / "app.mts").write_text(CONSUMER_TS)
    (app / "tsconfig.json").write_text(CONSUMER_TSCONFIG)
    run(["node", str(TSC), "-p", "tsconfig.json"], app)


def readme_code(readme: str, language: str) -> str:
    """The README's code blocks in that language, in order: one program."""
    return "\n".join(re.findall(rf"```{language}\n(.*?)```", readme, re.S))


def missed_delivery(tenant: Tenant, receiver: Receiver) -> str:
    """A Delivery to an endpoint whose receiver fails every attempt: exhausted in seconds
    (the stack's retry schedule), while the client installs."""
    receiver.modes["readme"] = "/status/500"
    setup_endpoint(tenant, receiver.url("/as/readme"))
    return deliveries_of(tenant, publish(tenant, {"invoice": "in_0"})["id"])[0]["id"]


def run_readme(
    tenant: Tenant, receiver: Receiver, missed: str, stack: Stack, command: list[str], cwd: Path
) -> None:
    """Fix the receiver, run the README's program, and check what it says it did."""
    wait_delivery(tenant, missed, {"exhausted"})
    receiver.modes["readme"] = "/ok"
    env = {**os.environ, "HOOKLINE_API_URL": stack.base_url, "HOOKLINE_API_KEY": tenant.key}
    said = run(command, cwd, env)
    published = re.search(r"^(evt_\w+): 1 deliveries$", said, re.M)
    assert published, said
    assert re.search(r"^refused: 422 \S", said, re.M), said
    assert f"{missed}: queued" in said, said
    wait_delivery(tenant, missed, {"delivered"})
    wait_delivery(tenant, deliveries_of(tenant, published[1])[0]["id"], {"delivered"})


def test_the_wheel_installs_alone_and_its_readme_runs(
    dist: Path, stack: Stack, tenant: Tenant, receiver: Receiver, tmp_path: Path
) -> None:
    missed = missed_delivery(tenant, receiver)
    wheel = dist / f"hookline_client-{__version__}-py3-none-any.whl"
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(f"hookline_client-{__version__}.dist-info/METADATA").decode()
        assert f"hookline_client-{__version__}.dist-info/licenses/LICENSE" in archive.namelist()
    assert "License-Expression: MIT" in metadata
    # A new venv, filled by this pip (`--python`): seeding it with a pip of its own would
    # take longer than the rest of the install.
    venv = tmp_path / "venv"
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp_path)
    python = str(venv / "bin" / "python")
    run(
        [sys.executable, "-m", "pip", "--python", python, "install", "--quiet", str(wheel)],
        tmp_path,
    )

    readme = metadata.split("\n\n", 1)[1]  # the long description: the README it ships
    named = set(re.findall(r"`(hookline_client(?:\.\w+)+)`", readme))
    assert named, "the README names a function beyond its examples"
    # What the prose names exists too: each `hookline_client.x.y` imports.
    check = "import importlib, sys\nfor name in sys.argv[1:]: importlib.import_module(name)"
    run([python, "-c", check, *named], tmp_path)
    run_readme(
        tenant, receiver, missed, stack, [python, "-c", readme_code(readme, "python")], tmp_path
    )


@pytest.mark.usefixtures("tool_codegen")  # tsc, to type-check the README against the package
def test_the_tarball_installs_alone_and_its_readme_runs(
    dist: Path, stack: Stack, tenant: Tenant, receiver: Receiver, tmp_path: Path
) -> None:
    missed = missed_delivery(tenant, receiver)
    tarball = dist / f"hookline-client-{__version__}.tgz"
    with tarfile.open(tarball) as archive:
        readme = archive.extractfile("package/README.md").read().decode()  # type: ignore[union-attr]
        assert "package/LICENSE" in archive.getnames()
    app = new_npm_project(tmp_path / "app")
    run(["npm", "install", *QUIET_NPM, str(tarball), "@types/node@20"], app)
    (app / "readme.mts").write_text(readme_code(readme, "ts"))
    (app / "tsconfig.json").write_text(
        '{"compilerOptions": {"target": "ES2022", "module": "NodeNext", "strict": true,'
        ' "skipLibCheck": true, "types": ["node"], "outDir": "out"}, "files": ["readme.mts"]}\n'
    )
    run(["node", str(TSC), "-p", "tsconfig.json"], app)
    run_readme(tenant, receiver, missed, stack, ["node", "out/readme.mjs"], app)
