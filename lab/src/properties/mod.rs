//! A property checker for any [`Encoding`]: the built-in formats or a
//! user's own proposal.
//!
//! [`check`] tests ten properties that the UCS-X spec texts and the
//! Unicode Standard discuss (`round-trip`, `canonical`, `prefix-free`,
//! `lead-trail-disjoint`, `no-false-match`, `self-synchronizing`,
//! `binary-order`, `length-from-prefix`, `base-compatible`, `density`) and
//! the error contract of [`Encoding`] (`error-contract`; see [`Property`]),
//! and reports each as PASS, or FAIL with a small counterexample, each
//! marked decided or sampled. [`check_only`] tests a subset.
//!
//! The formats it checks are the `ucsx` crate's (or a user's), and so are
//! the length classes and boundary values it starts from
//! (`ucsx::sample`, whose [`length_classes`], [`boundary_values`] and
//! [`ArbitraryUnit`] are re-exported here); the checker is this crate's.
//!
//! The checker needs no proptest. Beside random values, texts and
//! near-valid unit sequences from a deterministic xorshift generator (so a
//! report is reproducible from its seed), it builds the classic attacks on
//! purpose, whatever the number of cases: the boundary values (the first
//! and last value of each length class, found by probing the encoder, and
//! one either side; every power of two and its neighbours; the Unicode and
//! UCS limits; the declared maximum and one past it), every overlong form
//! of every length class, encoded surrogates, every unit of a code replaced
//! by units of every other role, and truncation at every position. So an
//! overlong-accepting decoder fails `canonical` at the default settings.
//! Values are visited in ascending order, so the first counterexample
//! found is the smallest of the sample; some properties shrink it further.
//! Bounds the checker samples (context, resynchronisation distance, length
//! prefix) are the largest seen in the sample and print as "at least";
//! "unbounded" is printed only with a periodic text that proves it.
//!
//! A bounded format is always tested over its whole range;
//! [`CheckConfig::max_bits`] caps only unbounded ones. A format that
//! encodes surrogates says so with [`Encoding::SURROGATES`], and the
//! checker then expects them to round-trip.
//!
//! ```
//! use ucsx_lab::properties::{check, CheckConfig, Verdict};
//! use ucsx::Utf8;
//!
//! let report = check::<Utf8>(&CheckConfig { cases: 64, ..CheckConfig::default() });
//! assert!(report.results.iter().all(|r| r.verdict == Verdict::Pass), "{report}");
//! println!("{report}");
//! ```

use alloc::string::String;
use alloc::vec::Vec;

use core::fmt;

use num_bigint::BigUint;

use ucsx::Encoding;

mod attack;
mod base;
mod codes;
mod contract;
mod order;
mod periodic;
mod property;
mod resync;
pub(crate) mod roles;
pub(crate) mod sample;
mod search;
mod sync;
mod unit;

pub use base::DensityRow;
pub use property::{ParsePropertyError, Property};
pub use ucsx::sample::{boundary_values, length_classes, LengthClass};
pub use unit::ArbitraryUnit;

use sample::Rng;

/// The names of the properties, in report order: the names of
/// [`Property::ALL`].
///
/// ```
/// use ucsx_lab::properties::{Property, PROPERTIES};
/// assert_eq!(PROPERTIES[0], "round-trip");
/// assert_eq!(PROPERTIES.len(), 11);
/// assert!(PROPERTIES.iter().zip(Property::ALL).all(|(s, p)| *s == p));
/// ```
pub const PROPERTIES: [&str; 11] = {
    let mut names = [""; 11];
    let mut i = 0;
    while i < names.len() {
        names[i] = Property::ALL[i].name();
        i += 1;
    }
    names
};

/// The number of random cases of [`CheckConfig::default`].
const DEFAULT_CASES: usize = 256;

/// The environment variable [`CheckConfig::from_env`] reads the number of
/// cases from.
pub const CASES_ENV: &str = "UCSX_PROPERTY_CASES";

