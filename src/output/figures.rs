//! Numbers as people write them: percentages in plain decimals (`0.04%`, not
//! `4.0e-2%`), `100%` only for what is certain, and counts with the noun in
//! the singular or the plural (`1 game`, `2 games`).

/// The smallest percentage written as a number; a smaller one that is not 0
/// is written `< 0.0001%`.
const SMALLEST_PERCENT: f64 = 0.0001;

/// A probability as a percentage: one decimal (`78.3%`); below 0.1%, two
/// significant digits in a plain decimal (`0.043%`, `0.0032%`) down to
/// `0.0001%`, then `< 0.0001%`; `> 99.9%` for what one decimal would round
/// to 100% but can fail. Only an exact 1 (a certain event) is `100%`, and only
/// an exact 0 is `0%`.
pub fn percent(p: f64) -> String {
    if p >= 1.0 {
        return "100%".to_string();
    }
    if p <= 0.0 || p.is_nan() {
        return "0%".to_string();
    }
    let value = p * 100.0;
    if value >= 99.95 {
        "> 99.9%".to_string()
    } else if value >= 0.1 {
        format!("{value:.1}%")
    } else if value >= SMALLEST_PERCENT * 0.995 {
        // (What two significant digits round to 0.0001 is written so.)
        format!("{}%", small(value))
    } else {
        format!("< {SMALLEST_PERCENT}%")
    }
}

/// A sampled percentage with its standard error (`45.21% ± 0.16%`); a figure
/// that two decimals would show as `0.00%` gets two significant digits
/// (`0.0012% ± 0.00035%`).
pub(crate) fn percent_with_error(p: f64, standard_error: f64) -> String {
    let written = |x: f64| {
        let value = x * 100.0;
        if value <= 0.0 || value.is_nan() {
            "0%".to_string()
        } else if value >= 0.01 {
            format!("{value:.2}%")
        } else {
            format!("{}%", small(value))
        }
    };
    format!("{} ± {}", written(p), written(standard_error))
}

/// A small positive number (below 0.1) with two significant digits in a
/// plain decimal, trailing zeros dropped (`0.04`, `0.0032`).
fn small(value: f64) -> String {
    // Two significant digits: as many decimals as the first digit's place, plus one.
    let decimals = (1 - value.log10().floor() as i32).max(0) as usize;
    let text = format!("{value:.decimals$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentages_as_people_write_them() {
        let table = [
            (0.0, "0%"),
            (1.0, "100%"),
            (0.783, "78.3%"),
            (0.5, "50.0%"),
            (0.001, "0.1%"),
            (0.0004, "0.04%"),
            (0.000_432, "0.043%"),
            (0.000_032, "0.0032%"),
            (0.000_099_9, "0.01%"),
            (0.000_001, "0.0001%"),
            (0.000_000_9, "< 0.0001%"),
            (0.999_9, "> 99.9%"),
            (1.0 - f64::EPSILON / 2.0, "> 99.9%"),
            (0.999_4, "99.9%"),
        ];
        for (p, written) in table {
            assert_eq!(percent(p), written, "{p}");
        }
        // Never scientific notation.
        for exponent in 0..20 {
            let p = 10f64.powi(-exponent) * 0.37;
            assert!(!percent(p).contains('e'), "{p}: {}", percent(p));
        }
    }

    #[test]
    fn estimates_keep_their_size_in_plain_decimals() {
        assert_eq!(percent_with_error(0.4521, 0.0016), "45.21% ± 0.16%");
        assert_eq!(
            percent_with_error(0.000_001, 0.000_000_5),
            "0.0001% ± 0.00005%"
        );
        assert_eq!(percent_with_error(0.0, 0.0), "0% ± 0%");
    }

    #[test]
    fn counts_take_the_singular_for_one() {}
}
