//! The byte vectors of the check ([`Vector`]): 16 bytes under SSSE3, 32
//! under AVX2, 64 under AVX-512 (with VBMI or without).

use core::arch::x86_64::*;

use super::Vector;

/// Implements [`Vector`] for `$t`, a vector of `$r` under
/// `$feature`, from its intrinsics.
macro_rules! vector {
    ($t:ident, $r:ty, $feature:literal, $width:literal, {
        load: $load:ident, splat: $splat:ident, and: $and:ident, and_not: $andnot:ident,
        or: $or:ident, xor: $xor:ident, subs: $subs:ident, max: $max:ident, eq: $eq:ident,
        lookup: $lookup:ident, srli16: $srli:ident, alignr: $alignr:ident,
        movemask: $movemask:ident, zero: $zero:ident,
    }) => {
        #[doc = concat!("A vector of the check under ", $feature, ".")]
        #[derive(Clone, Copy)]
        pub(super) struct $t($r);

        // SAFETY (every block below): a `$t` exists only inside a
        // function compiled with `$feature`, on a processor that has
        // it (see `Vector`), and the methods are inlined into it.
        impl Vector for $t {
            const WIDTH: usize = $width;
            const MASKS: bool = false;
            #[inline(always)]
            unsafe fn load(p: *const u8) -> Self {
                // SAFETY: the caller's; the load has no alignment need.
                $t(unsafe { $load(p.cast()) })
            }
            #[inline(always)]
            fn table(t: &[u8; 16]) -> Self {
                Self::tile(t)
            }
            #[inline(always)]
            fn last_of(t: &[u8; 32]) -> Self {
                // SAFETY: the vector's bytes end with `t`'s.
                unsafe { Self::load(t.as_ptr().add(32 - $width)) }
            }
            #[inline(always)]
            fn splat(b: u8) -> Self {
                $t(unsafe { $splat(b as i8) })
            }
            #[inline(always)]
            fn and(self, o: Self) -> Self {
                $t(unsafe { $and(self.0, o.0) })
            }
            #[inline(always)]
            fn and_not(self, o: Self) -> Self {
                $t(unsafe { $andnot(self.0, o.0) })
            }
            #[inline(always)]
            fn or(self, o: Self) -> Self {
                $t(unsafe { $or(self.0, o.0) })
            }
            #[inline(always)]
            fn xor(self, o: Self) -> Self {
                $t(unsafe { $xor(self.0, o.0) })
            }
            #[inline(always)]
            fn subs(self, o: Self) -> Self {
                $t(unsafe { $subs(self.0, o.0) })
            }
            #[inline(always)]
            fn max(self, o: Self) -> Self {
                $t(unsafe { $max(self.0, o.0) })
            }
            #[inline(always)]
            fn eq(self, o: Self) -> Self {
                $t(unsafe { $eq(self.0, o.0) })
            }
            #[inline(always)]
            fn lookup(self, index: Self) -> Self {
                $t(unsafe { $lookup(self.0, index.0) })
            }
            #[inline(always)]
            fn high_nibbles(self) -> Self {
                $t(unsafe { $srli::<4>(self.0) }).and(Self::splat(0x0F))
            }
            #[inline(always)]
            fn before(previous: Self, input: Self) -> Self {
                Self::reach_back(previous, input)
            }
            #[inline(always)]
            fn back<const S: i32>(input: Self, before: Self) -> Self {
                $t(unsafe { $alignr::<S>(input.0, before.0) })
            }
            #[inline(always)]
            fn any(self) -> bool {
                let zero = unsafe { $eq(self.0, $zero()) };
                // Not every byte is zero.
                (unsafe { $movemask(zero) } as u32) != (u64::MAX >> (64 - $width)) as u32
            }
            #[inline(always)]
            fn any_top_bit(self) -> bool {
                (unsafe { $movemask(self.0) }) != 0
            }
            #[inline(always)]
            fn top_bits(self) -> u64 {
                (unsafe { $movemask(self.0) }) as u32 as u64
            }
        }
    };
}

