use serde::Serialize;

use vtesdeck_cards::CardDb;
use vtesdeck_deck::Deck;

use super::deck_tables::DeckTables;
use super::influence::Influence;
use super::key::KeyVampires;
use super::seed::{add_counts, play_seats, SeatGame, Seed, SimRng, Tally};
use super::{SimError, DEFAULT_SAMPLES};

/// Pool at the start of the game.
pub const STARTING_POOL: u32 = 30;
/// Transfers on every turn after the first.
pub const TRANSFERS_PER_TURN: u32 = 4;
/// Transfers (and pool) it takes to move a crypt card to the uncontrolled region.
pub const CRYPT_DRAW_TRANSFERS: u32 = 4;
/// Seats at a table.
pub const SEATS: u8 = 5;
/// Turns simulated when nothing else is asked for (`transfers --turns`, a report's curve).
pub(crate) const DEFAULT_TURNS: u32 = 8;
/// Vampires aimed at when nothing else is asked for (`transfers --max-vampires`,
/// a report's curve).
pub(crate) const DEFAULT_MAX_VAMPIRES: u32 = 4;

/// How transfers are spent. Common to every policy, during the influence phase,
/// while transfers remain and pool is above 1: an *eligible target* is an
/// uncontrolled vampire not yet full and not a copy (any printing) of a unique
/// vampire controlled or already full; a *crypt draw* (4 transfers, 1 pool)
/// moves the next crypt card in; spending stops once `max_vampires` vampires
/// are controlled or full; remaining transfers are lost when nothing applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    /// Each transfer: if there is no eligible target, the crypt is not empty and
    /// at least 4 transfers remain, make a crypt draw; else put 1 pool on the
    /// eligible target that needs the fewest counters to reach its capacity
    /// (ties: the one dealt first).
    Cheapest,
    /// As `cheapest`, but the pool goes on the eligible target with the largest
    /// capacity (ties: the one dealt first).
    Biggest,
    /// Each transfer: put 1 pool on the eligible key vampire needing the fewest
    /// counters if there is one; else, when a vampire is in play, no key
    /// vampire is controlled or in the uncontrolled region, the crypt is not
    /// empty and at least 4 transfers remain, make a crypt draw (before
    /// spending on another vampire); otherwise as `cheapest`. No crypt draw
    /// for the key before a vampire is in play: a seat with more transfers on
    /// its first turn brings its first vampire out as soon as a seat with fewer,
    /// never later for digging.
    Key,
}

impl Policy {
    /// Every policy, in the order `--policy all` shows them.
    pub(crate) const ALL: [Policy; 3] = [Policy::Cheapest, Policy::Biggest, Policy::Key];

    /// The policies `--policy all` compares: every one, `key` only when there
    /// are key vampires to aim at (without, it would only dig the crypt).
    pub fn compared(with_keys: bool) -> impl Iterator<Item = Policy> {
        Policy::ALL
            .into_iter()
            .filter(move |policy| with_keys || *policy != Policy::Key)
    }

    /// The policy's name (`cheapest`, `biggest`, `key`).
    pub fn name(self) -> &'static str {
        match self {
            Policy::Cheapest => "cheapest",
            Policy::Biggest => "biggest",
            Policy::Key => "key",
        }
    }
}

/// Transfers on a seat's first turn: 1, 2, 3 for seats 1, 2, 3; 4 for seats 4, 5.
pub(crate) fn first_turn_transfers(seat: u8) -> u32 {
    u32::from(seat.clamp(1, 4))
}

/// What to simulate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TransferOptions {
    /// Seats to simulate (1..=5).
    pub seats: Vec<u8>,
    /// Turns per game.
    pub turns: u32,
    /// Games per seat.
    pub samples: u64,
    /// Seed.
    pub seed: Seed,
    /// Stop spending once this many vampires are controlled or full.
    pub max_vampires: u32,
    /// How transfers are spent.
    pub policy: Policy,
    /// Key vampires followed per seat (`--key`).
    pub keys: KeyVampires,
}

impl Default for TransferOptions {
    fn default() -> TransferOptions {
        TransferOptions {
            seats: (1..=SEATS).collect(),
            turns: DEFAULT_TURNS,
            samples: DEFAULT_SAMPLES,
            seed: Seed::DEFAULT,
            max_vampires: DEFAULT_MAX_VAMPIRES,
            policy: Policy::Cheapest,
            keys: KeyVampires::default(),
        }
    }
}

