//! The map of code starts that opens each chunk of the lanes from the
//! 16-bit formats (`avx512.rs`).

use super::{Pass, CHUNK, WINDOW};
use crate::prefetch;

/// The code starts of a chunk, a bit a unit, as far as the input has whole
/// blocks of [`WINDOW`] units.
///
/// A step of the 16-bit direction takes its starts from here rather than
/// from the units it loaded: there, each step's load waited for the last
/// step's compares of two vectors and a shift, and the steps overlapped
/// less (`transcode::<UtfInf16, UtfE8>` on 3-unit codes took 1.42 ms
/// instead of 1.25). From UTF-G-8, whose starts are one compare, the map
/// made 6-byte codes and CJK text slower (`docs/performance.md`).
///
/// One map serves a run's chunks in turn: made for each, it was zeroed and
/// copied each time, which cost a run in text with a code beyond Unicode
/// here and there more than its steps.
pub(super) struct StartMap {
    words: [u64; CHUNK / WINDOW + 1],
    /// Words filled.
    mapped: usize,
}

impl StartMap {
    /// An empty map.
    pub(super) fn new() -> Self {
        StartMap {
            words: [0; CHUNK / WINDOW + 1],
            mapped: 0,
        }
    }

    /// Maps the chunk of `span` units ([`CHUNK`] at most) from
    /// `input[from]` on; nothing, where the direction takes its starts from
    /// its steps' units.
    ///
    /// # Safety
    /// The processor has what [`runs`](super::runs) asks for.
    #[inline(always)]
    pub(super) unsafe fn fill<P: Pass>(&mut self, input: &[P::In], from: usize, span: usize) {
        self.mapped = 0;
        if !P::MAPPED {
            return;
        }
        let mut held = false;
        let windows = input[from..].chunks_exact(WINDOW);
        for (word, units) in self.words.iter_mut().take(span / WINDOW + 1).zip(windows) {
            // The map is the first to read a chunk.
            prefetch::ahead(units.as_ptr(), WINDOW);
            // SAFETY: this function's contract.
            let (starts, next_held) =
                unsafe { P::starts(P::load(units.try_into().unwrap()), held) };
            *word = starts;
            held = next_held;
            self.mapped += 1;
        }
    }

    /// The starts of the [`WINDOW`] units from `read` on, if the map has
    /// them.
    #[inline(always)]
    pub(super) fn window(&self, read: usize) -> Option<u64> {
        let (word, shift) = (read / WINDOW, read % WINDOW);
        if word + 1 >= self.mapped {
            return None;
        }
        // Shifted by one then the rest, so that a shift of 0 brings in
        // nothing of the next word.
        Some(self.words[word] >> shift | self.words[word + 1] << 1 << (WINDOW - 1 - shift))
    }
}
