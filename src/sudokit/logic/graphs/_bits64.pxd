# The population count of a 64-bit word, shared by the typed technique searches (a
# declaration file only: nothing to import when running). Compiled, a module cimports it and
# Cython inlines it; the .py sources count with ``int.bit_count`` in its place.

cdef inline int popcount64(unsigned long long x) noexcept nogil:
    # the bits summed in pairs, fours and bytes, the eight bytes added by one multiply
    # (portable C: no compiler builtin)
    x = x - ((x >> 1) & <unsigned long long>0x5555555555555555)
    x = (x & <unsigned long long>0x3333333333333333) + ((x >> 2) & <unsigned long long>0x3333333333333333)
    x = (x + (x >> 4)) & <unsigned long long>0x0F0F0F0F0F0F0F0F
    return <int>((x * <unsigned long long>0x0101010101010101) >> 56)


cdef inline int bit_index64(unsigned long long low) noexcept nogil:
    # the position of the one bit of ``low``: the bits below it, counted
    return popcount64(low - 1)
