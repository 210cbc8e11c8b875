//! Values below 2^64 never touch the heap: creating, cloning, comparing,
//! hashing and the u64 fast paths are proved allocation-free with a counting
//! global allocator (per thread, so parallel tests do not interfere).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use ucsx::{
    CodePoint, EncodedString, Encoding, Utf16, Utf32, Utf8, UtfE16, UtfE8, UtfG16, UtfG32, UtfG8,
    UtfInf16,
};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during(f: impl FnOnce()) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    f();
    ALLOCATIONS.with(Cell::get) - before
}

#[test]
fn code_point_is_at_most_16_bytes() {
    assert!(std::mem::size_of::<CodePoint>() <= 16);
}

#[test]
fn small_values_never_allocate() {
    let n = allocations_during(|| {
        let values = [0u64, 0x41, 0xD800, 0x10FFFF, 0x7FFF_FFFF, u64::MAX];
        for &v in &values {
            let a = CodePoint::from(v);
            let b = a.clone();
            assert_eq!(a, b);
            assert!(a <= b);
            let mut h = DefaultHasher::new();
            a.hash(&mut h);
            std::hint::black_box(h.finish());
            std::hint::black_box((a.bits(), a.to_u64(), a.is_unicode(), a.to_char()));
        }
        let _ = CodePoint::from('x');
        let _ = CodePoint::from(7u8);
        let _: CodePoint = "U+10FFFF".parse().unwrap();
        let _: CodePoint = "U+00000000000000000000FFFFFFFFFFFFFFFF".parse().unwrap();
        let _ = CodePoint::from(num_bigint::BigUint::default());
    });
    // The last line builds a BigUint (no heap for zero) and drops it.
    assert_eq!(n, 0, "allocations on the u64 path");
}

#[test]
fn huge_values_allocate_as_a_control() {
    // The counter can fail: a value of 2^64 or more is boxed.
    let n = allocations_during(|| {
        std::hint::black_box("U+10000000000000000".parse::<CodePoint>().unwrap());
    });
    assert!(n > 0);
}

fn fast_paths_into_reserved<E: Encoding>(values: &[u64]) {
    let mut units = Vec::with_capacity(values.len() * 13);
    let mut decoded = Vec::with_capacity(values.len());
    let n = allocations_during(|| {
        E::encode_u64s(values, &mut units).unwrap();
        E::validate(&units).unwrap();
        E::decode_u64s(&units, &mut decoded).unwrap();
        let mut pos = 0;
        while pos < units.len() {
            let (_, len) = E::decode(&units[pos..]).unwrap();
            pos += len;
        }
        let _ = E::validate(&units[..units.len() - 1]);
    });
    assert_eq!(n, 0, "{} fast path allocated", E::NAME);
    assert_eq!(decoded, values);
}

#[test]
fn fast_paths_do_not_allocate() {
    let unicode = [0x41, 0xE9, 0x20AC, 0x1F600, 0x10FFFF];
    fast_paths_into_reserved::<Utf8>(&unicode);
    fast_paths_into_reserved::<Utf32>(&unicode);
    fast_paths_into_reserved::<UtfG8>(&[0x41, 0x7FFF_FFFF, 0x400_0000]);
    fast_paths_into_reserved::<UtfG32>(&[0x41, 0x7FFF_FFFF]);
    fast_paths_into_reserved::<UtfE8>(&[0x41, 0x8000_0000, 0x7FFF_FFFF_FFFF_FFFF]);
}

/// Reading a string of code points below 2^64 allocates nothing, from
/// either end: backward iteration reads code starts from the units, it
/// records none.
fn string_reads<E: Encoding>(values: &[u64]) {
    let cps: Vec<CodePoint> = values
        .iter()
        .map(|&v| CodePoint::from(v))
        .filter(|c| E::can_encode(c))
        .collect();
    let long: Vec<CodePoint> = cps.iter().cycle().take(10 * cps.len()).cloned().collect();
    let mut s = EncodedString::<E>::try_from_code_points(long).unwrap();
    let twin = s.clone();
    let last = EncodedString::<E>::try_from_code_points(cps[cps.len() - 1..].to_vec()).unwrap();
    let n = allocations_during(|| {
        let mut back = 0;
        for cp in s.code_points().rev() {
            back += usize::from(cp.bits() > 0);
        }
        let mut it = s.code_point_indices();
        while it.next_back().is_some() && it.next().is_some() {}
        assert!(back > 0 && s.count() == 10 * cps.len());
        assert_eq!(s.cmp(&twin), std::cmp::Ordering::Equal);
        let at = s.rfind(last.as_encoded_str()).unwrap();
        assert!(s.is_code_boundary(at) && s.get(0..at).is_some());
        assert!(s.ends_with(&last) && s.find(&last).is_some());
        assert_eq!(s.split(&last).count(), 11);
        assert_eq!(s.pop(), cps.last().cloned());
        s.truncate(at);
    });
    assert_eq!(n, 0, "{}", E::NAME);
}

#[test]
fn string_reads_do_not_allocate() {
    let values = [
        0x41,
        0xE9,
        0xE000,
        0x1F600,
        0x10FFFF,
        0x110000,
        0x7FFF_FFFF,
        0x8000_0000,
        0x7FFF_FFFF_FFFF_FFFF,
    ];
    string_reads::<Utf8>(&values);
    string_reads::<UtfG8>(&values);
    string_reads::<UtfE8>(&values);
    string_reads::<Utf16>(&values);
    string_reads::<UtfG16>(&values);
    string_reads::<UtfE16>(&values);
    string_reads::<UtfInf16>(&values);
    string_reads::<Utf32>(&values);
    string_reads::<UtfG32>(&values);
}