vector!(Sse, __m128i, "ssse3", 16, {
    load: _mm_loadu_si128, splat: _mm_set1_epi8, and: _mm_and_si128,
    and_not: _mm_andnot_si128,
    or: _mm_or_si128, xor: _mm_xor_si128, subs: _mm_subs_epu8,
    max: _mm_max_epu8, eq: _mm_cmpeq_epi8, lookup: _mm_shuffle_epi8,
    srli16: _mm_srli_epi16, alignr: _mm_alignr_epi8, movemask: _mm_movemask_epi8,
    zero: _mm_setzero_si128,
});

vector!(Avx, __m256i, "avx2", 32, {
    load: _mm256_loadu_si256, splat: _mm256_set1_epi8, and: _mm256_and_si256,
    and_not: _mm256_andnot_si256,
    or: _mm256_or_si256, xor: _mm256_xor_si256,
    subs: _mm256_subs_epu8, max: _mm256_max_epu8, eq: _mm256_cmpeq_epi8,
    lookup: _mm256_shuffle_epi8, srli16: _mm256_srli_epi16, alignr: _mm256_alignr_epi8,
    movemask: _mm256_movemask_epi8, zero: _mm256_setzero_si256,
});

impl Sse {
    #[inline(always)]
    fn tile(t: &[u8; 16]) -> Self {
        // SAFETY: `t` is 16 readable bytes.
        unsafe { Self::load(t.as_ptr()) }
    }

    /// The 16 bytes before the vector: shifts reach across them.
    #[inline(always)]
    fn reach_back(previous: Self, _input: Self) -> Self {
        previous
    }
}

impl Avx {
    #[inline(always)]
    fn tile(t: &[u8; 16]) -> Self {
        // SAFETY: `t` is 16 readable bytes; as `Vector`'s methods.
        Avx(unsafe { _mm256_broadcastsi128_si256(_mm_loadu_si128(t.as_ptr().cast())) })
    }

    /// The 32 bytes from 16 before the vector: byte shifts work within
    /// 128-bit lanes, so the bytes before each lane's come from a lane
    /// permute first.
    #[inline(always)]
    fn reach_back(previous: Self, input: Self) -> Self {
        // SAFETY: as `Vector`'s methods.
        Avx(unsafe { _mm256_permute2x128_si256::<0x21>(previous.0, input.0) })
    }
}

/// A vector of the check under AVX512BW: one a 64-byte block. Byte
/// shuffles and `alignr` work within 128-bit lanes, as in AVX2; the
/// bytes before each lane's come from a shift of the whole register by
/// 48 bytes first. Its compares give masks, not vectors, so it is
/// written out here rather than by `vector!`.
/// With `VBMI`, the processor has AVX-512 VBMI too, and UTF-G-8's
/// pairs are looked up in the wider tables ([`Vector::wide_pairs`]).
#[derive(Clone, Copy)]
pub(super) struct Avx512<const VBMI: bool>(__m512i);

