//! Each property draws its cases from its own stream, derived from the seed
//! and the property's name: checking one property alone
//! (`check_only`, `ucsx properties --only`) gives the verdict, the method
//! and the counterexample it has in the full report, whatever the seed.

use ucsx::Encoding;
use ucsx_lab::describe::DescribedFormat;
use ucsx_lab::properties::{check, check_only, ArbitraryUnit, CheckConfig, Property};

const SEEDS: [u64; 3] = [1, 0xBAD5EED, 0x05CE_50F0_C0DE];

fn config(seed: u64) -> CheckConfig {
    CheckConfig {
        cases: 48,
        max_bits: 64,
        seed,
    }
}

fn same_alone<E: Encoding>() -> Result<(), String>
where
    E::Unit: ArbitraryUnit,
{
    for seed in SEEDS {
        let all = check::<E>(&config(seed));
        for p in Property::ALL {
            let alone = check_only::<E>(&config(seed), &[p]);
            if alone.results.len() != 1 || all.get(p.name()) != Some(&alone.results[0]) {
                return Err(format!(
                    "{} seed {seed:#x}: {p} differs alone\n{all}\n{alone}",
                    E::NAME
                ));
            }
        }
    }
    Ok(())
}

#[test]
fn a_property_checked_alone_has_its_verdict_of_the_full_report() -> Result<(), String> {
    same_alone::<ucsx::Utf8>()?;
    same_alone::<ucsx::Utf16>()?;
    same_alone::<ucsx::UtfInf16>()?;
    same_alone::<ucsx::UtfE8>()?;
    Ok(())
}

/// The same for described formats, whose verdicts are in part decided and
/// in part sampled: the zoo's, which fail several properties, so that the
/// counterexamples are compared too.
#[test]
fn a_described_property_checked_alone_has_its_verdict_of_the_full_report() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("zoo");
    for file in [
        "ebml-vint.toml",
        "sqlite4-varint.toml",
        "leb128.toml",
        "midi-vlq.toml",
    ] {
        let d = DescribedFormat::parse(&std::fs::read_to_string(dir.join(file)).unwrap()).unwrap();
        for seed in SEEDS {
            let all = d.check(&config(seed));
            for p in Property::ALL {
                let alone = d.check_only(&config(seed), &[p]);
                assert_eq!(alone.results.len(), 1, "{file}");
                assert_eq!(
                    all.get(p.name()),
                    Some(&alone.results[0]),
                    "{file} seed {seed:#x}: {p}"
                );
            }
        }
    }
}
