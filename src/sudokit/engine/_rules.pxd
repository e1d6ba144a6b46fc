# The C face of ``engine._rules.RulesSearch``: its fields and the methods that run without
# the GIL. Cython reads it when it compiles _rules.py; the uncompiled source needs none of it.

cdef class RulesSearch:
    cdef int n
    cdef int ncells
    cdef int nhouses
    cdef unsigned long long full
    cdef int[::1] peer_start
    cdef int[::1] peer_list
    cdef int[::1] house_start
    cdef int[::1] house_list
    cdef int[::1] nb_start
    cdef int[::1] nb_list
    cdef bint has_nb
    cdef bint nb_are_peers
    cdef int[::1] pair_start
    cdef int[::1] pair_list
    cdef int[::1] pair_houses
    cdef int nwords
    cdef unsigned long long[::1] cell_houses
    cdef unsigned long long[::1] house_dirty
    cdef unsigned long long[::1] crossing_dirty
    cdef unsigned long long[::1] crossing_snapshot
    cdef int npairs
    cdef unsigned long long[::1] cell_mask
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
    cdef bint finished
    cdef bint watch
    cdef int[::1] changed
    cdef signed char[::1] is_changed
    cdef int nchanged

    cdef void _narrow(self, int cell, unsigned long long m) noexcept nogil
    cdef bint _set(self, int cell, unsigned long long bit) noexcept nogil
    cdef bint _eliminate_queue(self) noexcept nogil
    cdef int _hidden_singles(self) noexcept nogil
    cdef int _house_singles(self, int lo, int hi) noexcept nogil
    cdef int _crossing(self, int base) noexcept nogil
    cdef bint _strip(self, int lo, int hi, unsigned long long digits) noexcept nogil
    cdef int _locked(self) noexcept nogil
    cdef bint _propagate(self) noexcept nogil
    cdef int _near_pairs(self) noexcept nogil
    cdef int _more(self) noexcept nogil
    cdef bint _complete_ok(self) noexcept nogil
    cdef int _pick_cell(self) noexcept nogil
    cdef void _undo_to(self, int mark) noexcept nogil
    cdef unsigned long long _pick_digit(self, int cell, unsigned long long m) noexcept nogil
    cdef bint _backtrack(self) noexcept nogil
    cdef int _run(self, long long budget) noexcept nogil
