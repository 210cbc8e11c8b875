//! Values below 2^64 never touch the heap: creating, cloning, comparing,
//! hashing and the u64 fast paths are proved allocation-free with a counting
//! global allocator (per thread, so parallel tests do not interfere).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use ucsx::{CodePoint, Encoding, Utf32, Utf8, UtfE8, UtfG32, UtfG8};

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
