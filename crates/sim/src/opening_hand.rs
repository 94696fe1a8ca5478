use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::hypergeometric::{score_distribution, tail, Hypergeometric, LnFactorials};
use vtesdeck_analysis::{crypt_discipline_counts, known_cards, DisciplineCount};
use vtesdeck_cards::{CardDb, CardId, CardType};
use vtesdeck_deck::{Deck, OPENING_HAND, STARTING_CRYPT};

use super::deck_tables::{DeckTables, MASTER_CLASS};
use super::key::{KeyInStart, KeyVampires};
use super::opening_exact::OpeningFigures;
use super::seed::{below, run_chunks, Seed, SimRng};
use super::{SimError, DEFAULT_SAMPLES};

/// Largest `k` of the `p_at_least` lists.
const AT_LEAST: u32 = 4;

/// A group of cards followed with `--track`: a label and the card ids.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrackedGroup {
    /// How the group is shown (`Test Punch, Test Dodge`).
    pub label: String,
    /// The cards of the group.
    pub ids: Vec<CardId>,
}

/// What to draw and how many samples to take.
#[derive(Debug, Clone)]
pub struct DrawOptions {
    /// Library cards in the opening hand ([`OPENING_HAND`] by default).
    pub hand: u32,
    /// Crypt cards dealt to the uncontrolled region ([`STARTING_CRYPT`] by default).
    pub crypt_draw: u32,
    /// Monte Carlo samples for the joint figures.
    pub samples: u64,
    /// Seed of the samples.
    pub seed: Seed,
    /// Card groups followed with `--track`.
    pub tracked: Vec<TrackedGroup>,
    /// Key vampires (`--key`).
    pub keys: KeyVampires,
    /// `--seen N`: the odds of each tracked group among the first N library cards.
    pub seen: Option<u32>,
}

impl Default for DrawOptions {
    fn default() -> DrawOptions {
        DrawOptions {
            hand: OPENING_HAND,
            crypt_draw: STARTING_CRYPT,
            samples: DEFAULT_SAMPLES,
            seed: Seed::DEFAULT,
            tracked: Vec::new(),
            keys: KeyVampires::default(),
            seen: None,
        }
    }
}

/// A list of named figures that serialises as a JSON object, keeping its order.
#[derive(Debug, Clone, PartialEq)]
pub struct Figures<T>(pub Vec<(String, T)>);

impl<T: Serialize> Serialize for Figures<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// Exact odds for one group of cards.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CardOdds {
    /// Cards of the group in the pile.
    pub count: u32,
    /// Expected number drawn.
    pub expected: f64,
    /// P(at least k drawn) for k = 1..4.
    pub p_at_least: Vec<f64>,
}

impl CardOdds {
    fn new(population: u32, count: u32, draws: u32, ln: &LnFactorials) -> CardOdds {
        let h = Hypergeometric::new(population, count, draws);
        CardOdds {
            count,
            expected: h.mean(),
            p_at_least: (1..=AT_LEAST).map(|k| h.p_at_least(k, ln)).collect(),
        }
    }
}

/// Exact odds of the opening hand.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct LibraryOdds {
    /// Per card type (a multi-type card counts in each of its types).
    pub types: Figures<CardOdds>,
    /// Per discipline requirement (`Potence`, `Celerity/Auspex`).
    pub disciplines: Figures<CardOdds>,
    /// Per clan requirement (`Brujah`, `Toreador/Ventrue`).
    pub clans: Figures<CardOdds>,
    /// Trifles.
    pub trifles: CardOdds,
    /// Each `--track` group.
    pub tracked: Figures<CardOdds>,
}

/// Exact odds of the starting crypt cards.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CryptOdds {
    /// Per distinct crypt card, by id: its name and P(at least one copy).
    pub vampires: Figures<CryptCardOdds>,
    /// Distribution of the total capacity: sum -> probability.
    pub capacity_total: Figures<f64>,
    /// P(at least k distinct vampires) for k = 1..crypt_draw: every printing of
    /// a name is one vampire ([`vtesdeck_cards::Identity`]), and each copy of a
    /// non-unique vampire (The Horde) counts as one more.
    pub distinct_at_least: Vec<f64>,
    /// P(at least two copies, any printings, of one unique vampire).
    pub duplicate: f64,
    /// Per crypt discipline (inferior or superior; Flight and the Imbued virtues
    /// included), most common first as `stats` lists them
    /// ([`crypt_discipline_counts`]): count of crypt cards with it and P(at least
    /// k of the drawn cards have it), k = 1..4.
    pub disciplines: Figures<CardOdds>,
}

