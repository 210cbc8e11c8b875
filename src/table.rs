//! Lookup tables built at compile time, entry by entry.

/// A table whose entry `k` is the expression: 64 bytes, or `len` entries
/// of type `ty`. Usable in a `static` or `const` (a loop, where a `const
/// fn` cannot take a closure).
macro_rules! table {
    (|$k:ident| $entry:expr) => {
        table!(u8, 64, |$k| $entry)
    };
    ($ty:ty, $len:expr, |$k:ident| $entry:expr) => {{
        let mut out: [$ty; $len] = [0; $len];
        let mut $k = 0;
        while $k < $len {
            out[$k] = $entry;
            $k += 1;
        }
        out
    }};
}