/// How much the checker tests.
///
/// ```
/// use ucsx_lab::properties::CheckConfig;
/// let config = CheckConfig { cases: 1000, ..CheckConfig::default() };
/// assert_eq!(config.max_bits, 200);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckConfig {
    /// The number of random cases per property (random values; random
    /// sequences and texts are a small multiple of it), at most
    /// [`MAX_CASES_CEILING`]: a larger number counts as the ceiling.
    pub cases: usize,
    /// The largest bit length tested in formats without a last code point,
    /// at most [`MAX_BITS_CEILING`]: a larger value counts as the ceiling.
    /// A bounded format ignores it and is tested over its whole range (up
    /// to the ceiling), since a cap would hide failures near its end.
    pub max_bits: u64,
    /// The seed of the random cases: the same seed gives the same report.
    pub seed: u64,
}

/// The largest `max_bits` the checker uses: the sample holds values of
/// every bit length up to it, so its size grows with the square of it.
///
/// ```
/// use ucsx_lab::properties::{check, CheckConfig, MAX_BITS_CEILING};
/// let config = CheckConfig { max_bits: u64::MAX, cases: 8, ..CheckConfig::default() };
/// let report = check::<ucsx::Utf8>(&config); // no larger than at the ceiling
/// assert!(report.passed());
/// assert_eq!(MAX_BITS_CEILING, 4096);
/// ```
pub const MAX_BITS_CEILING: u64 = ucsx::sample::MAX_BITS_CEILING;

/// The largest `cases` the checker uses: the sample and the loops grow with
/// it, and a number out of proportion must not exhaust memory.
///
/// ```
/// use ucsx_lab::properties::{CheckConfig, MAX_CASES_CEILING};
/// let report = ucsx_lab::properties::check::<ucsx::Utf32>(&CheckConfig {
///     cases: usize::MAX,
///     max_bits: 8,
///     ..CheckConfig::default()
/// });
/// assert_eq!(report.config.cases, MAX_CASES_CEILING);
/// ```
pub const MAX_CASES_CEILING: usize = 1 << 16;

impl Default for CheckConfig {
    /// 256 cases, `max_bits` 200, a fixed seed: the same everywhere, with
    /// no environment read (see [`CheckConfig::from_env`] for that).
    ///
    /// ```
    /// let config = ucsx_lab::properties::CheckConfig::default();
    /// assert_eq!((config.cases, config.max_bits), (256, 200));
    /// ```
    fn default() -> Self {
        CheckConfig {
            cases: DEFAULT_CASES,
            max_bits: 200,
            seed: 0x05CE_50F0_C0DE,
        }
    }
}

impl CheckConfig {
    /// [`Default`], with `cases` from the environment variable
    /// [`CASES_ENV`] (`UCSX_PROPERTY_CASES`) when it holds a number: for
    /// test suites and tools that let a user ask for a longer run without
    /// changing code. The library itself never reads the environment.
    ///
    /// ```
    /// use ucsx_lab::properties::CheckConfig;
    /// let config = CheckConfig::from_env();
    /// assert_eq!(config.seed, CheckConfig::default().seed);
    /// ```
    pub fn from_env() -> CheckConfig {
        let cases = std::env::var(CASES_ENV)
            .ok()
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(DEFAULT_CASES);
        CheckConfig {
            cases,
            ..CheckConfig::default()
        }
    }
}

/// Whether a property held on everything tested.
///
/// ```
/// use ucsx_lab::properties::Verdict;
/// assert_eq!(Verdict::Fail.to_string(), "FAIL");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// No counterexample found.
    Pass,
    /// A counterexample is in the detail.
    Fail,
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Verdict::Pass => "PASS",
            Verdict::Fail => "FAIL",
        })
    }
}

