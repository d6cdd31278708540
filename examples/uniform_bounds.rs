//! For each of the 44 band classes: the largest B of a band signature below
//! a top band of the class, over the 56^3 splits, and the expected number
//! of signature proposals with that bound: the source of
//! `uniform::CLASS_PRODUCT_MAX`.
//!
//! `cargo run --release --example uniform_bounds`
use sudogen::strategies::uniform::{b_of, class_of_key, key_signature, splits_below};

fn main() {
    let mut seen = [false; 44];
    for key in 0..280 * 280 {
        let sig1 = key_signature(key);
        let Some(class) = class_of_key(key) else {
            continue;
        };
        if seen[class] {
            continue;
        }
        seen[class] = true;
        let (mut m, mut sum, mut pm) = (0u32, 0f64, 0u32);
        for k in 0..56 * 56 * 56 {
            let (s2, s3) = splits_below(&sig1, [k / 3136, k / 56 % 56, k % 56]);
            let (b2, b3) = (b_of(&s2), b_of(&s3));
            m = m.max(b2).max(b3);
            pm = pm.max(b2 * b3);
            sum += f64::from(b2) * f64::from(b3);
        }
        let mean = sum / (56.0 * 56.0 * 56.0);
        println!(
            "class {:2}: max B {m:5}, max B2*B3 {pm:8}, mean B2*B3 {mean:9.0}, tries {:.2}",
            class + 1,
            f64::from(pm) / mean
        );
    }
}