// SAFETY (every block below): as in `vector!`, under AVX512BW (which
// implies AVX512F).
impl<const VBMI: bool> Vector for Avx512<VBMI> {
    const WIDTH: usize = 64;
    const MASKS: bool = true;
    #[inline(always)]
    unsafe fn load(p: *const u8) -> Self {
        // SAFETY: the caller's; the load has no alignment need.
        Self(unsafe { _mm512_loadu_si512(p.cast()) })
    }
    #[inline(always)]
    fn table(t: &[u8; 16]) -> Self {
        // SAFETY: `t` is 16 readable bytes; the load has no alignment
        // need.
        Self(unsafe { _mm512_broadcast_i32x4(_mm_loadu_si128(t.as_ptr().cast())) })
    }
    #[inline(always)]
    fn last_of(t: &[u8; 32]) -> Self {
        // The table's first entries are all FF (no byte is too large
        // there, `tables.rs`): the vector's first 32 bytes are too.
        let mut wide = [0xFF; 64];
        wide[32..].copy_from_slice(t);
        // SAFETY: `wide` is 64 readable bytes.
        unsafe { Self::load(wide.as_ptr()) }
    }
    #[inline(always)]
    fn splat(b: u8) -> Self {
        Self(unsafe { _mm512_set1_epi8(b as i8) })
    }
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        Self(unsafe { _mm512_and_si512(self.0, o.0) })
    }
    #[inline(always)]
    fn and_not(self, o: Self) -> Self {
        Self(unsafe { _mm512_andnot_si512(self.0, o.0) })
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        Self(unsafe { _mm512_or_si512(self.0, o.0) })
    }
    #[inline(always)]
    fn xor(self, o: Self) -> Self {
        Self(unsafe { _mm512_xor_si512(self.0, o.0) })
    }
    #[inline(always)]
    fn subs(self, o: Self) -> Self {
        Self(unsafe { _mm512_subs_epu8(self.0, o.0) })
    }
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        Self(unsafe { _mm512_max_epu8(self.0, o.0) })
    }
    #[inline(always)]
    fn eq(self, o: Self) -> Self {
        Self(unsafe { _mm512_movm_epi8(_mm512_cmpeq_epi8_mask(self.0, o.0)) })
    }
    #[inline(always)]
    fn lookup(self, index: Self) -> Self {
        Self(unsafe { _mm512_shuffle_epi8(self.0, index.0) })
    }
    #[inline(always)]
    fn high_nibbles(self) -> Self {
        Self(unsafe { _mm512_srli_epi16::<4>(self.0) }).and(Self::splat(0x0F))
    }
    #[inline(always)]
    fn before(previous: Self, input: Self) -> Self {
        // The 64 bytes from 16 before `input`.
        Self(unsafe { _mm512_alignr_epi64::<6>(input.0, previous.0) })
    }
    #[inline(always)]
    fn back<const S: i32>(input: Self, before: Self) -> Self {
        Self(unsafe { _mm512_alignr_epi8::<S>(input.0, before.0) })
    }
    #[inline(always)]
    fn any(self) -> bool {
        (unsafe { _mm512_test_epi8_mask(self.0, self.0) }) != 0
    }
    #[inline(always)]
    fn any_top_bit(self) -> bool {
        (unsafe { _mm512_movepi8_mask(self.0) }) != 0
    }
    #[inline(always)]
    fn top_bits(self) -> u64 {
        unsafe { _mm512_movepi8_mask(self.0) }
    }
    #[inline(always)]
    fn at_least(self, b: u8) -> u64 {
        unsafe { _mm512_cmpge_epu8_mask(self.0, Self::splat(b).0) }
    }
    #[inline(always)]
    fn equal(self, b: u8) -> u64 {
        unsafe { _mm512_cmpeq_epi8_mask(self.0, Self::splat(b).0) }
    }
    #[inline(always)]
    fn wide_pairs(input: Self, prev1: Self) -> Option<Self> {
        use super::super::tables::{WIDE_BYTE_1_HIGH, WIDE_BYTE_1_LOW, WIDE_BYTE_2_HIGH};
        if !VBMI {
            return None;
        }
        // SAFETY: the tables are 64 or 128 readable bytes; `vpermb`
        // and `vpermi2b` are AVX-512 VBMI, which `VBMI` says the
        // processor has (the tier's entry point enables it).
        unsafe {
            let table = |t: &[u8]| _mm512_loadu_si512(t.as_ptr().cast());
            // `vpermi2b` reads the low seven bits of each index,
            // `vpermb` the low six: the bits shifted in from the next
            // byte are above them.
            let byte_1_high = _mm512_permutex2var_epi8(
                table(&WIDE_BYTE_1_HIGH[..64]),
                _mm512_srli_epi16::<1>(prev1.0),
                table(&WIDE_BYTE_1_HIGH[64..]),
            );
            let byte_1_low = _mm512_permutexvar_epi8(prev1.0, table(&WIDE_BYTE_1_LOW));
            let byte_2_high =
                _mm512_permutexvar_epi8(_mm512_srli_epi16::<2>(input.0), table(&WIDE_BYTE_2_HIGH));
            Some(Self(_mm512_ternarylogic_epi64::<0x80>(
                byte_1_high,
                byte_1_low,
                byte_2_high,
            )))
        }
    }
}
