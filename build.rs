//! Tells the crate's unit tests which vector extensions the processor
//! building them has (`cfg(ucsx_cpu_*)`), so that a test of a tier the
//! processor lacks is reported as ignored instead of passing without having
//! run. Only `#[cfg(test)]` code reads these; the library itself asks the
//! processor at run time (`src/tier.rs`).

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    for cfg in ["ucsx_cpu_avx512", "ucsx_cpu_avx2", "ucsx_cpu_ssse3"] {
        println!("cargo::rustc-check-cfg=cfg({cfg})");
    }
    // The tests run where they are built only when host and target agree.
    if std::env::var("HOST").ok() != std::env::var("TARGET").ok() {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        // What `engine/avx512.rs` needs.
        if has!("avx512bw")
            && has!("avx512vbmi")
            && has!("avx512vbmi2")
            && has!("bmi2")
            && has!("popcnt")
        {
            println!("cargo::rustc-cfg=ucsx_cpu_avx512");
        }
        if has!("avx2") && has!("bmi1") && has!("lzcnt") {
            println!("cargo::rustc-cfg=ucsx_cpu_avx2");
        }
        if has!("ssse3") {
            println!("cargo::rustc-cfg=ucsx_cpu_ssse3");
        }
    }
}
