"""Builds the extension module with the project's CMake (pyproject.toml says how to install).

Environment:
  GRADNOISE_CMAKE_BUILD_DIR  the CMake tree to build in (default build/pip). A tree that is
                             already configured with the Python package (e.g. build/release) is
                             reused as it is: only the module is built, nothing reconfigured.
  GRADNOISE_CMAKE_ARGS       extra arguments for the first configure, e.g. "-DGRADNOISE_X86_KERNELS=avx2".
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def version():
    text = (ROOT / "include" / "gradnoise" / "version.h").read_text()
    parts = [re.search(rf"#define GRADNOISE_VERSION_{p} (\d+)", text).group(1) for p in ("MAJOR", "MINOR", "PATCH")]
    return ".".join(parts)


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = Path(os.environ.get("GRADNOISE_CMAKE_BUILD_DIR", ROOT / "build" / "pip")).resolve()
        cache = build_dir / "CMakeCache.txt"
        if not cache.exists():
            subprocess.check_call(
                ["cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                 f"-DPython_EXECUTABLE={sys.executable}", "-DGRADNOISE_PYTHON=ON",
                 "-DGRADNOISE_BUILD_TESTS=OFF", "-DGRADNOISE_BUILD_BENCH=OFF", "-DGRADNOISE_BUILD_CLI=OFF",
                 "-DGRADNOISE_BUILD_BAKE=OFF", "-DGRADNOISE_BUILD_EXAMPLES=OFF"]
                + shlex.split(os.environ.get("GRADNOISE_CMAKE_ARGS", "")))
        subprocess.check_call(["cmake", "--build", str(build_dir), "--target", "gradnoise_python",
                               "-j", str(os.cpu_count() or 1)])
        built = list((build_dir / "python" / "gradnoise").glob("_gradnoise*.so"))
        if len(built) != 1:
            raise RuntimeError(f"expected one _gradnoise module in {build_dir / 'python' / 'gradnoise'}, found {built}")
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        if not built[0].name.endswith(suffix):
            raise RuntimeError(f"{built[0]} was built for another Python (this one wants *{suffix}): "
                               f"use a fresh GRADNOISE_CMAKE_BUILD_DIR or configure it with -DPython_EXECUTABLE={sys.executable}")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(version=version(), ext_modules=[Extension("gradnoise._gradnoise", sources=[])], cmdclass={"build_ext": CMakeBuild})