/// One crypt card among the starting crypt cards.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CryptCardOdds {
    /// The card's name (with its group or advanced mark when other printings exist).
    pub name: String,
    /// Copies in the crypt.
    pub count: u32,
    /// P(at least one copy among the starting crypt cards).
    pub p_at_least_one: f64,
}

/// A sampled figure and its standard error.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Estimate {
    /// The estimate.
    pub value: f64,
    /// Its standard error.
    pub standard_error: f64,
}

impl Estimate {
    fn proportion(hits: u64, samples: u64) -> Estimate {
        let n = samples as f64;
        let p = hits as f64 / n;
        Estimate {
            value: p,
            standard_error: (p * (1.0 - p) / n).sqrt(),
        }
    }

    fn mean(sum: u64, sum_of_squares: u64, samples: u64) -> Estimate {
        let n = samples as f64;
        let mean = sum as f64 / n;
        let variance = (sum_of_squares as f64 / n - mean * mean).max(0.0);
        Estimate {
            value: mean,
            standard_error: (variance / n).sqrt(),
        }
    }
}

/// Sampled figures of the opening ("playable": a minion card, i.e. neither a
/// master nor an event, that one of the starting crypt cards can play, as
/// [`vtesdeck_cards::CryptRequirement::is_met_by`] says).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct SampledOdds {
    /// P(the hand holds at least one master and at least one playable card).
    pub master_and_playable: Estimate,
    /// Mean number of hand cards playable by at least one starting crypt card.
    pub mean_playable: Estimate,
    /// P(the hand holds no playable minion card).
    pub no_playable_minion: Estimate,
}

/// The odds of an opening (`vtesdeck draw`): exact odds of what the first
/// hand and the first crypt cards hold: per card group (hypergeometric), the joint figures of the
/// hand and the starting crypt ([`OpeningFigures::exact`]), the key vampires
/// ([`KeyInStart`]); sampling ([`SampledOdds`]) only when the exact enumeration
/// would be too long.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct DrawOdds {
    /// The deck.
    pub path: String,
    /// Library cards drawn.
    pub hand: u32,
    /// Crypt cards drawn.
    pub crypt_draw: u32,
    /// Samples of the sampled figures (none are taken when every figure is exact).
    pub samples: u64,
    /// Seed of the sampled figures.
    pub seed: u64,
    /// Exact library figures.
    pub library: LibraryOdds,
    /// Exact crypt figures.
    pub crypt: CryptOdds,
    /// The joint figures of the hand and the starting crypt cards.
    pub opening: OpeningFigures,
    /// How `opening` was computed: `exact` (enumerated starts), or `sampled`
    /// when the enumeration would be too long (then `sampled` holds the
    /// standard errors).
    pub opening_method: OpeningMethod,
    /// The sampled joint figures with their standard errors (`null` when exact).
    pub sampled: Option<SampledOdds>,
    /// Key vampires in the starting crypt cards (absent without `--key`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<KeyInStart>,
    /// `--seen N`: tracked groups among the first N library cards (absent without it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seen: Option<SeenOdds>,
}

/// How the joint opening figures were computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OpeningMethod {
    /// Summed over every distinct start: exact.
    Exact,
    /// Sampled: the enumeration would exceed `super::opening_exact::MAX_START_STATES`.
    Sampled,
}

/// The odds of each `--track` group among the first `cards` library cards seen.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SeenOdds {
    /// Library cards seen (7 in the opening hand, one more per later draw).
    pub cards: u32,
    /// Exact odds per tracked group.
    pub tracked: Figures<CardOdds>,
}