/// Figures at the end of one turn.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnFigures {
    /// The turn (1-based).
    pub turn: u32,
    /// P(at least k vampires controlled), k = 1..`max_vampires`.
    pub p_at_least: Vec<f64>,
    /// Expected number of vampires controlled.
    pub expected_controlled: f64,
    /// Expected total capacity controlled.
    pub expected_capacity: f64,
    /// Expected pool at the end of the turn.
    pub expected_pool: f64,
    /// 10th percentile of the pool at the end of the turn: in one game in ten
    /// the pool is at or below it (the games where influence went badly).
    pub pool_p10: u32,
}

/// When a key vampire comes into play, for one seat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KeyCurve {
    /// P(a key vampire is in play at the end of turn T), T = 1..turns.
    pub p_in_play_by_turn: Vec<f64>,
    /// Mean turn the first key vampire comes into play, over the games where it
    /// does (`null` if never).
    pub mean_turn: Option<f64>,
    /// Share of games where no key vampire comes into play within the turns.
    pub p_never: f64,
}

/// When the n-th vampire comes into play.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NthVampire {
    /// Which vampire (1 = the first).
    pub nth: u32,
    /// Mean turn, over the games where it comes out (`null` if never).
    pub mean: Option<f64>,
    /// Median turn, over the games where it comes out (`null` if never).
    pub median: Option<u32>,
    /// Share of games where it does not come out within the simulated turns.
    pub p_never: f64,
}

/// When something first happens in a game (a vampire, a key vampire, an
/// oust), over `samples` games of which `counts[t]` see it first on turn
/// `t + 1`: the mean and median turn over the games where it happens
/// (`None` in none), and the share of games where it does not.
pub(crate) struct FirstTurn {
    pub(crate) mean: Option<f64>,
    pub(crate) median: Option<u32>,
    pub(crate) p_never: f64,
}

impl FirstTurn {
    pub(crate) fn of(counts: &[u64], samples: u64) -> FirstTurn {
        let happened: u64 = counts.iter().sum();
        let weighted: u64 = counts
            .iter()
            .enumerate()
            .map(|(t, c)| (t as u64 + 1) * c)
            .sum();
        let mut seen = 0;
        let median = (happened > 0)
            .then(|| {
                counts.iter().position(|c| {
                    seen += c;
                    2 * seen >= happened
                })
            })
            .flatten()
            .map(|t| t as u32 + 1);
        FirstTurn {
            mean: (happened > 0).then(|| weighted as f64 / happened as f64),
            median,
            p_never: (samples - happened.min(samples)) as f64 / samples.max(1) as f64,
        }
    }
}

/// One seat's curve.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeatCurve {
    /// Seat 1..5.
    pub seat: u8,
    /// Turn by turn.
    pub turns: Vec<TurnFigures>,
    /// The 1st to `max_vampires`-th vampire.
    pub nth_vampire: Vec<NthVampire>,
    /// Key vampires (absent without `--key`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<KeyCurve>,
}

/// The transfer curve of a deck (`vtesdeck transfers`): the influence phase
/// of the first turns, simulated over shuffled crypts.
///
/// Rules: 30 pool at the start; 4 crypt cards dealt to the uncontrolled region;
/// transfers on a player's first turn are 1, 2, 3 for seats 1, 2, 3 and 4 for
/// seats 4 and 5; 4 on every later turn. 1 transfer moves 1 pool to an
/// uncontrolled vampire; 4 transfers and 1 pool move the next crypt card to the
/// uncontrolled region. A vampire with blood equal to its capacity at the end of
/// the phase comes into play. Pool never goes below 1.
///
/// Which vampire is which: every printing of a name is one vampire
/// ([`vtesdeck_cards::Identity`]: Theo Bell G2 and G6, a base and its advanced
/// version), and only one copy of a unique vampire can be in play. A copy of a
/// vampire already in play (or already full) stays in the uncontrolled region
/// and receives no transfers: it never comes out as a second vampire. A
/// non-unique vampire (The Horde, Tupdog, Valkyrie...) is never blocked by
/// its other copies.
///
/// How transfers are spent is a [`Policy`]; [`PolicyComparison`] runs them all
/// on the same shuffled crypts. Key vampires ([`KeyVampires`]) are followed
/// per seat ([`KeyCurve`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TransferCurve {
    /// The deck.
    pub path: String,
    /// The policy.
    pub policy: Policy,
    /// Games per seat.
    pub samples: u64,
    /// Seed.
    pub seed: u64,
    /// `--max-vampires`.
    pub max_vampires: u32,
    /// Key vampires' names (empty without `--key`).
    pub keys: Vec<String>,
    /// One curve per seat.
    pub seats: Vec<SeatCurve>,
}

