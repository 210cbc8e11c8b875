//! The vector instruction sets the fast paths use, and a cap on them for
//! tests.
//!
//! Each vector path of the crate runs where the processor has its
//! instructions (asked at run time with `std`, known at compile time
//! without) and the cap allows its tier. The cap is the environment
//! variable `UCSX_SIMD`, read once per process with `std`: `avx512`,
//! `avx2`, `ssse3` or `scalar` keeps the crate's paths of a higher tier
//! from running, so that one machine runs the paths of each tier it has and
//! checks them against each other (`.ci/run` runs the integration suites
//! under each). It is meant for testing; any other value, or none, leaves
//! the best tier the processor has. Dependencies choose their own paths
//! (memchr, in the string searches, uses AVX2 where it can whatever the
//! cap).
//!
//! The tiers: `avx512` (the UTF-8 ↔ UTF-16 kernels and the one-pass loops
//! of text beyond Unicode with AVX512-VBMI2, the AVX-512 UTF-8 check, the
//! bit-mask check of 16-bit text beyond Unicode and the UTF-∞-16 huge-code
//! packing with AVX512-VBMI; each where the processor has the extensions it
//! needs beside AVX512BW),
//! `avx2` (the AVX2 UTF-8 and UTF-G-8 checks, the lanes of text beyond
//! Unicode), `ssse3` (the SSSE3 checks and kernels), `scalar` (none of
//! them: the plain loops, which the compiler still vectorises with SSE2,
//! part of every x86-64 processor, as the bit-mask check of 16-bit text
//! does explicitly).

/// A tier of vector instructions, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Tier {
    Scalar,
    Ssse3,
    Avx2,
    Avx512,
}

impl Tier {
    /// The tier's name, as `UCSX_SIMD` and [`simd_tier`] spell it.
    const fn name(self) -> &'static str {
        match self {
            Tier::Scalar => "scalar",
            Tier::Ssse3 => "ssse3",
            Tier::Avx2 => "avx2",
            Tier::Avx512 => "avx512",
        }
    }
}

/// Whether the cap lets the paths of `tier` run (the caller asks the
/// processor itself).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline]
pub(crate) fn allows(tier: Tier) -> bool {
    tier <= cap()
}

/// The highest tier `UCSX_SIMD` allows: read once, then kept.
#[cfg(feature = "std")]
fn cap() -> Tier {
    use std::sync::OnceLock;
    static CAP: OnceLock<Tier> = OnceLock::new();
    *CAP.get_or_init(|| {
        let named = std::env::var("UCSX_SIMD").ok();
        [Tier::Scalar, Tier::Ssse3, Tier::Avx2, Tier::Avx512]
            .into_iter()
            .find(|tier| named.as_deref() == Some(tier.name()))
            .unwrap_or(Tier::Avx512)
    })
}

/// Without `std` there is no environment: no cap.
#[cfg(not(feature = "std"))]
fn cap() -> Tier {
    Tier::Avx512
}

/// The highest tier of vector instructions the processor has, as far as
/// the crate's paths go.
fn best() -> Tier {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    {
        if std::is_x86_feature_detected!("avx512bw") {
            return Tier::Avx512;
        }
        if std::is_x86_feature_detected!("avx2") {
            return Tier::Avx2;
        }
        if std::is_x86_feature_detected!("ssse3") {
            return Tier::Ssse3;
        }
    }
    #[cfg(all(target_arch = "x86_64", not(feature = "std")))]
    {
        if cfg!(target_feature = "avx512bw") {
            return Tier::Avx512;
        }
        if cfg!(target_feature = "avx2") {
            return Tier::Avx2;
        }
        if cfg!(target_feature = "ssse3") {
            return Tier::Ssse3;
        }
    }
    Tier::Scalar
}

/// The tier of vector instructions the crate's fast paths use in this
/// process: `"avx512"`, `"avx2"`, `"ssse3"` or `"scalar"`, the best the
/// processor has, or lower if the environment variable `UCSX_SIMD` (read
/// once, with the `std` feature) names a lower one. Meant for tests, which
/// run the same suite under each tier to check the vector paths against
/// each other; off x86-64 it is `"scalar"` (the checks there come from
/// simdutf8, whatever the tier).
///
/// ```
/// let tier = ucsx::simd_tier();
/// assert!(["avx512", "avx2", "ssse3", "scalar"].contains(&tier));
/// ```
pub fn simd_tier() -> &'static str {
    best().min(cap()).name()
}
