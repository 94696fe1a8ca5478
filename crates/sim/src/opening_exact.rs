use rustc_hash::FxHashMap;

use crate::hypergeometric::LnFactorials;

use super::deck_tables::{DeckTables, MASTER_CLASS};

/// Most distinct starts (by the union of the library classes they play) the
/// enumeration keeps at any step; beyond, the exact form is too long to
/// compute and the figures are sampled instead.
pub(crate) const MAX_START_STATES: usize = 1_000_000;

/// The joint figures of an opening ("playable": a minion card, neither a master
/// nor an event, that one of the starting crypt cards can play, as
/// [`vtesdeck_cards::CryptRequirement::is_met_by`] says),
/// computed exactly ([`OpeningFigures::exact`]): which library cards the
/// starting crypt cards can play, summed over every distinct start.
///
/// Method: the crypt kinds that play the same library classes are merged into
/// one group; the distinct starting crypts (multisets of `crypt_draw` cards
/// over the groups) are enumerated with their multivariate hypergeometric
/// weight (a product of binomials `C(copies, drawn)` over `C(crypt, crypt_draw)`),
/// merging starts that play the same classes. For each start, the library
/// splits into masters (`M`), minion cards that start can play (`P`), and the
/// rest (minion cards it cannot play, events); with `L` library cards and a
/// hand of `h`:
///
/// - P(no playable minion card) = `C(L-P, h) / C(L, h)`;
/// - mean playable cards = `h P / L`;
/// - P(a master and a playable card) = `1 - C(L-M, h)/C(L, h) - C(L-P, h)/C(L, h)
///   + C(L-M-P, h)/C(L, h)` (inclusion-exclusion).
///
/// Each figure is the sum over starts of its weight times the figure.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct OpeningFigures {
    /// P(the hand holds at least one master and at least one playable card).
    pub master_and_playable: f64,
    /// Mean number of hand cards playable by at least one starting crypt card.
    pub mean_playable: f64,
    /// P(the hand holds no playable minion card).
    pub no_playable_minion: f64,
}

/// The distribution of the number of library cards the starting crypt cards
/// can play: `p[n]` = P(exactly `n` library cards are playable by the start),
/// exact; `None` when the enumeration would exceed [`MAX_START_STATES`].
///
/// `crypt_draw` must not exceed the crypt (as [`super::opening_hand::check_opening`] checks).
pub(crate) fn playable_count_distribution(
    tables: &DeckTables,
    crypt_draw: u32,
) -> Option<Vec<f64>> {
    let words = tables.words;
    let draw = crypt_draw as usize;
    // Crypt kinds playing the same classes are one group.
    let mut groups: Vec<(&[u64], u32)> = Vec::new();
    for (k, kind) in tables.crypt.iter().enumerate() {
        let mask = &tables.playable[k * words..(k + 1) * words];
        match groups.iter_mut().find(|(m, _)| *m == mask) {
            Some((_, count)) => *count += kind.count,
            None => groups.push((mask, kind.count)),
        }
    }
    let crypt_size: u32 = groups.iter().map(|(_, c)| c).sum();
    let ln = LnFactorials::new(crypt_size.max(1));
    // union of playable classes -> ways[drawn] (a product of binomials).
    let mut states: FxHashMap<Box<[u64]>, Vec<f64>> = FxHashMap::default();
    let mut start = vec![0.0; draw + 1];
    start[0] = 1.0;
    states.insert(vec![0u64; words].into_boxed_slice(), start);
    for (mask, count) in groups {
        let binomials: Vec<f64> = (0..=count.min(crypt_draw))
            .map(|j| ln.ln_choose(count, j).map_or(0.0, f64::exp))
            .collect();
        let mut next: FxHashMap<Box<[u64]>, Vec<f64>> = FxHashMap::default();
        for (union, ways) in &states {
            let with: Box<[u64]> = union.iter().zip(mask).map(|(u, m)| u | m).collect();
            for (drawn, &weight) in ways.iter().enumerate() {
                if weight == 0.0 {
                    continue;
                }
                for (j, binomial) in binomials.iter().enumerate().take(draw - drawn + 1) {
                    let key = if j == 0 { union } else { &with };
                    let cell = match next.get_mut(key) {
                        Some(cell) => cell,
                        None => next
                            .entry(key.clone())
                            .or_insert_with(|| vec![0.0; draw + 1]),
                    };
                    cell[drawn + j] += weight * binomial;
                }
            }
            if next.len() > MAX_START_STATES {
                return None;
            }
        }
        states = next;
    }
    let mut class_counts = vec![0u32; tables.classes];
    for class in &tables.library_pile {
        class_counts[usize::from(*class)] += 1;
    }
    let mut by_playable = vec![0.0; tables.library_pile.len() + 1];
    for (union, ways) in &states {
        let playable: u32 = class_counts
            .iter()
            .enumerate()
            .filter(|(c, _)| union[c / 64] >> (c % 64) & 1 == 1)
            .map(|(_, n)| n)
            .sum();
        by_playable[playable as usize] += ways[draw];
    }
    let total: f64 = by_playable.iter().sum();
    if total <= 0.0 || !total.is_finite() {
        return None;
    }
    by_playable.iter_mut().for_each(|p| *p /= total);
    Some(by_playable)
}