impl TransferCurve {
    /// Simulates `options.samples` games per seat; every seat plays the same
    /// shuffled crypts. `progress(n)` is called as batches of `n` games finish.
    pub fn simulate(
        deck: &Deck,
        db: &CardDb,
        options: &TransferOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<TransferCurve, SimError> {
        let tables = DeckTables::with_keys(deck, db, &options.keys)?;
        if tables.crypt_pile.is_empty() {
            return Err(SimError::EmptyCrypt {
                path: deck.path_label(),
            });
        }
        let turns = options.turns as usize;
        // No more vampires than crypt cards can come out: the tallies stop
        // there, and the figures beyond are zeros added by `SeatTally::curve`.
        let most = (options.max_vampires as usize).min(tables.crypt_pile.len());
        let totals = play_seats(
            options.samples,
            options.seed,
            progress,
            &options.seats,
            |_| Game::new(&tables, options),
            || SeatTally::new(turns, most),
        );
        let seats = options
            .seats
            .iter()
            .zip(&totals)
            .map(|(seat, tally)| {
                let mut curve = tally.curve(*seat, options.samples, options.max_vampires);
                if !options.keys.is_empty() {
                    curve.key = Some(tally.key_curve(options.samples));
                }
                curve
            })
            .collect();
        Ok(TransferCurve {
            path: deck.path_label(),
            policy: options.policy,
            samples: options.samples,
            seed: options.seed.0,
            max_vampires: options.max_vampires,
            keys: options.keys.names().to_vec(),
            seats,
        })
    }
}

/// The turn of [`PolicyRow::p_two_by_turn_3`].
pub const COMPARE_TWO_BY_TURN: u32 = 3;
/// The turn of [`PolicyRow::p_key_by_turn_4`] and [`PolicyRow::expected_pool_turn_4`].
pub const COMPARE_KEY_AND_POOL_TURN: u32 = 4;

/// One policy at one seat in [`PolicyComparison`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PolicyRow {
    /// The policy.
    pub policy: Policy,
    /// The seat.
    pub seat: u8,
    /// P(at least 2 vampires controlled at the end of turn 3) (`null` when
    /// fewer turns are simulated or `--max-vampires` is below 2).
    pub p_two_by_turn_3: Option<f64>,
    /// P(a key vampire in play at the end of turn 4) (`null` without `--key`
    /// or with fewer turns).
    pub p_key_by_turn_4: Option<f64>,
    /// Expected pool at the end of turn 4 (`null` with fewer turns).
    pub expected_pool_turn_4: Option<f64>,
}

/// Every policy on the same shuffled crypts (the same seed): `transfers --policy all`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PolicyComparison {
    /// The deck.
    pub path: String,
    /// Games per seat and policy.
    pub samples: u64,
    /// Seed (the same for every policy: common random numbers).
    pub seed: u64,
    /// Key vampires' names.
    pub keys: Vec<String>,
    /// Per seat, one row per policy compared ([`Policy::compared`], in that order).
    pub comparison: Vec<PolicyRow>,
    /// The full curve of each policy.
    pub curves: Vec<TransferCurve>,
}

