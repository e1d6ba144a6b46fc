"""Compile the engine's pure-mode modules with Cython.

SUDOKIT_BUILD_EXT=auto (default) falls back to the pure-Python core when no compiler
works, with a visible warning; =require makes that an error; =skip never compiles.
The modules are translated and compiled on every core (SUDOKIT_BUILD_JOBS=N for N).
"""

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The modules to compile, listed in the package itself so that SUDOKIT_PURE_PYTHON=1 can
# run each of them from its source.
_lists: dict = {}
with open("src/sudokit/_compiled.py") as f:
    exec(f.read(), _lists)
COMPILED_MODULES = list(_lists["ENGINE_MODULES"])
PLAIN_MODULES = list(_lists["PLAIN_MODULES"])

mode = os.environ.get("SUDOKIT_BUILD_EXT", "auto").lower()


def build_jobs():
    """How many modules to translate and compile at once: SUDOKIT_BUILD_JOBS, else every
    core (one at a time, the compile takes minutes)."""
    text = os.environ.get("SUDOKIT_BUILD_JOBS", "")
    if text.strip().isdigit() and int(text) > 0:
        return int(text)
    return os.cpu_count() or 1


def optimization(name):
    """gcc's -O for the module ``name``: -O3 only where it makes the code faster, the solver's
    and the generator's kernels (the 9x9 band solver is about 5% slower at -O2). The plain
    modules and the human-style solver's typed tables and chain walks (sudokit.logic) rate
    and make puzzles as fast at -O2, which compiles in about a fifth less time."""
    return "-O2" if name in PLAIN_MODULES or name.startswith("sudokit.logic.") else "-O3"


def extensions():
    if mode == "skip":
        return []
    from Cython.Build import cythonize
    from setuptools import Extension

    # -g0: no debug info (Python's own flags ask for it): the same code, compiled in about a
    # third less time, and modules several times smaller
    def modules(names):
        return [
            Extension(name, ["src/" + name.replace(".", "/") + ".py"],
                      extra_compile_args=[optimization(name), "-g0"])
            for name in names
            if os.path.exists("src/" + name.replace(".", "/") + ".py")
        ]

    engine = cythonize(
        modules(COMPILED_MODULES),
        nthreads=build_jobs(),
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
            "embedsignature": True,
        },
    )
    plain = cythonize(
        modules(PLAIN_MODULES),
        nthreads=build_jobs(),
        compiler_directives={"language_level": 3, "embedsignature": True},
    )
    return engine + plain


class OptionalBuildExt(build_ext):
    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:  # -j not given: compile the modules on every core
            self.parallel = build_jobs()

    def run(self):
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any compiler failure
            if mode == "require":
                raise
            print(f"WARNING: sudokit's compiled core was not built ({exc}); "
                  "the pure-Python core will run.", file=sys.stderr)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