/// The verdict on one property, with what was measured or the
/// counterexample.
///
/// ```
/// use ucsx_lab::properties::{check, CheckConfig, Verdict};
/// let report = check::<ucsx::Utf32>(&CheckConfig::default());
/// let r = report.get("lead-trail-disjoint").unwrap();
/// assert_eq!(r.verdict, Verdict::Pass);
/// assert!(r.to_string().starts_with("lead-trail-disjoint"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PropertyResult {
    /// The property: prints as its name and compares equal to it
    /// (`result.name == "canonical"`).
    pub name: Property,
    /// PASS or FAIL.
    pub verdict: Verdict,
    /// What was tested or measured, or the counterexample (code points in
    /// `U+` notation, units in hex).
    pub detail: String,
    /// Whether the verdict was decided (proved over the whole range) or
    /// sampled (no counterexample among the values and sequences tried).
    pub method: Method,
}

/// How a verdict was reached.
///
/// ```
/// use ucsx_lab::properties::{check, CheckConfig, Method};
/// let report = check::<ucsx::Utf8>(&CheckConfig::default());
/// assert!(report.results.iter().all(|r| r.method == Method::Sampled));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Method {
    /// Tested on a sample and the attacks built on purpose: a PASS means no
    /// counterexample was found.
    #[default]
    Sampled,
    /// Proved for every value and unit sequence, from a format's
    /// description (see `ucsx_lab::describe`).
    Decided,
}

impl fmt::Display for Method {
    /// `decided` or `sampled`, as report lines print it.
    ///
    /// ```
    /// use ucsx_lab::properties::Method;
    /// assert_eq!(Method::Decided.to_string(), "decided");
    /// assert_eq!(Method::Sampled.to_string(), "sampled");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Sampled => "sampled",
            Method::Decided => "decided",
        })
    }
}

impl PropertyResult {
    pub(crate) fn pass(name: Property, detail: String) -> PropertyResult {
        PropertyResult {
            name,
            verdict: Verdict::Pass,
            detail,
            method: Method::Sampled,
        }
    }

    pub(crate) fn fail(name: Property, detail: String) -> PropertyResult {
        PropertyResult {
            name,
            verdict: Verdict::Fail,
            detail,
            method: Method::Sampled,
        }
    }
}

impl fmt::Display for PropertyResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Every line says how its verdict was reached: a sampled PASS is
        // "no counterexample found", not a proof.
        write!(
            f,
            "{:<20} {} ({}) {}",
            self.name, self.verdict, self.method, self.detail
        )
    }
}

/// What [`check`] found: one result per property tested, in the order of
/// [`PROPERTIES`], and the density table.
///
/// ```
/// use ucsx_lab::properties::{check, CheckConfig};
/// let report = check::<ucsx::UtfG8>(&CheckConfig::default());
/// assert!(report.passed());
/// let text = report.to_string();
/// assert!(text.lines().any(|l| l.starts_with("binary-order") && l.contains("PASS")));
/// assert_eq!(report.density.last().unwrap().bytes, 6);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PropertyReport {
    /// The format's [`Encoding::NAME`].
    pub format: &'static str,
    /// The configuration the report was made with.
    pub config: CheckConfig,
    /// One result per property.
    pub results: Vec<PropertyResult>,
    /// Units and bytes per code point for each bit length of the range.
    pub density: Vec<DensityRow>,
}

impl PropertyReport {
    /// The result for the property named `name`.
    ///
    /// ```
    /// use ucsx_lab::properties::{check, CheckConfig, Verdict};
    /// let report = check::<ucsx::Utf8>(&CheckConfig::default());
    /// assert_eq!(report.get("canonical").unwrap().verdict, Verdict::Pass);
    /// assert!(report.get("no-such-property").is_none());
    /// ```
    pub fn get(&self, name: &str) -> Option<&PropertyResult> {
        self.results.iter().find(|r| r.name == name)
    }

    /// Whether every property passed.
    ///
    /// ```
    /// use ucsx_lab::properties::{check, CheckConfig};
    /// assert!(check::<ucsx::Utf32>(&CheckConfig::default()).passed());
    /// ```
    pub fn passed(&self) -> bool {
        self.results.iter().all(|r| r.verdict == Verdict::Pass)
    }
}