impl PolicyComparison {
    /// Simulates every policy with `options` (its `policy` is ignored; `key`
    /// only with key vampires, [`Policy::compared`]).
    pub fn simulate(
        deck: &Deck,
        db: &CardDb,
        options: &TransferOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<PolicyComparison, SimError> {
        let curves = Policy::compared(!options.keys.is_empty())
            .map(|policy| {
                let options = TransferOptions {
                    policy,
                    ..options.clone()
                };
                TransferCurve::simulate(deck, db, &options, progress)
            })
            .collect::<Result<Vec<_>, _>>()?;
        let mut comparison = Vec::new();
        for (index, seat) in options.seats.iter().enumerate() {
            for curve in &curves {
                let figures = &curve.seats[index];
                let turn = |t: u32| figures.turns.get(t as usize - 1);
                comparison.push(PolicyRow {
                    policy: curve.policy,
                    seat: *seat,
                    p_two_by_turn_3: turn(COMPARE_TWO_BY_TURN)
                        .and_then(|t| t.p_at_least.get(1).copied()),
                    p_key_by_turn_4: figures.key.as_ref().and_then(|k| {
                        k.p_in_play_by_turn
                            .get(COMPARE_KEY_AND_POOL_TURN as usize - 1)
                            .copied()
                    }),
                    expected_pool_turn_4: turn(COMPARE_KEY_AND_POOL_TURN).map(|t| t.expected_pool),
                });
            }
        }
        Ok(PolicyComparison {
            path: deck.path_label(),
            samples: options.samples,
            seed: options.seed.0,
            keys: options.keys.names().to_vec(),
            comparison,
            curves,
        })
    }
}

/// Integer tallies of one seat over a batch of games.
#[derive(Debug, Clone)]
struct SeatTally {
    /// `[turn][k]`: games with at least k+1 vampires controlled, k < `max_vampires`.
    at_least: Vec<Vec<u64>>,
    controlled: Vec<u64>,
    capacity: Vec<u64>,
    pool: Vec<u64>,
    /// `[nth][turn]`: games where the nth vampire came out on that turn (0-based).
    nth_turn: Vec<Vec<u64>>,
    /// `[turn][pool]`: games ending the turn with that pool.
    pool_histogram: Vec<Vec<u64>>,
    /// `[turn]`: games where the first key vampire came out on that turn.
    key_turn: Vec<u64>,
}

impl Tally for SeatTally {
    fn add(&mut self, other: &SeatTally) {
        for (a, b) in self.at_least.iter_mut().zip(&other.at_least) {
            add_counts(a, b);
        }
        add_counts(&mut self.controlled, &other.controlled);
        add_counts(&mut self.capacity, &other.capacity);
        add_counts(&mut self.pool, &other.pool);
        for (a, b) in self.nth_turn.iter_mut().zip(&other.nth_turn) {
            add_counts(a, b);
        }
        for (a, b) in self.pool_histogram.iter_mut().zip(&other.pool_histogram) {
            add_counts(a, b);
        }
        add_counts(&mut self.key_turn, &other.key_turn);
    }
}

impl SeatTally {
    fn new(turns: usize, max_vampires: usize) -> SeatTally {
        SeatTally {
            at_least: vec![vec![0; max_vampires]; turns],
            controlled: vec![0; turns],
            capacity: vec![0; turns],
            pool: vec![0; turns],
            nth_turn: vec![vec![0; turns]; max_vampires],
            pool_histogram: vec![vec![0; STARTING_POOL as usize + 1]; turns],
            key_turn: vec![0; turns],
        }
    }

    /// The key vampire figures.
    fn key_curve(&self, samples: u64) -> KeyCurve {
        let n = samples.max(1) as f64;
        let mut out = 0u64;
        let p_in_play_by_turn = self
            .key_turn
            .iter()
            .map(|c| {
                out += c;
                out as f64 / n
            })
            .collect();
        let first = FirstTurn::of(&self.key_turn, samples);
        KeyCurve {
            p_in_play_by_turn,
            mean_turn: first.mean,
            p_never: first.p_never,
        }
    }

    /// The figures, `P(at least k)` and the nth vampire for k, n up to `max_vampires`.
    fn curve(&self, seat: u8, samples: u64, max_vampires: u32) -> SeatCurve {
        let n = samples.max(1) as f64;
        let width = max_vampires as usize;
        let turns = (0..self.controlled.len())
            .map(|t| TurnFigures {
                turn: t as u32 + 1,
                p_at_least: (0..width)
                    .map(|k| self.at_least[t].get(k).map_or(0.0, |&c| c as f64 / n))
                    .collect(),
                expected_controlled: self.controlled[t] as f64 / n,
                expected_capacity: self.capacity[t] as f64 / n,
                expected_pool: self.pool[t] as f64 / n,
                pool_p10: percentile(&self.pool_histogram[t], samples, 0.1),
            })
            .collect();
        let never = vec![0; self.controlled.len()];
        let nth_vampire = (0..width)
            .map(|i| (i, self.nth_turn.get(i).unwrap_or(&never)))
            .map(|(i, by_turn)| {
                let first = FirstTurn::of(by_turn, samples);
                NthVampire {
                    nth: i as u32 + 1,
                    mean: first.mean,
                    median: first.median,
                    p_never: first.p_never,
                }
            })
            .collect();
        SeatCurve {
            seat,
            turns,
            nth_vampire,
            key: None,
        }
    }
}

/// The smallest value `v` with at least `share` of the samples at or below it.
fn percentile(histogram: &[u64], samples: u64, share: f64) -> u32 {
    let needed = (share * samples as f64).ceil().max(1.0) as u64;
    let mut seen = 0;
    histogram
        .iter()
        .position(|c| {
            seen += c;
            seen >= needed
        })
        .unwrap_or(histogram.len().saturating_sub(1)) as u32
}

/// One thread's game state, reused from game to game: the influence phase
/// is [`Influence::phase`], the code `goldfish` plays too.
struct Game<'a> {
    tables: &'a DeckTables,
    influence: Influence<'a>,
    turns: u32,
    max_vampires: usize,
}

