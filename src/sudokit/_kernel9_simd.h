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
 * compiler has the builtin).
 *
 * k9_givens: the 81 cells of a puzzle (0 blank, 1-9 a given) as 27 masks, one per digit
 * and band, laid out as the kernel's candidates (`g[9*band + digit]`, bit 9*row + column
 * of the band): where each digit is given. 0 when a cell holds a value above 9. With SSE2
 * (every x86-64 processor) each digit is found in 16 cells at once by a byte comparison
 * whose lanes are gathered into a bit mask: no branch per cell. Elsewhere a plain loop.
 *
 * k9_load_givens: the rest of loading a puzzle, as `Kernel9._load_givens` in _kernel9.py
 * does it (read that first): from where each digit is given, the root state. Four digits
 * at a time in vector lanes (lanes follow the digits, so the three bands of a digit meet
 * lane by lane for its columns); 1, or 0 when two givens of a digit share a row, column or
 * box. Without the compiler's vector types it answers -1 and the kernel runs its own
 * loop. */
#ifndef SUDOKIT_KERNEL9_SIMD_H
#define SUDOKIT_KERNEL9_SIMD_H

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/* Bits set in each lane (of at most 16 bits). */
static inline k9_u4 k9_pop16(k9_u4 x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (x + (x >> 8)) & 0x1Fu;
}

static inline int k9_load_givens(unsigned int *p, unsigned int *rows, unsigned int *unsolved)
{
    /* g[b][j]: band b, digits 4j..4j+3 (j = 2: digit 8 alone in lane 0, the rest 0).
     * Comparisons give all ones in a lane where true: z0 is "row 0 of the band holds no
     * given of the lane's digit", so z0 & 0777 is that row's cells where the digit may
     * stay, and adding z0 subtracts one per row left empty. */
    k9_u4 g[3][3], c[3][3], keep[3], free_rows[3], x, z0, z1, z2, zb0, zb1, zb2, q;
    k9_u4 count = {0, 0, 0, 0}; /* rows, columns and boxes touched, less 9 per lane */
    unsigned int o[3], total;
    int b, j;
    for (b = 0; b < 3; b++) {
        memcpy(&g[b][0], p + 9 * b, sizeof g[b][0]);
        memcpy(&g[b][1], p + 9 * b + 4, sizeof g[b][1]);
        g[b][2] = (k9_u4){p[9 * b + 8], 0, 0, 0};
        x = g[b][0] | g[b][1] | g[b][2];
        o[b] = x[0] | x[1] | x[2] | x[3]; /* the band's given cells */
        for (j = 0; j < 3; j++)
            c[b][j] = (g[b][j] | (g[b][j] >> 9) | (g[b][j] >> 18)) & 0777u;
    }
    for (j = 0; j < 3; j++) {
        x = c[0][j] | c[1][j] | c[2][j]; /* the digit's columns */
        count += k9_pop16(x);
        keep[j] = ~(x | (x << 9) | (x << 18));
        free_rows[j] = (k9_u4){0, 0, 0, 0};
    }
    for (b = 0; b < 3; b++) {
        for (j = 0; j < 3; j++) {
            z0 = (k9_u4)((g[b][j] & 0777u) == 0);
            z1 = (k9_u4)((g[b][j] & 0777000u) == 0);
            z2 = (k9_u4)((g[b][j] & 0777000000u) == 0);
            zb0 = (k9_u4)((c[b][j] & 0007u) == 0); /* box 0 of the band holds none */
            zb1 = (k9_u4)((c[b][j] & 0070u) == 0);
            zb2 = (k9_u4)((c[b][j] & 0700u) == 0);
            count += z0 + z1 + z2 + zb0 + zb1 + zb2;
            free_rows[j] |= ((z0 & 1u) | (z1 & 2u) | (z2 & 4u)) << (3 * b);
            q = ((z0 & 0777u) | (z1 & 0777000u) | (z2 & 0777000000u))
                & ((zb0 & 0007007007u) | (zb1 & 0070070070u) | (zb2 & 0700700700u))
                & keep[j] & ~o[b];
            q |= g[b][j];
            if (j < 2)
                memcpy(p + 9 * b + 4 * j, &q, sizeof q);
            else
                p[9 * b + 8] = q[0];
        }
        unsolved[b] = 0777777777u & ~o[b];
    }
    memcpy(rows, &free_rows[0], sizeof free_rows[0]);
    memcpy(rows + 4, &free_rows[1], sizeof free_rows[1]);
    rows[8] = free_rows[2][0];
    /* every given adds one row, one column and one box touched unless it shares them */
    x = k9_pop16((k9_u4){o[0] & 0xFFFFu, o[1] & 0xFFFFu, o[2] & 0xFFFFu, 0})
        + k9_pop16((k9_u4){o[0] >> 16, o[1] >> 16, o[2] >> 16, 0});
    total = x[0] + x[1] + x[2];
    /* 12 lanes, 3 bands, 3 rows and 3 boxes each: 216 empty ones when nothing is given */
    return count[0] + count[1] + count[2] + count[3] + 216 == 3 * total;
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

static inline int k9_load_givens(unsigned int *p, unsigned int *rows, unsigned int *unsolved)
{
    (void)p;
    (void)rows;
    (void)unsolved;
    return -1; /* the kernel's own loop does it */
}

#endif

#if defined(__SSE2__)

static inline int k9_givens(const unsigned char *cells, unsigned int *g)
{
    __m128i v[5];
    const __m128i zero = _mm_setzero_si128();
    __m128i over = zero;
    unsigned int last = cells[80];
    unsigned long long lo;
    unsigned int hi;
    int j, d;
    for (j = 0; j < 5; j++) {
        v[j] = _mm_loadu_si128((const __m128i *)(cells + 16 * j));
        over = _mm_or_si128(over, _mm_subs_epu8(v[j], _mm_set1_epi8(9))); /* 0 if <= 9 */
    }
    if ((_mm_movemask_epi8(_mm_cmpeq_epi8(over, zero)) != 0xFFFF) | (last > 9))
        return 0;
    for (d = 0; d < 9; d++) {
        const __m128i digit = _mm_set1_epi8((char)(d + 1));
        lo = (unsigned long long)(unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi8(v[0], digit))
             | (unsigned long long)(unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi8(v[1], digit)) << 16
             | (unsigned long long)(unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi8(v[2], digit)) << 32
             | (unsigned long long)(unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi8(v[3], digit)) << 48;
        hi = (unsigned int)_mm_movemask_epi8(_mm_cmpeq_epi8(v[4], digit))
             | (unsigned int)(last == (unsigned int)(d + 1)) << 16;
        /* cells 0-63 in lo, 64-80 in hi: bands are cells 0-26, 27-53, 54-80 */
        g[d] = (unsigned int)lo & 0777777777u;
        g[9 + d] = (unsigned int)(lo >> 27) & 0777777777u;
        g[18 + d] = ((unsigned int)(lo >> 54) | hi << 10) & 0777777777u;
    }
    return 1;
}

#else

static inline int k9_givens(const unsigned char *cells, unsigned int *g)
{
    int i;
    for (i = 0; i < 27; i++)
        g[i] = 0;
    for (i = 0; i < 81; i++) {
        if (cells[i] > 9)
            return 0;
        if (cells[i])
            g[9 * (i / 27) + cells[i] - 1] |= 1u << (i % 27);
    }
    return 1;
}

#endif

#endif
