# The C helper of _kernel9.py (a header only: nothing to link). Cython reads this when it
# compiles _kernel9.py; the .py source runs a plain loop in its place.

cdef extern from "_kernel9_simd.h":
    unsigned int k9_clear_band(unsigned int *q, unsigned int gone) noexcept nogil
    unsigned int k9_ctz(unsigned int x) noexcept nogil
    int k9_givens(const unsigned char *cells, unsigned int *g) noexcept nogil
    int k9_load_givens(unsigned int *p, unsigned int *rows, unsigned int *unsolved) noexcept nogil