impl<'a> Game<'a> {
    fn new(tables: &'a DeckTables, options: &TransferOptions) -> Game<'a> {
        Game {
            tables,
            influence: Influence::new(tables, options.policy, options.max_vampires),
            turns: options.turns,
            max_vampires: options.max_vampires as usize,
        }
    }
}

impl SeatGame for Game<'_> {
    type Tally = SeatTally;

    /// Shuffles the crypt.
    fn deal(&mut self, rng: &mut SimRng) {
        self.influence.shuffle(rng);
    }

    /// Plays the first turns of one seat on the current crypt order.
    fn play(&mut self, seat: u8, tally: &mut SeatTally) {
        self.influence.start();
        let mut pool = STARTING_POOL;
        let mut capacity = 0u64;
        let mut key_in_play = false;
        for turn in 0..self.turns as usize {
            let transfers = if turn == 0 {
                first_turn_transfers(seat)
            } else {
                TRANSFERS_PER_TURN
            };
            let before = self.influence.controlled();
            let key_before = key_in_play;
            let tables = self.tables;
            self.influence
                .phase(transfers, &mut pool, key_before, |came_out| {
                    key_in_play |= came_out.key;
                    capacity += u64::from(tables.crypt[usize::from(came_out.kind)].capacity);
                });
            let now = self.influence.controlled();
            for nth in before..now.min(self.max_vampires) {
                tally.nth_turn[nth][turn] += 1;
            }
            for (k, slot) in tally.at_least[turn].iter_mut().enumerate() {
                *slot += u64::from(now > k);
            }
            tally.controlled[turn] += now as u64;
            tally.capacity[turn] += capacity;
            tally.pool[turn] += u64::from(pool);
            tally.pool_histogram[turn][pool as usize] += 1;
            if key_in_play && !key_before {
                tally.key_turn[turn] += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{deck_of, fixture_db};

    fn simulate(crypt: &[(u32, u32)], seats: Vec<u8>, samples: u64) -> TransferCurve {
        let db = fixture_db();
        let mut cards = crypt.to_vec();
        cards.push((100001, 10));
        let deck = deck_of(&db, &cards);
        let options = TransferOptions {
            seats,
            samples,
            seed: Seed(5),
            ..TransferOptions::default()
        };
        TransferCurve::simulate(&deck, &db, &options, &|_| {}).unwrap()
    }

    #[test]
    fn first_turn_transfers_by_seat() {
        let by_seat: Vec<u32> = (1..=5).map(first_turn_transfers).collect();
        assert_eq!(by_seat, vec![1, 2, 3, 4, 4]);
    }

    #[test]
    fn twelve_capacity_one_vampires_seat_one_first_vampire_on_turn_one() {
        // Alma Test has capacity 1; copies cannot both come out, so only one.
        let curve = simulate(&[(200001, 12)], vec![1], 1000);
        let seat = &curve.seats[0];
        assert_eq!(seat.turns[0].p_at_least[0], 1.0);
        assert_eq!(seat.turns[0].expected_pool, 29.0);
        assert_eq!(seat.nth_vampire[0].median, Some(1));
        assert_eq!(seat.nth_vampire[0].mean, Some(1.0));
        // Every other card is a copy of the controlled one: no second vampire ever,
        // and with no eligible target each later turn moves a crypt card in
        // (4 transfers, 1 pool): 7 more cards by turn 8.
        assert_eq!(seat.nth_vampire[1].p_never, 1.0);
        assert_eq!(seat.turns[7].expected_pool, 22.0);
    }

    #[test]
    fn twelve_capacity_eleven_vampires_none_before_turn_three() {
        // Eva Test has capacity 11: seat 1 puts 1 + 4 + 4 = 9 by turn 3, seat 5 4 + 4 + 4 = 12.
        let curve = simulate(&[(200005, 12)], (1..=5).collect(), 1000);
        for seat in &curve.seats {
            assert_eq!(seat.turns[0].p_at_least[0], 0.0, "seat {}", seat.seat);
            assert_eq!(seat.turns[1].p_at_least[0], 0.0, "seat {}", seat.seat);
        }
        // Seats 4 and 5 finish on turn 3, seat 1 (1 + 4 + 4 + 4 = 13) on turn 4.
        assert_eq!(curve.seats[4].turns[2].p_at_least[0], 1.0);
        assert_eq!(curve.seats[0].turns[2].p_at_least[0], 0.0);
        assert_eq!(curve.seats[0].turns[3].p_at_least[0], 1.0);
        assert_eq!(curve.seats[0].turns[3].expected_capacity, 11.0);
        assert_eq!(curve.seats[0].turns[3].expected_pool, 19.0);
    }

    #[test]
    fn distinct_cheap_vampires_fill_in_order_and_crypt_draws_cost_four_transfers() {
        // Twelve distinct-enough vampires: Alma (1) and Ivo (2), 6 copies each.
        let curve = simulate(&[(200001, 6), (200011, 6)], vec![4], 2000);
        let seat = &curve.seats[0];
        // Turn 1, seat 4: 4 transfers; at least one Alma or Ivo is always among the
        // 4 dealt; the cheapest comes out first.
        assert_eq!(seat.turns[0].p_at_least[0], 1.0);
        // Never more than 2 vampires: every other card is a copy.
        assert_eq!(seat.turns[7].p_at_least[2], 0.0);
        assert!(seat.turns[7].p_at_least[1] == 1.0);
    }

    #[test]
    fn pool_never_drops_below_one_and_max_vampires_stops_spending() {
        let db = fixture_db();
        // Five distinct capacity-7..11 vampires, many turns: the pool runs out.
        let deck = deck_of(
            &db,
            &[
                (200004, 3),
                (200005, 3),
                (200013, 3),
                (200014, 3),
                (100001, 10),
            ],
        );
        let options = TransferOptions {
            seats: vec![5],
            turns: 20,
            samples: 500,
            seed: Seed(1),
            max_vampires: 4,
            policy: Policy::Cheapest,
            keys: KeyVampires::default(),
        };
        let curve = TransferCurve::simulate(&deck, &db, &options, &|_| {}).unwrap();
        for turn in &curve.seats[0].turns {
            assert!(turn.expected_pool >= 1.0);
            assert!(turn.expected_controlled <= 4.0);
        }
        let two = TransferOptions {
            max_vampires: 2,
            ..options
        };
        let curve = TransferCurve::simulate(&deck, &db, &two, &|_| {}).unwrap();
        // The lists stop at --max-vampires, and no third vampire ever comes out.
        assert_eq!(curve.seats[0].turns[19].p_at_least.len(), 2);
        assert_eq!(curve.seats[0].turns[19].expected_controlled, 2.0);
        assert_eq!(curve.seats[0].turns[19].p_at_least[1], 1.0);
    }

    #[test]
    fn printings_of_one_name_are_one_vampire_in_play() {
        // Theo Test: G2 base x6 + G2 advanced x6; then G2 x6 + G6 x6.
        for crypt in [[(200008, 6), (200009, 6)], [(200008, 6), (200010, 6)]] {
            let curve = simulate(&crypt, vec![1, 5], 2000);
            for seat in &curve.seats {
                for turn in &seat.turns {
                    assert_eq!(turn.p_at_least[1], 0.0, "{crypt:?} seat {}", seat.seat);
                }
                assert_eq!(seat.nth_vampire[1].p_never, 1.0);
                assert_eq!(seat.nth_vampire[0].p_never, 0.0);
            }
        }
    }

    #[test]
    fn figures_go_up_to_max_vampires() {
        let db = fixture_db();
        let deck = deck_of(
            &db,
            &[
                (200001, 3),
                (200002, 3),
                (200011, 3),
                (200006, 3),
                (100001, 10),
            ],
        );
        let options = TransferOptions {
            seats: vec![4],
            turns: 12,
            samples: 500,
            seed: Seed(3),
            max_vampires: 6,
            policy: Policy::Cheapest,
            keys: KeyVampires::default(),
        };
        let curve = TransferCurve::simulate(&deck, &db, &options, &|_| {}).unwrap();
        let seat = &curve.seats[0];
        assert_eq!(seat.nth_vampire.len(), 6);
        assert!(seat.turns.iter().all(|t| t.p_at_least.len() == 6));
        // Four different vampires: the fourth comes out, never a fifth.
        assert_eq!(seat.turns[11].p_at_least[3], 1.0);
        assert_eq!(seat.turns[11].p_at_least[4], 0.0);
        assert_eq!(seat.nth_vampire[4].p_never, 1.0);
        assert_eq!(seat.nth_vampire[5].nth, 6);
    }

    #[test]
    fn same_seed_same_curve_at_any_thread_count() {
        let run = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| simulate(&[(200001, 4), (200004, 4), (200005, 4)], vec![1, 3], 60_000))
        };
        let one = run(1);
        assert_eq!(one, run(2));
        assert_eq!(one, run(1));
    }

    fn with_key(crypt: &[(u32, u32)], key: &str, policy: Policy, seats: Vec<u8>) -> TransferCurve {
        let db = fixture_db();
        let mut cards = crypt.to_vec();
        cards.push((100001, 10));
        let deck = deck_of(&db, &cards);
        let options = TransferOptions {
            seats,
            samples: 20_000,
            seed: Seed(21),
            policy,
            keys: KeyVampires::resolve(&[key.to_string()], &db).unwrap(),
            ..TransferOptions::default()
        };
        TransferCurve::simulate(&deck, &db, &options, &|_| {}).unwrap()
    }

    #[test]
    fn key_policy_brings_the_key_out_at_least_as_often_as_cheapest() {
        // Twelve vampires of capacity 1 to 11, the key a big one (Kiki Test, 9).
        let crypt = [
            (200001, 2),
            (200002, 2),
            (200003, 1),
            (200006, 2),
            (200011, 2),
            (200012, 1),
            (200013, 1),
            (200005, 1),
        ];
        let seats: Vec<u8> = (1..=5).collect();
        // Same seed: the same crypt orders for both policies (common random numbers).
        let key = with_key(&crypt, "Kiki Test", Policy::Key, seats.clone());
        let cheapest = with_key(&crypt, "Kiki Test", Policy::Cheapest, seats);
        let mut strictly_better = false;
        for (k, c) in key.seats.iter().zip(&cheapest.seats) {
            let (k, c) = (k.key.as_ref().unwrap(), c.key.as_ref().unwrap());
            for (turn, (pk, pc)) in k
                .p_in_play_by_turn
                .iter()
                .zip(&c.p_in_play_by_turn)
                .enumerate()
            {
                let error = (pc * (1.0 - pc) / 20_000.0).sqrt();
                assert!(
                    pk + 3.0 * error >= *pc,
                    "turn {}: key {pk} < cheapest {pc}",
                    turn + 1
                );
                strictly_better |= pk > pc;
            }
            assert!(k.p_never <= c.p_never + 0.01);
        }
        assert!(strictly_better);
    }

    #[test]
    fn key_policy_brings_a_vampire_out_before_digging_for_the_key() {
        // Eleven Alma Test (capacity 1, one vampire) and the key, Ivo Test
        // (capacity 2). Ivo is dealt in the start with 4/12 = 1/3: the key
        // goes first, out on turn 1 from seat 2 (seat 1: turn 2). Else Alma
        // comes out on turn 1 (no digging before a vampire is in play, even
        // with 4 transfers), and each later turn is a crypt draw until Ivo
        // comes, out the turn after: by turn t >= 2, 1/3 + 2/3 (t - 2)/8.
        let curve = with_key(
            &[(200001, 11), (200011, 1)],
            "Ivo Test",
            Policy::Key,
            (1..=5).collect(),
        );
        for seat in &curve.seats {
            let key = seat.key.as_ref().unwrap();
            let first_vampire: f64 = if seat.seat == 1 { 2.0 / 3.0 } else { 1.0 };
            for (t, p) in key.p_in_play_by_turn.iter().enumerate() {
                let turn = t as f64 + 1.0;
                let expected = match (t, seat.seat) {
                    (0, 1) => 0.0,
                    (0, _) => 1.0 / 3.0,
                    _ => 1.0 / 3.0 + 2.0 / 3.0 * (turn - 2.0) / 8.0,
                };
                let error = (expected * (1.0 - expected) / 20_000.0).sqrt();
                assert!(
                    (p - expected).abs() <= 4.0 * error + 1e-12,
                    "seat {} turn {}: {p} against {expected}",
                    seat.seat,
                    t + 1
                );
            }
            let p = seat.turns[0].p_at_least[0];
            let error = (first_vampire * (1.0 - first_vampire) / 20_000.0).sqrt();
            assert!(
                (p - first_vampire).abs() <= 4.0 * error + 1e-12,
                "seat {}",
                seat.seat
            );
        }
    }

    #[test]
    fn twelve_copies_of_the_key_are_in_play_from_the_first_possible_turn() {
        // Dario Test, capacity 7: seat 1 has 1 + 4 + 4 = 9 by turn 3 (7 reached on
        // turn 3: 1 + 4 = 5 < 7 on turn 2); seats 4 and 5 have 4 + 4 = 8 on turn 2.
        for policy in Policy::ALL {
            let curve = with_key(&[(200004, 12)], "Dario Test", policy, (1..=5).collect());
            for seat in &curve.seats {
                let key = seat.key.as_ref().unwrap();
                let first = if seat.seat >= 3 { 2 } else { 3 };
                for (t, p) in key.p_in_play_by_turn.iter().enumerate() {
                    let expected = if t + 1 >= first { 1.0 } else { 0.0 };
                    assert_eq!(*p, expected, "{policy:?} seat {} turn {}", seat.seat, t + 1);
                    assert_eq!(seat.turns[t].p_at_least[0], expected);
                }
                assert_eq!(key.mean_turn, Some(first as f64));
                assert_eq!(key.p_never, 0.0);
            }
        }
    }

    #[test]
    fn biggest_fills_the_largest_first() {
        // Alma (1) and Eva (11), six copies each, seat 5: 4 transfers a turn.
        // Whenever an Eva is dealt, biggest fills her first: with both in the
        // start, turn 1 brings nobody out; cheapest brings Alma out on turn 1.
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 6), (200005, 6), (100001, 10)]);
        let run = |policy| {
            let options = TransferOptions {
                seats: vec![5],
                samples: 5000,
                seed: Seed(2),
                policy,
                ..TransferOptions::default()
            };
            TransferCurve::simulate(&deck, &db, &options, &|_| {}).unwrap()
        };
        let (biggest, cheapest) = (run(Policy::Biggest), run(Policy::Cheapest));
        // P(an Alma among the 4 dealt) = 1 - C(6,4)/C(12,4) = 1 - 15/495.
        let alma = 1.0 - 15.0 / 495.0;
        assert!((cheapest.seats[0].turns[0].p_at_least[0] - alma).abs() < 0.02);
        // Biggest: a vampire on turn 1 only without Eva: 15/495 (four Almas).
        assert!((biggest.seats[0].turns[0].p_at_least[0] - 15.0 / 495.0).abs() < 0.01);
        // 4 + 4 + 4 = 12 >= 11: Eva out on turn 3 whenever dealt in the start.
        assert!(biggest.seats[0].turns[2].expected_capacity > 10.0);
    }

    #[test]
    fn pool_tenth_percentile_is_at_or_below_the_mean() {
        let curve = simulate(&[(200001, 4), (200004, 4), (200005, 4)], vec![1, 5], 5000);
        for seat in &curve.seats {
            for turn in &seat.turns {
                assert!(f64::from(turn.pool_p10) <= turn.expected_pool + 1e-9);
                assert!(turn.pool_p10 >= 1);
            }
        }
        // Twelve Alma Test (capacity 1): the pool is deterministic, 29 on turn 1.
        let alma = simulate(&[(200001, 12)], vec![1], 100);
        assert_eq!(alma.seats[0].turns[0].pool_p10, 29);
        assert_eq!(alma.seats[0].turns[7].pool_p10, 22);
    }

    #[test]
    fn comparison_runs_every_policy_on_the_same_crypts() {
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 4), (200004, 4), (200013, 4), (100001, 10)]);
        let options = TransferOptions {
            seats: vec![2, 4],
            samples: 3000,
            seed: Seed(8),
            keys: KeyVampires::resolve(&["Kiki Test".to_string()], &db).unwrap(),
            ..TransferOptions::default()
        };
        let all = PolicyComparison::simulate(&deck, &db, &options, &|_| {}).unwrap();
        assert_eq!(all.comparison.len(), 6);
        assert_eq!(all.curves.len(), 3);
        for (row, curve) in all.comparison.iter().zip(all.curves.iter().cycle()) {
            assert_eq!(row.policy, curve.policy);
            let seat = curve.seats.iter().find(|s| s.seat == row.seat).unwrap();
            assert_eq!(row.p_two_by_turn_3, Some(seat.turns[2].p_at_least[1]));
            assert_eq!(row.expected_pool_turn_4, Some(seat.turns[3].expected_pool));
            let key = seat.key.as_ref().unwrap();
            assert_eq!(row.p_key_by_turn_4, Some(key.p_in_play_by_turn[3]));
        }
        // The cheapest curve is the one `--policy cheapest` gives.
        let cheapest = TransferCurve::simulate(&deck, &db, &options, &|_| {}).unwrap();
        assert_eq!(all.curves[0], cheapest);
    }
}
