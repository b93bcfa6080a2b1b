"""Builds the extension ply._ply with the project's CMake (pyproject.toml has the rest).

Only the module's target is built, without the command line (PLY_FRONTENDS=OFF),
in build/python-pip/ of the checkout so that a second install reuses it.
PLY_BUILD_DIR=<a configured build tree> builds and takes the module from there
instead (CI: the release build's, already compiled).
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def version():
    text = (ROOT / "CMakeLists.txt").read_text()
    return re.search(r"project\(ply VERSION ([0-9.]+)", text).group(1)


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        given = os.environ.get("PLY_BUILD_DIR")
        build_dir = Path(given or ROOT / "build" / "python-pip").resolve()
        if not given:
            subprocess.run([
                "cmake", "-S", str(ROOT), "-B", str(build_dir), "-G", "Ninja",
                "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_CXX_FLAGS_RELEASE=-O3 -DNDEBUG",
                "-DPLY_FRONTENDS=OFF", "-DPLY_TESTS=OFF", "-DPLY_WEB_PAGE=OFF", "-DPLY_PYTHON=ON",
                f"-DPython_EXECUTABLE={sys.executable}",
            ], check=True)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "ply_python"], check=True)
        package_dir = Path(cache_value(build_dir, "PLY_PYTHON_OUTPUT_DIR")) / "ply"
        built = next(package_dir.glob("_ply*.so"))
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


def cache_value(build_dir, name):
    for line in (build_dir / "CMakeCache.txt").read_text().splitlines():
        if line.startswith(name + ":"):
            return line.split("=", 1)[1]
    sys.exit(f"{build_dir} is not a build of Ply with the Python module (no {name}): configure it first")


setup(version=version(), ext_modules=[CMakeExtension("ply._ply")], cmdclass={"build_ext": CMakeBuild})
