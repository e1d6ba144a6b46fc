"""Compile the engine's pure-mode modules with Cython.

SUDOKIT_BUILD_EXT=auto (default) falls back to the pure-Python core when no compiler
works, with a visible warning; =require makes that an error; =skip never compiles.
"""

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

# The hot modules: each is ordinary Python in Cython's pure mode, compiled under the
# same name so that the extension shadows the .py when it exists.
COMPILED_MODULES = ["sudokit._core", "sudokit._kernel9", "sudokit._gen"]

mode = os.environ.get("SUDOKIT_BUILD_EXT", "auto").lower()


def extensions():
    if mode == "skip":
        return []
    from Cython.Build import cythonize
    from setuptools import Extension

    mods = [
        Extension(
            name,
            ["src/" + name.replace(".", "/") + ".py"],
            extra_compile_args=["-O3"],
        )
        for name in COMPILED_MODULES
        if os.path.exists("src/" + name.replace(".", "/") + ".py")
    ]
    return cythonize(
        mods,
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
            "embedsignature": True,
        },
    )


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
