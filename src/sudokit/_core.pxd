# The C face of ``_core.Search``: its fields and the methods that run without the GIL.
# Cython reads it when it compiles _core.py, and when _gen.py extends Search (cimport);
# the uncompiled source needs none of it.

cdef class Search:
    cdef int n
    cdef int ncells
    cdef int npeers
    cdef unsigned long long full
    cdef int[::1] peers
    cdef int[::1] units
    cdef unsigned long long[::1] masks
    cdef int[::1] trail_cell
    cdef unsigned long long[::1] trail_mask
    cdef int trail_len
    cdef int[::1] queue
    cdef int qlen
    cdef int[::1] frame_mark
    cdef int[::1] frame_cell
    cdef unsigned long long[::1] frame_rest
    cdef int depth
    cdef unsigned long long[::1] solution_masks
    cdef long long limit
    cdef long long solutions_found
    cdef long long guesses
    cdef bint need_propagate
    cdef bint finished

    cdef bint _set(self, int cell, unsigned long long bit) noexcept nogil
    cdef bint _eliminate_queue(self) noexcept nogil
    cdef int _hidden_singles(self) noexcept nogil
    cdef bint _propagate(self) noexcept nogil
    cdef int _pick_cell(self) noexcept nogil
    cdef void _undo_to(self, int mark) noexcept nogil
    cdef bint _backtrack(self) noexcept nogil
    cdef int _run(self, long long budget) noexcept nogil