impl fmt::Display for PropertyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The bit length actually tested: a bounded format's whole range.
        let bits = self.density.last().map_or(0, |r| r.bits);
        writeln!(
            f,
            "{}: {} cases, values up to {} bits, seed {:#x}",
            self.format, self.config.cases, bits, self.config.seed
        )?;
        for r in &self.results {
            writeln!(f, "{r}")?;
        }
        // Units narrower than the type holding them (UTF-9's nonets) add
        // the code's length in their own bits.
        let narrow = self
            .density
            .iter()
            .any(|r| r.code_bits != 8 * r.bytes as u64);
        writeln!(
            f,
            "bits  units  bytes{}",
            if narrow { "  code bits" } else { "" }
        )?;
        // One row per change of length, and the last.
        for (i, r) in self.density.iter().enumerate() {
            if self.density.get(i + 1).is_none_or(|n| n.units != r.units) {
                write!(f, "{:>4}  {:>5}  {:>5}", r.bits, r.units, r.bytes)?;
                if narrow {
                    write!(f, "  {:>9}", r.code_bits)?;
                }
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

/// The sample every property is tested on, built once per check.
pub(crate) struct Ctx<E: Encoding> {
    config: CheckConfig,
    rng: Rng,
    range: sample::Range,
    /// The values tested, ascending, each encodable.
    values: Vec<BigUint>,
    /// Their codes.
    codes: Vec<Vec<E::Unit>>,
    /// Units seen in codes, for plausible corruptions.
    pool: Vec<u32>,
    max_code_len: usize,
    /// Valid texts of 8 to 12 random codes.
    texts: Vec<sample::Text<E::Unit>>,
    /// Runs of one code (the first and last value of each length class)
    /// and texts over two codes: where a unit's role is hardest to tell
    /// from its neighbours.
    runs: Vec<sample::Text<E::Unit>>,
    /// For each length class of two units or more, the codes of its first
    /// [`SWEEP`] values in a row: their last unit runs through every value
    /// it can take, so a unit that both leads and trails (a UTF-16 low
    /// surrogate that is also a UTF-∞-16 lead) is seen in both roles.
    /// Used by `lead-trail-disjoint` and `no-false-match`: the texts are
    /// long.
    sweeps: Vec<sample::Text<E::Unit>>,
    /// The classic attacks, built from the length classes (`attack.rs`).
    attacks: Vec<Vec<E::Unit>>,
    /// One code or a few repeated (`periodic.rs`): the short
    /// counterexamples of `self-synchronizing` and `lead-trail-disjoint`,
    /// and the proofs that their bounds are unbounded.
    periodic: Vec<periodic::Periodic<E::Unit>>,
    /// Whether the decoder is known to read each code from at most the
    /// longest code's length of units, and its encoder to write codes it
    /// reads: a described format's. Proofs from the sample that rely on it
    /// are then reported as decided.
    trusted: bool,
    /// The templates of a described format, and the automaton of its
    /// valid texts over unit roles when they can be listed (`roles.rs`),
    /// built when a property first asks: the bounds it proves make sampled
    /// bounds exact.
    shape: Option<roles::Shape>,
    automaton: core::cell::OnceCell<Option<roles::Automaton>>,
}

/// How many consecutive values of each length class a sweep covers: enough
/// for a 10-bit UTF-16 low surrogate to take all its values.
const SWEEP: u32 = 1024;

impl<E: Encoding> Ctx<E>
where
    E::Unit: ArbitraryUnit,
{
    fn new(config: &CheckConfig) -> Ctx<E> {
        let mut rng = Rng::new(config.seed);
        let range = sample::checked_range::<E>(config.max_bits);
        let classes = range.length_classes::<E>();
        let attacks = attack::sequences::<E>(&classes, &range, &mut rng);
        let mut values = range.boundary_values(&classes);
        for _ in 0..config.cases {
            values.push(rng.value(&range));
        }
        // A few values inside each length class, whatever its bit lengths.
        for c in &classes {
            let (first, last) = (c.first.to_biguint(), c.last.to_biguint());
            let span = &last - &first + 1u8;
            for _ in 0..2 {
                let r = rng.value_of_bits(&range, span.bits());
                values.push(range.clamp(&first + r % &span));
            }
        }
        values.sort();
        values.dedup();
        let mut kept = Vec::with_capacity(values.len());
        let mut codes = Vec::with_capacity(values.len());
        for v in values {
            if let Some(code) = sample::encode::<E>(&v) {
                kept.push(v);
                codes.push(code);
            }
        }
        let mut pool: Vec<u32> = codes.iter().flatten().map(|u| u.to_u32()).collect();
        pool.sort_unstable();
        pool.dedup();
        let max_code_len = codes.iter().map(Vec::len).max().unwrap_or(1);
        let mut ctx = Ctx {
            config: *config,
            rng,
            range,
            values: kept,
            codes,
            pool,
            max_code_len,
            texts: Vec::new(),
            runs: Vec::new(),
            sweeps: Vec::new(),
            attacks,
            periodic: Vec::new(),
            trusted: false,
            shape: None,
            automaton: core::cell::OnceCell::new(),
        };
        ctx.periodic = periodic::sample::<E>(&ctx.values, &ctx.codes, &ctx.pool);
        for c in classes.iter().filter(|c| c.units > 1) {
            let first = c.first.to_biguint();
            let last = c.last.to_biguint();
            let swept: Vec<(BigUint, Vec<E::Unit>)> = (0..SWEEP)
                .map(|k| &first + k)
                .take_while(|v| *v <= last)
                .filter_map(|v| sample::encode::<E>(&v).map(|code| (v, code)))
                .collect();
            let parts: Vec<(&BigUint, &[E::Unit])> =
                swept.iter().map(|(v, code)| (v, &code[..])).collect();
            ctx.sweeps.push(sample::Text::from_codes(&parts));
        }
        if !ctx.codes.is_empty() {
            for _ in 0..config.cases / 2 + 8 {
                let len = 8 + ctx.rng.below(5);
                let picks: Vec<usize> = (0..len).map(|_| ctx.rng.below(ctx.codes.len())).collect();
                let parts: Vec<(&BigUint, &[E::Unit])> = picks
                    .iter()
                    .map(|&k| (&ctx.values[k], &ctx.codes[k][..]))
                    .collect();
                let text = sample::Text::from_codes(&parts);
                ctx.texts.push(text);
            }
            let ends = classes
                .iter()
                .flat_map(|c| [c.first.to_biguint(), c.last.to_biguint()]);
            for v in ends {
                if let Ok(k) = ctx.values.binary_search(&v) {
                    let part = (&ctx.values[k], &ctx.codes[k][..]);
                    ctx.runs.push(sample::Text::from_codes(&[part; 10]));
                }
            }
            for _ in 0..config.cases / 8 + 4 {
                let pair = [
                    ctx.rng.below(ctx.codes.len()),
                    ctx.rng.below(ctx.codes.len()),
                ];
                let parts: Vec<(&BigUint, &[E::Unit])> = (0..10)
                    .map(|_| pair[ctx.rng.below(2)])
                    .map(|k| (&ctx.values[k], &ctx.codes[k][..]))
                    .collect();
                let text = sample::Text::from_codes(&parts);
                ctx.runs.push(text);
            }
        }
        ctx
    }

    /// The automaton of a described format's valid texts over roles, if
    /// its roles can be listed.
    fn automaton(&self) -> Option<&roles::Automaton> {
        self.automaton
            .get_or_init(|| self.shape.as_ref().and_then(roles::Automaton::of))
            .as_ref()
    }

    /// The code of a random value of the sample.
    fn random_code(&mut self) -> &[E::Unit] {
        let k = self.rng.below(self.codes.len());
        &self.codes[k]
    }
}

/// Checks every property of [`PROPERTIES`] for `E` and reports each.
///
/// `E` is any [`Encoding`] whose unit is `u8`, `u16` or `u32`: a built-in
/// format or a proposal of your own (see `examples/custom_proposal.rs`).
///
/// ```
/// use ucsx_lab::properties::{check, CheckConfig, Verdict};
/// use ucsx::{UtfE8, Utf32};
///
/// let config = CheckConfig::default();
/// let report = check::<UtfE8>(&config);
/// // utf-e-8.txt §2: binary order, lead/trail distinction, length from the lead byte.
/// for name in ["binary-order", "lead-trail-disjoint", "length-from-prefix"] {
///     assert_eq!(report.get(name).unwrap().verdict, Verdict::Pass);
/// }
/// assert!(check::<Utf32>(&config).passed());
/// ```
pub fn check<E: Encoding>(config: &CheckConfig) -> PropertyReport
where
    E::Unit: ArbitraryUnit,
{
    check_only::<E>(config, &Property::ALL)
}

/// [`check`] for the properties in `only` alone (in report order, each
/// once); the density table is always made.
///
/// ```
/// use ucsx_lab::properties::{check_only, CheckConfig, Property, Verdict};
/// let report = check_only::<ucsx::Utf16>(
///     &CheckConfig::default(),
///     &[Property::BinaryOrder, Property::Canonical],
/// );
/// let names: Vec<_> = report.results.iter().map(|r| r.name).collect();
/// assert_eq!(names, [Property::Canonical, Property::BinaryOrder]);
/// assert_eq!(report.get("binary-order").unwrap().verdict, Verdict::Fail);
/// assert!(report.get("round-trip").is_none());
/// ```
pub fn check_only<E: Encoding>(config: &CheckConfig, only: &[Property]) -> PropertyReport
where
    E::Unit: ArbitraryUnit,
{
    check_with::<E>(config, only, None)
}

/// [`check_only`]; with the `shape` of `E`'s templates when `E` is a
/// described format, whose decoder reads each code from at most the
/// longest code's length of units and decides by those templates, which
/// lets some proofs from the sample count as decided and the construction
/// over roles (`roles.rs`) bound what the sample measures.
pub(crate) fn check_with<E: Encoding>(
    config: &CheckConfig,
    only: &[Property],
    shape: Option<&roles::Shape>,
) -> PropertyReport
where
    E::Unit: ArbitraryUnit,
{
    let config = &CheckConfig {
        cases: config.cases.min(MAX_CASES_CEILING),
        ..*config
    };
    let wanted = |p: Property| only.contains(&p);
    let mut ctx = Ctx::<E>::new(config);
    ctx.trusted = shape.is_some();
    ctx.shape = shape.cloned();
    if ctx.codes.is_empty() {
        let results = Property::ALL
            .into_iter()
            .filter(|&p| wanted(p))
            .map(|p| PropertyResult::fail(p, "the format encodes no value of its range".into()))
            .collect();
        return PropertyReport {
            format: E::NAME,
            config: *config,
            results,
            density: Vec::new(),
        };
    }
    let (density, rows) = base::density(&ctx);
    let mut results = Vec::new();
    for p in Property::ALL.into_iter().filter(|&p| wanted(p)) {
        // Each property draws from its own stream: the sample above is the
        // same whatever `only` holds, and so are the cases drawn here.
        ctx.rng = Rng::for_property(config.seed, p.name());
        results.push(match p {
            Property::RoundTrip => codes::round_trip(&ctx),
            Property::Canonical => codes::canonical(&mut ctx),
            Property::PrefixFree => codes::prefix_free(&ctx),
            Property::LeadTrailDisjoint => sync::lead_trail(&ctx),
            Property::NoFalseMatch => search::no_false_match(&ctx),
            Property::SelfSynchronizing => sync::self_sync(&mut ctx),
            Property::BinaryOrder => order::binary_order(&ctx),
            Property::LengthFromPrefix => sync::length_from_prefix(&ctx),
            Property::BaseCompatible => base::base_compatible(&mut ctx),
            Property::ErrorContract => contract::error_contract(&mut ctx),
            Property::Density => density.clone(),
        });
    }
    PropertyReport {
        format: E::NAME,
        config: *config,
        results,
        density: rows,
    }
}

/// Units and bytes per code point of `E` for each bit length up to
/// `max_bits` (the code of the largest value of that length in the range).
///
/// ```
/// use ucsx_lab::properties::density;
/// let rows = density::<ucsx::Utf8>(64);
/// assert_eq!(rows.len(), 22); // bit lengths 0..=21
/// assert_eq!((rows[7].bytes, rows[8].bytes, rows[21].bytes), (1, 2, 4));
/// ```
pub fn density<E: Encoding>(max_bits: u64) -> Vec<DensityRow>
where
    E::Unit: ArbitraryUnit,
{
    base::density_rows::<E>(&sample::Range::of::<E>(max_bits))
}

/// [`check`] for a format chosen at run time.
///
/// ```
/// use ucsx_lab::properties::{check_format, CheckConfig};
/// let report = ucsx_lab::properties::check_format(ucsx::Format::Utf8, &CheckConfig::default());
/// assert!(report.passed());
/// ```
pub fn check_format(format: ucsx::Format, config: &CheckConfig) -> PropertyReport {
    ucsx::with_encoding!(format, E => check::<E>(config))
}

/// [`check_only`] for a format chosen at run time.
///
/// ```
/// use ucsx_lab::properties::{check_format_only, CheckConfig, Property};
/// let report = check_format_only(ucsx::Format::Utf8, &CheckConfig::default(), &[Property::Canonical]);
/// assert_eq!(report.results.len(), 1);
/// assert!(report.passed());
/// ```
pub fn check_format_only(
    format: ucsx::Format,
    config: &CheckConfig,
    only: &[Property],
) -> PropertyReport {
    ucsx::with_encoding!(format, E => check_only::<E>(config, only))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The variable is read, trimmed, and ignored when it is not a number.
    /// No other unit test of the library reads it, so setting it here
    /// races with nothing.
    #[test]
    fn from_env_reads_the_number_of_cases() {
        let before = std::env::var_os(CASES_ENV);
        std::env::set_var(CASES_ENV, " 12 ");
        let twelve = CheckConfig::from_env();
        std::env::set_var(CASES_ENV, "many");
        let not_a_number = CheckConfig::from_env();
        match before {
            Some(v) => std::env::set_var(CASES_ENV, v),
            None => std::env::remove_var(CASES_ENV),
        }
        assert_eq!(twelve.cases, 12);
        assert_eq!(twelve.seed, CheckConfig::default().seed);
        assert_eq!(not_a_number.cases, DEFAULT_CASES);
    }

    /// A report line says whether its verdict was decided or sampled.
    #[test]
    fn a_result_line_says_when_it_was_decided() {
        let mut r = PropertyResult::pass(Property::Canonical, "why".into());
        assert_eq!(
            r.to_string(),
            format!("{:<20} PASS (sampled) why", "canonical")
        );
        r.method = Method::Decided;
        assert_eq!(
            r.to_string(),
            format!("{:<20} PASS (decided) why", "canonical")
        );
    }

    /// The near-valid sequences of `canonical` are built from whole codes
    /// of the sample.
    #[test]
    fn a_random_code_is_a_whole_code_of_the_sample() {
        let mut ctx = Ctx::<ucsx::Utf8>::new(&CheckConfig::default());
        for _ in 0..100 {
            let code = ctx.random_code().to_vec();
            assert!(ctx.codes.contains(&code));
            assert_eq!(ucsx::Utf8::decode(&code).unwrap().1, code.len());
        }
    }
}
