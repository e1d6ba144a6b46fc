# The C face of ``_gen9.Board9Search``: its fields and the methods ``_gen.Generator`` calls
# without the GIL. Cython reads it when it compiles _gen9.py and when _gen.py extends the
# class (cimport).

from sudokit.generator._gen_search cimport PuzzleSearch
from sudokit._kernel9 cimport Kernel9

cdef class Board9Search(PuzzleSearch):
    cdef bint nine
    cdef unsigned short[::1] boards
    cdef unsigned char[::1] pop
    cdef Kernel9 kernel
    cdef unsigned char[::1] givens

    cdef int _load9(self, int cell, int digit) noexcept nogil
    cdef bint _propagate9(self, int off, int qlen) noexcept nogil
    cdef long long _search9(self, long long limit, long long budget,
                            bint randomized) noexcept nogil
    cdef int _unique9(self, int[::1] cells, int start, int end,
                      long long budget) noexcept nogil
    cdef int _unique9_budgeted(self, int[::1] cells, int start, int end,
                               long long budget) noexcept nogil