impl DrawOdds {
    /// Computes the exact figures and samples the joint ones; `progress(n)` is
    /// called as batches of `n` samples finish.
    pub fn compute(
        deck: &Deck,
        db: &CardDb,
        options: &DrawOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<DrawOdds, SimError> {
        let tables = check_opening(deck, db, options)?;
        let library = LibraryOdds::compute(deck, db, options)?;
        let disciplines = crypt_discipline_counts(known_cards(&deck.crypt, db));
        let crypt = CryptOdds::compute(&tables, &disciplines, options);
        let (opening, opening_method, sampled) =
            match OpeningFigures::exact(&tables, options.hand, options.crypt_draw) {
                Some(exact) => (exact, OpeningMethod::Exact, None),
                None => {
                    let s = SampledOdds::sample(&tables, options, progress);
                    let figures = OpeningFigures {
                        master_and_playable: s.master_and_playable.value,
                        mean_playable: s.mean_playable.value,
                        no_playable_minion: s.no_playable_minion.value,
                    };
                    (figures, OpeningMethod::Sampled, Some(s))
                }
            };
        let key = (!options.keys.is_empty())
            .then(|| KeyInStart::compute(&tables, &options.keys, options.crypt_draw));
        let seen = match options.seen {
            None => None,
            Some(cards) if cards > deck.library_count() => {
                return Err(SimError::SeenTooLarge {
                    path: deck.path_label(),
                    seen: cards,
                    library: deck.library_count(),
                })
            }
            Some(cards) => Some(SeenOdds {
                cards,
                tracked: tracked_odds(deck, &options.tracked, cards),
            }),
        };
        Ok(DrawOdds {
            path: deck.path_label(),
            hand: options.hand,
            crypt_draw: options.crypt_draw,
            samples: if sampled.is_some() {
                options.samples
            } else {
                0
            },
            seed: options.seed.0,
            library,
            crypt,
            opening,
            opening_method,
            sampled,
            key,
            seen,
        })
    }
}

/// Checks the deck and the options (sizes, hand and crypt draw), and builds the tables.
pub fn check_opening(
    deck: &Deck,
    db: &CardDb,
    options: &DrawOptions,
) -> Result<DeckTables, SimError> {
    let tables = DeckTables::with_keys(deck, db, &options.keys)?;
    let path = deck.path_label();
    let (crypt, library) = (deck.crypt_count(), deck.library_count());
    if crypt == 0 {
        return Err(SimError::EmptyCrypt { path });
    }
    if library == 0 {
        return Err(SimError::EmptyLibrary { path });
    }
    if options.hand > library {
        return Err(SimError::HandTooLarge {
            path,
            hand: options.hand,
            library,
        });
    }
    if options.crypt_draw > crypt {
        return Err(SimError::CryptDrawTooLarge {
            path,
            draw: options.crypt_draw,
            crypt,
        });
    }
    Ok(tables)
}

impl LibraryOdds {
    /// Exact library figures (the deck as checked by [`check_opening`]).
    pub(crate) fn compute(
        deck: &Deck,
        db: &CardDb,
        options: &DrawOptions,
    ) -> Result<LibraryOdds, SimError> {
        let population = deck.library_count();
        let ln = LnFactorials::new(population);
        let odds = |count| CardOdds::new(population, count, options.hand, &ln);
        let mut cards = Vec::with_capacity(deck.library.len());
        for entry in &deck.library {
            let card = db.get(entry.id).ok_or_else(|| SimError::UnknownCard {
                path: deck.path_label(),
                line: entry.line,
                id: entry.id,
            })?;
            cards.push((card, entry.count));
        }
        let types = CardType::ALL
            .iter()
            .filter_map(|t| {
                let count: u32 = cards
                    .iter()
                    .filter(|(c, _)| c.types.contains(t))
                    .map(|(_, n)| n)
                    .sum();
                (count > 0).then(|| (t.name().to_string(), odds(count)))
            })
            .collect();
        let mut disciplines: Vec<(String, u32)> = Vec::new();
        let mut clans: Vec<(String, u32)> = Vec::new();
        for (card, count) in &cards {
            if let Some(requirement) = &card.discipline_requirement {
                add_count(&mut disciplines, requirement.to_string(), *count);
            }
            if !card.clans.is_empty() {
                add_count(&mut clans, card.clans.join("/"), *count);
            }
        }
        let trifles = cards.iter().filter(|(c, _)| c.trifle).map(|(_, n)| n).sum();
        let tracked = tracked_odds(deck, &options.tracked, options.hand);
        let ranked = |mut counts: Vec<(String, u32)>| {
            counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
            Figures(counts.into_iter().map(|(k, n)| (k, odds(n))).collect())
        };
        Ok(LibraryOdds {
            types: Figures(types),
            disciplines: ranked(disciplines),
            clans: ranked(clans),
            trifles: odds(trifles),
            tracked,
        })
    }
}

/// Exact odds of each tracked group among `draws` library cards.
fn tracked_odds(deck: &Deck, tracked: &[TrackedGroup], draws: u32) -> Figures<CardOdds> {
    let population = deck.library_count();
    let ln = LnFactorials::new(population);
    Figures(
        tracked
            .iter()
            .map(|group| {
                let count = deck
                    .library
                    .iter()
                    .filter(|e| group.ids.contains(&e.id))
                    .map(|e| e.count)
                    .sum();
                (
                    group.label.clone(),
                    CardOdds::new(population, count, draws, &ln),
                )
            })
            .collect(),
    )
}

fn add_count(counts: &mut Vec<(String, u32)>, key: String, count: u32) {
    match counts.iter_mut().find(|(k, _)| *k == key) {
        Some((_, n)) => *n += count,
        None => counts.push((key, count)),
    }
}

impl CryptOdds {
    /// P(total capacity of the starting cards >= the total at `index` of
    /// [`capacity_total`](Self::capacity_total)): exactly 1 for the smallest
    /// total, strictly between 0 and 1 when it can fail.
    pub fn capacity_at_least(&self, index: usize) -> f64 {
        let chances: Vec<f64> = self.capacity_total.0.iter().map(|(_, p)| *p).collect();
        crate::hypergeometric::tail(&chances, index)
    }