impl OpeningFigures {
    /// The exact figures for a hand of `hand` cards and `crypt_draw` starting
    /// crypt cards (tables and sizes as checked by
    /// [`super::opening_hand::check_opening`]); `None` when the enumeration
    /// would exceed `MAX_START_STATES`.
    pub fn exact(tables: &DeckTables, hand: u32, crypt_draw: u32) -> Option<OpeningFigures> {
        let by_playable = playable_count_distribution(tables, crypt_draw)?;
        let library = tables.library_pile.len() as u32;
        let masters = tables
            .library_pile
            .iter()
            .filter(|c| **c == MASTER_CLASS)
            .count() as u32;
        let ln = LnFactorials::new(library.max(1));
        let all = ln.ln_choose(library, hand)?;
        // P(none of `n` given cards in the hand) = C(L - n, h) / C(L, h).
        let none_of = |n: u32| {
            library
                .checked_sub(n)
                .and_then(|rest| ln.ln_choose(rest, hand))
                .map_or(0.0, |ways| (ways - all).exp())
        };
        let no_master = none_of(masters);
        let mut figures = OpeningFigures {
            master_and_playable: 0.0,
            mean_playable: 0.0,
            no_playable_minion: 0.0,
        };
        for (playable, &p) in by_playable.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let playable = playable as u32;
            let no_playable = none_of(playable);
            let neither = none_of(masters + playable);
            figures.master_and_playable += p * (1.0 - no_master - no_playable + neither);
            figures.mean_playable += p * f64::from(hand) * f64::from(playable) / f64::from(library);
            figures.no_playable_minion += p * no_playable;
        }
        figures.master_and_playable = figures.master_and_playable.clamp(0.0, 1.0);
        figures.no_playable_minion = figures.no_playable_minion.clamp(0.0, 1.0);
        Some(figures)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    fn choose(n: u128, k: u128) -> u128 {
        (0..k).fold(1u128, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn crafted_deck_by_hand() {
        let db = fixture_db();
        // Crypt: Alma Test x2 (Brujah, pot) and Dario Test x2 (AUS CEL PRE), draw 2.
        // Library of 10: 2 masters, 3 Test Punch (Potence: Alma only),
        // 5 Test Dodge (Celerity/Auspex: Dario only); hand of 3.
        let deck = deck_of(
            &db,
            &[
                (200001, 2),
                (200004, 2),
                (100001, 2),
                (100004, 3),
                (100005, 5),
            ],
        );
        let tables = DeckTables::new(&deck, &db).unwrap();
        // Starts out of C(4,2) = 6: {Alma, Alma} 1 way -> P = 3; {Dario, Dario} 1 way
        // -> P = 5; {Alma, Dario} 4 ways -> P = 8.
        let dist = playable_count_distribution(&tables, 2).unwrap();
        assert!((dist[3] - 1.0 / 6.0).abs() < 1e-15);
        assert!((dist[5] - 1.0 / 6.0).abs() < 1e-15);
        assert!((dist[8] - 4.0 / 6.0).abs() < 1e-15);
        let f = OpeningFigures::exact(&tables, 3, 2).unwrap();
        // C(10,3) = 120. No playable: P=3 -> C(7,3)=35; P=5 -> C(5,3)=10; P=8 -> C(2,3)=0.
        // (35/120 + 10/120) / 6 = 45/720 = 1/16.
        assert!((f.no_playable_minion - 1.0 / 16.0).abs() < 1e-14);
        // Mean playable: 3 (1*3 + 1*5 + 4*8) / (10 * 6) = 3 * 40 / 60 = 2.
        assert!((f.mean_playable - 2.0).abs() < 1e-14);
        // Master and playable, 1 - C(8,3)/120 - C(10-P,3)/120 + C(8-P,3)/120:
        // P=3: 1 - 56/120 - 35/120 + C(5,3)=10/120 = 39/120;
        // P=5: 1 - 56/120 - 10/120 + C(3,3)=1/120 = 55/120;
        // P=8: 1 - 56/120 - 0 + 0 = 64/120.
        // (39 + 55 + 4*64) / 720 = 350/720.
        assert!((f.master_and_playable - 350.0 / 720.0).abs() < 1e-14);
        assert_eq!(choose(10, 3), 120);
    }

    /// P(n playable) by brute force over the C(12, 4) = 495 position subsets
    /// of the crypt pile (copies are distinct positions).
    fn brute_force(tables: &DeckTables) -> Vec<f64> {
        let pile = &tables.crypt_pile;
        let mut counts = vec![0u32; tables.library_pile.len() + 1];
        let mut starts = 0u32;
        for a in 0..pile.len() {
            for b in a + 1..pile.len() {
                for c in b + 1..pile.len() {
                    for d in c + 1..pile.len() {
                        starts += 1;
                        let playable = tables
                            .library_pile
                            .iter()
                            .filter(|class| {
                                [a, b, c, d]
                                    .iter()
                                    .any(|&i| tables.can_play(usize::from(pile[i]), **class))
                            })
                            .count();
                        counts[playable] += 1;
                    }
                }
            }
        }
        assert_eq!(starts, 495);
        counts.iter().map(|&n| f64::from(n) / 495.0).collect()
    }

    #[test]
    fn enumeration_equals_brute_force_over_the_495_starts() {
        let db = fixture_db();
        let distinct = [
            200001, 200002, 200003, 200004, 200005, 200006, 200007, 200008, 200011, 200012, 200013,
            200014,
        ];
        let library = [
            (100001, 20),
            (100004, 25),
            (100005, 25),
            (100008, 10),
            (100009, 10),
        ];
        let mut twelve: Vec<(u32, u32)> = distinct.iter().map(|id| (*id, 1)).collect();
        twelve.extend(library);
        let mut copies = vec![(200001, 3), (200004, 4), (200006, 2), (200013, 3)];
        copies.extend(library);
        for cards in [twelve, copies] {
            let deck = deck_of(&db, &cards);
            let tables = DeckTables::new(&deck, &db).unwrap();
            let exact = playable_count_distribution(&tables, 4).unwrap();
            let brute = brute_force(&tables);
            assert_eq!(exact.len(), brute.len());
            for (n, (e, b)) in exact.iter().zip(&brute).enumerate() {
                assert!((e - b).abs() < 1e-13, "{n} playable: {e} vs {b}");
            }
        }
    }
}
