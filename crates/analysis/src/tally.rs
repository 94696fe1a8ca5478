//! A named count (`Brujah: 5`), the building block of the stats tables.

use serde::Serialize;

/// A name and how many cards (copies counted) it covers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// What is counted: a clan, a type, a requirement...
    pub name: String,
    /// Copies.
    pub count: u32,
}

/// Adds `count` to the tally named `name`, creating it at the end if needed.
pub fn add(tallies: &mut Vec<Tally>, name: &str, count: u32) {
    match tallies.iter_mut().find(|t| t.name == name) {
        Some(tally) => tally.count += count,
        None => tallies.push(Tally {
            name: name.to_string(),
            count,
        }),
    }
}

/// Sorts tallies by count, largest first, then by name.
pub fn sort_by_count(tallies: &mut [Tally]) {
    tallies.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tallies_add_up_and_sort_by_count() {
        let mut tallies = Vec::new();
        add(&mut tallies, "b", 1);
        add(&mut tallies, "a", 2);
        add(&mut tallies, "b", 3);
        sort_by_count(&mut tallies);
        let flat: Vec<(&str, u32)> = tallies.iter().map(|t| (t.name.as_str(), t.count)).collect();
        assert_eq!(flat, [("b", 4), ("a", 2)]);
    }
}
