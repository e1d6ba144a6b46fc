# The C face of ``_gen_search.PuzzleSearch``: its fields and the methods its subclasses
# (``_gen9.Board9Search``, ``_gen.Generator``) call without the GIL. Cython reads it when it
# compiles _gen_search.py and when _gen9.py extends the class (cimport).

from sudokit._core cimport Search

cdef int digit_of(unsigned long long m) noexcept nogil

cdef class PuzzleSearch(Search):
    cdef int[::1] cell_row
    cdef int[::1] cell_col
    cdef int[::1] cell_box
    cdef unsigned long long[::1] row_clues
    cdef unsigned long long[::1] col_clues
    cdef unsigned long long[::1] box_clues
    cdef int[::1] answer
    cdef int[::1] puzzle
    cdef int[::1] found
    cdef unsigned long long state
    cdef bint guided

    cdef unsigned long long _next(self) noexcept nogil
    cdef unsigned long long _random_bit(self, unsigned long long m) noexcept nogil
    cdef bint _exclude(self, int cell, unsigned long long bit) noexcept nogil
    cdef unsigned long long _first_bit(self, int cell, unsigned long long m,
                                       bint randomized) noexcept nogil
    cdef unsigned long long _next_bit(self, unsigned long long rest,
                                      bint randomized) noexcept nogil
    cdef void _guess(self, int cell, bint randomized) noexcept nogil
    cdef bint _backtrack_guess(self, bint randomized) noexcept nogil
    cdef long long _search(self, long long limit, long long budget,
                           bint randomized) noexcept nogil
    cdef bint _load(self) noexcept nogil
    cdef unsigned long long _seen(self, int cell) noexcept nogil
