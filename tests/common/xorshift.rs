//! The tests' pseudo-random numbers, in a file of its own so that the
//! reference model (`tests/model/gen.rs`) and the fuzz crate's stable
//! runner (`fuzz/on_stable.rs`) include it too.

/// xorshift64: a fixed sequence, the same on every run.
pub struct XorShift(pub u64);

impl XorShift {
    /// The next number of the sequence. Not an iterator's `next`: the
    /// sequence never ends.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
