//! Prints the property checker's report for every built-in format.
//!
//! ```text
//! cargo run --release --example properties_report
//! ```

use ucsx::Format;
use ucsx_lab::properties::{check_format, CheckConfig};

fn main() {
    let config = CheckConfig::default();
    for format in Format::ALL {
        println!("{}", check_format(format, &config));
    }
}
