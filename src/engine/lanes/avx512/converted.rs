//! What a step of the lanes (`avx512.rs`) makes and how it is written:
//! codes converted to their values, one a lane, or units made but for
//! squeezing out those a lane does not write.

use core::arch::x86_64::*;

use super::Pass;

/// A step's converted codes, not yet written: their values, the lanes
/// that hold one, and how they are written.
#[derive(Clone, Copy)]
pub(super) struct Converted {
    pub(super) values: __m512i,
    pub(super) live: u16,
    pub(super) shape: Shape,
}

/// How a step's codes are written: by the pass's [`Pass::store`], or, for
/// a step [`Pass::uniform`] took, by its [`Pass::store_uniform`] with the
/// units each code has.
#[derive(Clone, Copy)]
pub(super) enum Shape {
    General,
    Uniform(usize),
}

/// The units of a step [`Pass::mixed`] took, made but for squeezing out
/// those a lane does not write: two vectors, and a bit a unit of those to
/// keep.
#[derive(Clone, Copy)]
pub(super) struct Squeezed {
    pub(super) units: [__m512i; 2],
    pub(super) keep: [u64; 2],
}

impl Squeezed {
    /// Writes the kept bytes at `slots`, in order, and returns how many
    /// they are: the passes to UTF-G-8 and UTF-E-8.
    ///
    /// # Safety
    /// The processor has what [`runs`](super::runs) asks for; `slots` has room for the
    /// bytes and 64 more.
    #[inline(always)]
    pub(super) unsafe fn store_bytes(self, slots: *mut u8) -> usize {
        let Squeezed { units, keep } = self;
        // SAFETY: this function's contract: the first store writes 64
        // bytes from `slots`, the second 64 from where the first's kept
        // ones end.
        unsafe {
            _mm512_storeu_si512(slots.cast(), _mm512_maskz_compress_epi8(keep[0], units[0]));
            let first = keep[0].count_ones() as usize;
            let second = _mm512_maskz_compress_epi8(keep[1], units[1]);
            _mm512_storeu_si512(slots.add(first).cast(), second);
            first + keep[1].count_ones() as usize
        }
    }
}

impl Converted {
    /// Nothing to write.
    #[inline(always)]
    pub(super) fn none() -> Self {
        // SAFETY: this module runs only where the processor has AVX-512
        // (`runs`).
        Converted {
            values: unsafe { _mm512_setzero_si512() },
            live: 0,
            shape: Shape::General,
        }
    }

    /// Writes the codes from `slots` on and returns how many units they
    /// are.
    ///
    /// # Safety
    /// The processor has what [`runs`](super::runs) asks for; `slots` has room for the
    /// units of the codes and a vector more.
    #[inline(always)]
    pub(super) unsafe fn write<P: Pass>(self, slots: *mut P::Out) -> usize {
        // SAFETY: this function's contract.
        unsafe {
            match self.shape {
                Shape::General => P::store(self.values, self.live, slots),
                Shape::Uniform(units) => P::store_uniform(self.values, units, slots),
            }
        }
    }
}
