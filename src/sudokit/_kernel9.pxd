# The C face of ``_kernel9.Kernel9``: its fields and methods, so that the puzzle maker
# (``_gen9.Board9Search``) can run its uniqueness tests on the band solver without the
# GIL. Cython reads it when it compiles _kernel9.py and when _gen9.py cimports the class.

cimport cython


@cython.final
cdef class Kernel9:
    cdef unsigned int p[2214]  # 82 * 27
    cdef unsigned int dirty
    cdef unsigned int stack_todo
    cdef unsigned int unsolved[246]  # 82 * 3
    cdef unsigned int rows[738]  # 82 * 9
    cdef int frame_sub[82]
    cdef unsigned int frame_bit[82]
    cdef unsigned int pairs[3]
    cdef unsigned char sol[81]
    cdef int depth
    cdef long long limit
    cdef long long count
    cdef long long guesses
    cdef bint finished
    cdef unsigned short t_shrink[512]
    cdef unsigned short t_shrink3[512]
    cdef unsigned short t_shrink6[512]
    cdef unsigned int t_complex[512]
    cdef unsigned int t_keep9[512]
    cdef unsigned int t_pointing[512]
    cdef unsigned int t_column_single[512]
    cdef unsigned int t_row_single[512]
    cdef unsigned int t_row_mask[8]
    cdef unsigned int t_place[27]
    cdef unsigned int t_column[9]
    cdef unsigned char t_pop9[512]
    cdef unsigned int t_stack_spread[512]
    cdef unsigned char t_debruijn[32]

    cdef void _clear(self, long long limit) noexcept nogil
    cdef bint _load_givens(self) noexcept nogil
    cdef int _bit_index(self, unsigned int bit) noexcept nogil
    cdef bint _update(self, size_t base) noexcept nogil
    cdef int _stack_rules(self, size_t base) noexcept nogil
    cdef int _naked_singles(self, size_t base) noexcept nogil
    cdef int _propagate(self, size_t base) noexcept nogil
    cdef bint _guess(self, size_t base) noexcept nogil
    cdef unsigned int _pick_pair(self, size_t base) noexcept nogil
    cdef void _record(self, size_t base) noexcept nogil
    cdef int _run(self, long long budget) noexcept nogil
    cdef bint _solve_row(self, const unsigned char *puzzle, long long limit) noexcept nogil
    cdef bint _solves_without(self, const unsigned char *puzzle, int cell,
                              int digit) noexcept nogil
