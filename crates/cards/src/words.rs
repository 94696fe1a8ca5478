//! Counts written as people write them, shared by every layer that words a
//! message (the rules' problems, the tables, the report).

/// A count with its noun: `1 game`, `0 games`, `2 games`.
pub fn quantity(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_every_other_count_plural() {
        assert_eq!(quantity(1u32, "game", "games"), "1 game");
        assert_eq!(quantity(0u32, "game", "games"), "0 games");
        assert_eq!(quantity(100_000u64, "game", "games"), "100000 games");
    }
}
