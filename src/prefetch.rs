//! Software prefetch for the loops that stream through their input.
//!
//! On the machines measured (KVM guests of Intel Xeon processors), the
//! hardware's own prefetch left the vector checks waiting on memory once
//! their input outgrew the core's L2 cache: asked for 2 KiB ahead, the
//! UTF-E-8 check of 1,048,576 7-byte FE codes (5.8 MB) took 0.47 ms where
//! it took 0.85, and `Utf8::validate` of as many emoji 0.13 ms where it
//! took 0.17 (docs/performance.md). In cache the hint costs one
//! instruction a cache line.
#![allow(unsafe_code)]

/// How far ahead of its reads a streaming loop asks for its input, in
/// bytes: thirty-two cache lines (512 and 1024 bytes gained less; 4096 no
/// more).
const AHEAD: usize = 2048;

/// Bytes in a cache line.
const LINE: usize = 64;

/// Asks the processor to bring into its caches the `T`s that lie
/// [`AHEAD`] bytes after the `count` from `at` on, one cache line of 64
/// bytes at a time: a loop that reads `count` of them a step calls it
/// once a step. A hint: it reads nothing the program sees and never
/// faults, whatever the address (past the end of the input or anywhere
/// else), so `at` may be any pointer.
#[inline(always)]
pub(crate) fn ahead<T>(at: *const T, count: usize) {
    let at = at.cast::<u8>().wrapping_add(AHEAD);
    let mut line = 0;
    while line < count * size_of::<T>() {
        hint(at.wrapping_add(line));
        line += LINE;
    }
}

/// `prefetcht0` of the cache line that holds `at`.
#[inline(always)]
fn hint(at: *const u8) {
    // SAFETY: `prefetcht0` is SSE, which every x86-64 processor has, and
    // touches no memory the program can see: it cannot fault or change a
    // value, whatever `at` is.
    #[cfg(target_arch = "x86_64")]
    unsafe {
        use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        _mm_prefetch::<_MM_HINT_T0>(at.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}
