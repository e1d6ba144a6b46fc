/* Two steps of the 9x9 band kernel (_kernel9.py) in C.
 *
 * k9_clear_band: a band's 9 candidate masks lie side by side (digit 0 to 8). When a
 * digit's row is placed, its cells leave the other digits: this removes the cells `gone`
 * from the 9 masks at `q` and answers which of them changed (bit d for digit d), 4 digits
 * at a time with the compiler's generic vector types (GCC and Clang): no intrinsics, no
 * machine-specific flags (on x86-64 this is SSE2, which every such processor has). Other
 * compilers get the plain loop.
 *
 * k9_ctz: the index of the lowest set bit of a nonzero word (one instruction where the
 * compiler has the builtin). */
#ifndef SUDOKIT_KERNEL9_SIMD_H
#define SUDOKIT_KERNEL9_SIMD_H

#include <string.h>

#if defined(__GNUC__) || defined(__clang__)

typedef unsigned int k9_u4 __attribute__((vector_size(16)));
typedef unsigned long long k9_u2 __attribute__((vector_size(16)));

static inline unsigned int k9_clear_band(unsigned int *q, unsigned int gone)
{
    const k9_u4 g = {gone, gone, gone, gone};
    const k9_u4 zero = {0, 0, 0, 0};
    const k9_u4 w0 = {1, 2, 4, 8};
    const k9_u4 w1 = {16, 32, 64, 128};
    k9_u4 lo, hi, hit;
    k9_u2 both;
    unsigned long long x;
    unsigned int last = q[8];
    memcpy(&lo, q, sizeof lo); /* unaligned loads and stores, without aliasing doubts */
    memcpy(&hi, q + 4, sizeof hi);
    /* lanes that held a removed cell: all ones (a comparison gives -1 or 0 a lane) */
    hit = ((k9_u4)((lo & g) != zero) & w0) | ((k9_u4)((hi & g) != zero) & w1);
    lo &= ~g;
    hi &= ~g;
    memcpy(q, &lo, sizeof lo);
    memcpy(q + 4, &hi, sizeof hi);
    q[8] = last & ~gone;
    both = (k9_u2)hit;
    x = both[0] | both[1];
    return (unsigned int)(x | (x >> 32)) | ((unsigned int)((last & gone) != 0) << 8);
}

static inline unsigned int k9_ctz(unsigned int x)
{
    return (unsigned int)__builtin_ctz(x);
}

#else

static inline unsigned int k9_clear_band(unsigned int *q, unsigned int gone)
{
    unsigned int changed = 0;
    int e;
    for (e = 0; e < 9; e++) {
        changed |= (unsigned int)((q[e] & gone) != 0) << e;
        q[e] &= ~gone;
    }
    return changed;
}

static inline unsigned int k9_ctz(unsigned int x)
{
    unsigned int n = 0;
    while (!(x & 1u)) {
        x >>= 1;
        n++;
    }
    return n;
}

#endif

#endif