    /// Exact crypt figures (tables and options as checked by [`check_opening`];
    /// `disciplines`: the crypt's, [`crypt_discipline_counts`]).
    pub(crate) fn compute(
        tables: &DeckTables,
        disciplines: &[DisciplineCount],
        options: &DrawOptions,
    ) -> CryptOdds {
        let population = tables.crypt_pile.len() as u32;
        let draw = options.crypt_draw;
        let ln = LnFactorials::new(population);
        let counts: Vec<u32> = tables.crypt.iter().map(|k| k.count).collect();
        let vampires = tables
            .crypt
            .iter()
            .map(|k| {
                let h = Hypergeometric::new(population, k.count, draw);
                let odds = CryptCardOdds {
                    name: k.name.clone(),
                    count: k.count,
                    p_at_least_one: h.p_at_least(1, &ln),
                };
                (k.id.to_string(), odds)
            })
            .collect();
        let capacities = score_distribution(&counts, draw, &ln, |kind, j| {
            usize::from(tables.crypt[kind].capacity) * j as usize
        });
        let capacity_total = capacities
            .iter()
            .enumerate()
            .filter(|(_, p)| **p > 0.0)
            .map(|(sum, p)| (sum.to_string(), *p))
            .collect();
        // Copies by vampire (every printing of a name together) and its uniqueness.
        let mut vampire_counts: Vec<(u32, bool)> = Vec::new();
        for kind in &tables.crypt {
            let index = usize::from(kind.vampire);
            if index == vampire_counts.len() {
                vampire_counts.push((0, kind.unique));
            }
            vampire_counts[index].0 += kind.count;
        }
        let by_vampire: Vec<u32> = vampire_counts.iter().map(|(n, _)| *n).collect();
        let distinct = score_distribution(&by_vampire, draw, &ln, |v, j| {
            if vampire_counts[v].1 {
                usize::from(j > 0)
            } else {
                j as usize
            }
        });
        let distinct_at_least = (1..=draw as usize).map(|k| tail(&distinct, k)).collect();
        let duplicates = score_distribution(&by_vampire, draw, &ln, |v, j| {
            usize::from(vampire_counts[v].1 && j > 1)
        });
        let disciplines = disciplines
            .iter()
            .map(|d| {
                let odds = CardOdds::new(population, d.total(), draw, &ln);
                (d.discipline.abbreviation().to_string(), odds)
            })
            .collect();
        CryptOdds {
            vampires: Figures(vampires),
            capacity_total: Figures(capacity_total),
            distinct_at_least,
            duplicate: tail(&duplicates, 1),
            disciplines: Figures(disciplines),
        }
    }
}

/// Integer tallies of a batch of sampled openings.
#[derive(Debug, Clone, Copy, Default)]
struct OpeningTally {
    master_and_playable: u64,
    playable: u64,
    playable_squared: u64,
    no_playable: u64,
}

impl SampledOdds {
    /// Samples openings in parallel (reproducible for a seed whatever the threads);
    /// tables and options as checked by [`check_opening`].
    pub fn sample(
        tables: &DeckTables,
        options: &DrawOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> SampledOdds {
        let total = run_chunks(
            options.samples,
            options.seed,
            progress,
            |rng, n| {
                let mut sampler = OpeningSampler::new(tables, options);
                let mut tally = OpeningTally::default();
                for _ in 0..n {
                    sampler.sample(rng, &mut tally);
                }
                tally
            },
            OpeningTally::default,
            |a, t| OpeningTally {
                master_and_playable: a.master_and_playable + t.master_and_playable,
                playable: a.playable + t.playable,
                playable_squared: a.playable_squared + t.playable_squared,
                no_playable: a.no_playable + t.no_playable,
            },
        );
        let n = options.samples.max(1);
        SampledOdds {
            master_and_playable: Estimate::proportion(total.master_and_playable, n),
            mean_playable: Estimate::mean(total.playable, total.playable_squared, n),
            no_playable_minion: Estimate::proportion(total.no_playable, n),
        }
    }
}

/// One thread's working copies of the piles.
struct OpeningSampler<'a> {
    tables: &'a DeckTables,
    library: Vec<u16>,
    crypt: Vec<u16>,
    hand: usize,
    crypt_draw: usize,
    union: Vec<u64>,
}

impl<'a> OpeningSampler<'a> {
    fn new(tables: &'a DeckTables, options: &DrawOptions) -> OpeningSampler<'a> {
        OpeningSampler {
            tables,
            library: tables.library_pile.clone(),
            crypt: tables.crypt_pile.clone(),
            hand: options.hand as usize,
            crypt_draw: options.crypt_draw as usize,
            union: vec![0; tables.words],
        }
    }

    /// Draws one opening (partial Fisher-Yates on the current order of each pile:
    /// the first cards are a uniform draw, and the piles need no reset).
    #[inline]
    fn sample(&mut self, rng: &mut SimRng, tally: &mut OpeningTally) {
        let words = self.tables.words;
        self.union.fill(0);
        let crypt_len = self.crypt.len();
        for i in 0..self.crypt_draw {
            let j = i + below(rng, crypt_len - i);
            self.crypt.swap(i, j);
            let kind = usize::from(self.crypt[i]);
            let masks = &self.tables.playable[kind * words..(kind + 1) * words];
            for (u, m) in self.union.iter_mut().zip(masks) {
                *u |= m;
            }
        }
        let library_len = self.library.len();
        let mut playable = 0u64;
        let mut master = false;
        for i in 0..self.hand {
            let j = i + below(rng, library_len - i);
            self.library.swap(i, j);
            let class = usize::from(self.library[i]);
            master |= class == usize::from(MASTER_CLASS);
            playable += self.union[class / 64] >> (class % 64) & 1;
        }
        tally.master_and_playable += u64::from(master && playable > 0);
        tally.playable += playable;
        tally.playable_squared += playable * playable;
        tally.no_playable += u64::from(playable == 0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    fn options(samples: u64, seed: u64) -> DrawOptions {
        DrawOptions {
            samples,
            seed: Seed(seed),
            ..DrawOptions::default()
        }
    }

    fn choose(n: u128, k: u128) -> u128 {
        (0..k).fold(1u128, |acc, i| acc * (n - i) / (i + 1))
    }

    /// 12 crypt cards; 20 masters + 70 others in the library.
    fn masters_deck() -> Deck {
        let db = fixture_db();
        deck_of(
            &db,
            &[
                (200001, 6),
                (200004, 6),
                (100001, 20),
                (100004, 35),
                (100005, 35),
            ],
        )
    }

    #[test]
    fn twenty_masters_in_ninety_cards() {
        let db = fixture_db();
        let odds = DrawOdds::compute(&masters_deck(), &db, &options(1000, 1), &|_| {}).unwrap();
        let (name, master) = &odds.library.types.0[0];
        assert_eq!(name, "Master");
        assert_eq!(master.count, 20);
        let exact = 1.0 - choose(70, 7) as f64 / choose(90, 7) as f64;
        assert!((master.p_at_least[0] - exact).abs() < 1e-12);
        assert!((master.expected - 140.0 / 90.0).abs() < 1e-12);
        // P(at least 4) = sum_{k=4..7} C(20,k) C(70,7-k) / C(90,7)
        let four: u128 = (4..=7).map(|k| choose(20, k) * choose(70, 7 - k)).sum();
        let four = four as f64 / choose(90, 7) as f64;
        assert!((master.p_at_least[3] - four).abs() < 1e-12);
    }

    #[test]
    fn multi_type_cards_count_in_each_type_and_requirements_are_grouped() {
        let db = fixture_db();
        let odds = DrawOdds::compute(&masters_deck(), &db, &options(100, 1), &|_| {}).unwrap();
        let find = |figures: &Figures<CardOdds>, key: &str| {
            figures
                .0
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, o)| o.count)
        };
        assert_eq!(find(&odds.library.types, "Combat"), Some(70));
        assert_eq!(find(&odds.library.types, "Reaction"), Some(35));
        assert_eq!(find(&odds.library.disciplines, "Potence"), Some(35));
        assert_eq!(find(&odds.library.disciplines, "Celerity/Auspex"), Some(35));
        assert_eq!(odds.library.trifles.count, 0);
    }

    #[test]
    fn crypt_figures_are_exact() {
        let db = fixture_db();
        let odds = DrawOdds::compute(&masters_deck(), &db, &options(100, 1), &|_| {}).unwrap();
        let c = &odds.crypt;
        // Six copies of each of two vampires, 4 drawn: P(no Alma) = C(6,4)/C(12,4).
        let none = choose(6, 4) as f64 / choose(12, 4) as f64;
        assert!((c.vampires.0[0].1.p_at_least_one - (1.0 - none)).abs() < 1e-12);
        assert_eq!(c.vampires.0[0].1.name, "Alma Test");
        // Capacity 1 (Alma) and 7 (Dario): total 4 needs four Almas.
        let four_almas = c.capacity_total.0.iter().find(|(k, _)| k == "4").unwrap().1;
        assert!((four_almas - none).abs() < 1e-12);
        assert!((c.distinct_at_least[1] - (1.0 - 2.0 * none)).abs() < 1e-12);
        assert_eq!(c.distinct_at_least[2], 0.0);
        assert!((c.duplicate - 1.0).abs() < 1e-12);
        let total: f64 = c.capacity_total.0.iter().map(|(_, p)| p).sum();
        assert!((total - 1.0).abs() < 1e-12);
    }

    #[test]
    fn printings_of_one_name_are_one_vampire_in_the_crypt_figures() {
        let db = fixture_db();
        // Theo Test G2 x6 and G6 x6: one vampire; four cards drawn are four copies of it.
        let deck = deck_of(&db, &[(200008, 6), (200010, 6), (100004, 40)]);
        let odds = DrawOdds::compute(&deck, &db, &options(100, 1), &|_| {}).unwrap();
        assert_eq!(odds.crypt.distinct_at_least, [1.0, 0.0, 0.0, 0.0]);
        assert!((odds.crypt.duplicate - 1.0).abs() < 1e-12);
        assert_eq!(odds.crypt.vampires.0.len(), 2);
    }

    #[test]
    fn sampled_figures_agree_with_exact_ones() {
        let db = fixture_db();
        let options = options(400_000, 42);
        let odds = DrawOdds::compute(&masters_deck(), &db, &options, &|_| {}).unwrap();
        // Alma plays Test Punch (pot, 35); Dario plays Test Dodge (cel/aus, 35).
        // P(no playable) = sum over the Almas j drawn of P(j) * P(none of the playable).
        let ln = LnFactorials::new(100);
        let crypt = |j| Hypergeometric::new(12, 6, 4).pmf(j, &ln);
        let none_of = |k| Hypergeometric::new(90, k, 7).pmf(0, &ln);
        let no_playable = crypt(0) * none_of(35)
            + crypt(4) * none_of(35)
            + (1.0 - crypt(0) - crypt(4)) * none_of(70);
        let mean = crypt(0) * 7.0 * 35.0 / 90.0
            + crypt(4) * 7.0 * 35.0 / 90.0
            + (1.0 - crypt(0) - crypt(4)) * 7.0 * 70.0 / 90.0;
        // Master and playable: at least one master, and the others hold a playable card.
        let master_and_playable = |k: u32| {
            let no_master = Hypergeometric::new(90, 20, 7).pmf(0, &ln);
            // P(M>=1 and P>=1) = 1 - P(M=0) - P(P=0) + P(M=0 and P=0)
            let neither = if 90 - 20 - k >= 7 {
                (ln.ln_choose(90 - 20 - k, 7).unwrap() - ln.ln_choose(90, 7).unwrap()).exp()
            } else {
                0.0
            };
            1.0 - no_master - none_of(k) + neither
        };
        let joint = (crypt(0) + crypt(4)) * master_and_playable(35)
            + (1.0 - crypt(0) - crypt(4)) * master_and_playable(70);
        // The exact enumeration equals the hand formulas...
        assert_eq!(odds.opening_method, OpeningMethod::Exact);
        let o = &odds.opening;
        assert!((o.no_playable_minion - no_playable).abs() < 1e-12);
        assert!((o.mean_playable - mean).abs() < 1e-12);
        assert!((o.master_and_playable - joint).abs() < 1e-12);
        // ...and the sampler agrees with them.
        let tables = check_opening(&masters_deck(), &db, &options).unwrap();
        let s = SampledOdds::sample(&tables, &options, &|_| {});
        for (estimate, exact) in [
            (s.no_playable_minion, no_playable),
            (s.mean_playable, mean),
            (s.master_and_playable, joint),
        ] {
            assert!(
                (estimate.value - exact).abs() < 4.0 * estimate.standard_error,
                "{estimate:?} vs {exact}"
            );
        }
    }

    #[test]
    fn same_seed_same_figures_at_any_thread_count() {
        let db = fixture_db();
        let deck = masters_deck();
        let run = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let tables = check_opening(&deck, &db, &options(100_000, 9)).unwrap();
            pool.install(|| SampledOdds::sample(&tables, &options(100_000, 9), &|_| {}))
        };
        let one = run(1);
        assert_eq!(one, run(2));
        assert_eq!(one, run(1));
        let tables = check_opening(&deck, &db, &options(100_000, 10)).unwrap();
        let other_seed = SampledOdds::sample(&tables, &options(100_000, 10), &|_| {});
        assert_ne!(one, other_seed);
    }

    #[test]
    fn impossible_openings_are_errors_not_panics() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 2), (100001, 3)]);
        let hand = DrawOdds::compute(&deck, &db, &options(10, 1), &|_| {});
        assert!(matches!(
            hand,
            Err(SimError::HandTooLarge {
                hand: 7,
                library: 3,
                ..
            })
        ));
        let deck = deck_of(&db, &[(200001, 2), (100001, 30)]);
        let crypt = DrawOdds::compute(&deck, &db, &options(10, 1), &|_| {});
        assert!(matches!(
            crypt,
            Err(SimError::CryptDrawTooLarge {
                draw: 4,
                crypt: 2,
                ..
            })
        ));
        let deck = deck_of(&db, &[(100001, 30)]);
        let empty = DrawOdds::compute(&deck, &db, &options(10, 1), &|_| {});
        assert!(matches!(empty, Err(SimError::EmptyCrypt { .. })));
    }
}
