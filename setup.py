"""Compile the engine's pure-mode modules with Cython.

SUDOKIT_BUILD_EXT=auto (default) falls back to the pure-Python core when no compiler
works, with a visible warning; =require makes that an error; =skip never compiles.
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


def extensions():
    if mode == "skip":
        return []
    from Cython.Build import cythonize
    from setuptools import Extension

    def modules(names):
        return [
            Extension(name, ["src/" + name.replace(".", "/") + ".py"], extra_compile_args=["-O3"])
            for name in names
            if os.path.exists("src/" + name.replace(".", "/") + ".py")
        ]

    engine = cythonize(
        modules(COMPILED_MODULES),
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
        compiler_directives={"language_level": 3, "embedsignature": True},
    )
    return engine + plain


class OptionalBuildExt(build_ext):
    def run(self):
        try:
            super().run()
        except Exception as exc:  # noqa: BLE001 - any compiler failure
            if mode == "require":
                raise
            print(f"WARNING: sudokit's compiled core was not built ({exc}); "
                  "the pure-Python core will run.", file=sys.stderr)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
