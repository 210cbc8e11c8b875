//! The names of the properties as an enum, beside the strings the reports
//! print, so that a caller can pick a subset without spelling errors.

use core::fmt;
use core::str::FromStr;

/// One property the checker tests.
///
/// Its [`name`](Property::name) is the string a report prints and
/// [`PropertyReport::get`](super::PropertyReport::get) takes; the two
/// compare equal.
///
/// ```
/// use ucsx_lab::properties::Property;
/// assert_eq!(Property::NoFalseMatch.name(), "no-false-match");
/// assert_eq!(Property::Canonical, "canonical");
/// assert_eq!("binary-order".parse::<Property>(), Ok(Property::BinaryOrder));
/// assert!("no-such-property".parse::<Property>().is_err());
/// assert_eq!(format!("[{:<10}]", Property::Density), "[density   ]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Property {
    /// `round-trip`: decode(encode(v)) = v over the range, and values
    /// outside it refused.
    RoundTrip,
    /// `canonical`: every sequence that decodes re-encodes to itself.
    Canonical,
    /// `prefix-free`: no proper prefix of a code decodes.
    PrefixFree,
    /// `lead-trail-disjoint`: a unit alone tells whether it starts a code.
    LeadTrailDisjoint,
    /// `no-false-match`: a valid code sequence never occurs in valid text
    /// off a code boundary.
    NoFalseMatch,
    /// `self-synchronizing`: decoding from inside a code falls back in step.
    SelfSynchronizing,
    /// `binary-order`: codes compare as their code points.
    BinaryOrder,
    /// `length-from-prefix`: the length of a code is known from its first
    /// units.
    LengthFromPrefix,
    /// `base-compatible`: identical to UTF-8, UTF-16 or UTF-32 on the
    /// Unicode range.
    BaseCompatible,
    /// `error-contract`: errors as the `Encoding` trait documents them
    /// (maximal ill-formed subparts, truncation only where a code could go
    /// on, one U+FFFD per subpart, absolute offsets).
    ErrorContract,
    /// `density`: units and bytes per code point (informational).
    Density,
}

impl Property {
    /// Every property, in report order.
    pub const ALL: [Property; 11] = [
        Property::RoundTrip,
        Property::Canonical,
        Property::PrefixFree,
        Property::LeadTrailDisjoint,
        Property::NoFalseMatch,
        Property::SelfSynchronizing,
        Property::BinaryOrder,
        Property::LengthFromPrefix,
        Property::BaseCompatible,
        Property::ErrorContract,
        Property::Density,
    ];

    /// The property's name as reports print it.
    ///
    /// ```
    /// use ucsx_lab::properties::Property;
    /// assert_eq!(Property::LeadTrailDisjoint.name(), "lead-trail-disjoint");
    /// ```
    pub const fn name(self) -> &'static str {
        match self {
            Property::RoundTrip => "round-trip",
            Property::Canonical => "canonical",
            Property::PrefixFree => "prefix-free",
            Property::LeadTrailDisjoint => "lead-trail-disjoint",
            Property::NoFalseMatch => "no-false-match",
            Property::SelfSynchronizing => "self-synchronizing",
            Property::BinaryOrder => "binary-order",
            Property::LengthFromPrefix => "length-from-prefix",
            Property::BaseCompatible => "base-compatible",
            Property::ErrorContract => "error-contract",
            Property::Density => "density",
        }
    }
}

impl fmt::Display for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `pad`, so that reports can align names with `{:<20}`.
        f.pad(self.name())
    }
}

/// A string that names no property.
///
/// ```
/// let err = "speed".parse::<ucsx_lab::properties::Property>().unwrap_err();
/// assert!(err.to_string().contains("speed"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePropertyError {
    name: alloc::string::String,
}

impl fmt::Display for ParsePropertyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no property named {} (one of: ", ucsx::quote(&self.name))?;
        for (i, p) in Property::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(p.name())?;
        }
        f.write_str(")")
    }
}

impl core::error::Error for ParsePropertyError {}

impl FromStr for Property {
    type Err = ParsePropertyError;

    fn from_str(s: &str) -> Result<Property, ParsePropertyError> {
        Property::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| ParsePropertyError { name: s.into() })
    }
}

impl PartialEq<str> for Property {
    fn eq(&self, other: &str) -> bool {
        self.name() == other
    }
}

impl PartialEq<&str> for Property {
    fn eq(&self, other: &&str) -> bool {
        self.name() == *other
    }
}

impl PartialEq<Property> for str {
    fn eq(&self, other: &Property) -> bool {
        self == other.name()
    }
}

impl PartialEq<Property> for &str {
    fn eq(&self, other: &Property) -> bool {
        *self == other.name()
    }
}

impl AsRef<str> for Property {
    fn as_ref(&self) -> &str {
        self.name()
    }
}
