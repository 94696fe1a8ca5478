pub(crate) mod effects;
mod game;
#[cfg(test)]
mod pin_tests;

use serde::Serialize;

use vtesdeck_cards::CardDb;
use vtesdeck_deck::Deck;

use self::effects::{inert_reason, CardClass, EffectTable};
pub use self::effects::{InertReason, Plan};
use self::game::{DeckCards, Game, Tally, PREY_POOL};
use super::deck_tables::DeckTables;
use super::seed::{play_seats, Seed};
use super::transfers::{FirstTurn, Policy, TransferOptions};
use super::SimError;

/// Below this share of the library's cards modelled or inert, the report
/// warns that its figures are a lower bound.
pub const COVERAGE_WARNING: f64 = 0.8;

/// Below this share of the library's cards played (modelled), the report
/// warns that the deck's plan takes no pool at an idle table: its figures
/// are mostly plain bleeds.
pub const PLAYED_WARNING: f64 = 0.25;

/// A card that pays each turn (a bleed bonus, an equipment, an embraced
/// vampire, a card in play) is worth what it pays a turn times the turns
/// left up to the end of this turn (the default `--turns`), whatever
/// `--turns`: a turn's figures never depend on how many turns are played
/// after it.
pub const VALUE_HORIZON: u32 = 8;

/// Figures at the end of one turn.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GoldfishTurn {
    /// The turn (1-based).
    pub turn: u32,
    /// Mean pool the prey has lost by the end of the turn.
    pub bled_mean: f64,
    /// 10th percentile of the pool lost (one game in ten at or below).
    pub bled_p10: u32,
    /// Median of the pool lost.
    pub bled_p50: u32,
    /// 90th percentile of the pool lost.
    pub bled_p90: u32,
    /// Share of games where the prey is ousted by the end of the turn.
    pub ousted_p: f64,
    /// Mean own pool at the end of the turn.
    pub own_pool_mean: f64,
    /// Mean number of vampires in play at the end of the turn.
    pub ready_vampires_mean: f64,
    /// Mean number of minion actions taken during the turn.
    pub actions_mean: f64,
}

/// When something first happens, over the games.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TurnDistribution {
    /// Share of games where it happens on turn T, T = 1..turns.
    pub p_by_turn: Vec<f64>,
    /// Mean turn, over the games where it happens (`null` if never).
    pub mean: Option<f64>,
    /// Median turn, over the games where it happens (`null` if never).
    pub median: Option<u32>,
    /// Share of games where it does not happen within the turns.
    pub p_never: f64,
}

impl TurnDistribution {
    fn of(counts: &[u64], samples: u64) -> TurnDistribution {
        let n = samples.max(1) as f64;
        let first = FirstTurn::of(counts, samples);
        TurnDistribution {
            p_by_turn: counts.iter().map(|&c| c as f64 / n).collect(),
            mean: first.mean,
            median: first.median,
            p_never: first.p_never,
        }
    }
}

/// One seat's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GoldfishSeat {
    /// Seat 1..5.
    pub seat: u8,
    /// Turn by turn.
    pub turns: Vec<GoldfishTurn>,
    /// The turn the prey first loses pool, to a bleed, a vote or a burn.
    pub first_pool_taken: TurnDistribution,
    /// The same as `first_pool_taken`, under its first name (kept for the
    /// scripts that read it: it counts pool lost to votes too).
    pub first_bleed: TurnDistribution,
    /// The turn the prey is ousted.
    pub oust_turn: TurnDistribution,
}

/// How much of the library the simulation plays.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Coverage {
    /// Library cards (copies).
    pub library: u32,
    /// Copies whose effect is played.
    pub modelled: u32,
    /// Copies with no effect at an idle table.
    pub inert: u32,
    /// Copies played as nothing.
    pub not_modelled: u32,
    /// (modelled + inert) / library.
    pub share: f64,
    /// Whether the share is under [`COVERAGE_WARNING`]: the figures are a lower bound.
    pub warning: bool,
    /// The cards not modelled, most copies first.
    pub not_modelled_cards: Vec<vtesdeck_analysis::Tally>,
    /// Copies the game plays (those modelled).
    pub played: u32,
    /// played / library.
    pub played_share: f64,
    /// The inert copies by why they do nothing at an idle table, most first.
    pub inert_reasons: Vec<ReasonCount>,
    /// What the deck is built to do: the group of library cards with the
    /// most copies ([`Plan`]); `null` for a library with none.
    pub plan: Option<Plan>,
    /// Whether the played share is under [`PLAYED_WARNING`].
    pub played_warning: bool,
    /// The warnings printed, in order.
    pub warnings: Vec<String>,
}

/// Inert copies for one reason.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReasonCount {
    /// Why they do nothing at an idle table.
    pub reason: InertReason,
    /// Copies.
    pub count: u32,
}

impl Coverage {
    /// The coverage of a deck's library by `effects`.
    pub(crate) fn of_deck(deck: &Deck, db: &CardDb, effects: &EffectTable) -> Coverage {
        let (mut modelled, mut inert, mut not_modelled) = (0, 0, 0);
        let mut named: Vec<vtesdeck_analysis::Tally> = Vec::new();
        let mut reasons: Vec<ReasonCount> = Vec::new();
        let mut plans: Vec<(Plan, u32, u32)> = Vec::new();
        let mut add_plan = |plan: Option<Plan>, count: u32, played: bool| {
            let Some(plan) = plan else { return };
            let played = if played { count } else { 0 };
            match plans.iter_mut().find(|(p, _, _)| *p == plan) {
                Some((_, copies, played_copies)) => {
                    *copies += count;
                    *played_copies += played;
                }
                None => plans.push((plan, count, played)),
            }
        };
        for entry in &deck.library {
            let card = db.get(entry.id);
            let class = card.map_or(CardClass::NotModelled, |card| effects.class_of(card));
            match class {
                CardClass::Modelled => {
                    modelled += entry.count;
                    let kind = effects.get(entry.id).map(|row| row.kind);
                    add_plan(kind.and_then(Plan::of_kind), entry.count, true);
                }
                CardClass::Inert => {
                    inert += entry.count;
                    if let Some(card) = card {
                        let reason = inert_reason(card, effects.get(entry.id));
                        add_plan(Plan::of_reason(reason), entry.count, false);
                        match reasons.iter_mut().find(|r| r.reason == reason) {
                            Some(r) => r.count += entry.count,
                            None => reasons.push(ReasonCount {
                                reason,
                                count: entry.count,
                            }),
                        }
                    }
                }
                CardClass::NotModelled => {
                    not_modelled += entry.count;
                    let name = card.map_or_else(|| entry.id.to_string(), |c| db.printing_name(c));
                    match named.iter_mut().find(|n| n.name == name) {
                        Some(n) => n.count += entry.count,
                        None => named.push(vtesdeck_analysis::Tally {
                            name,
                            count: entry.count,
                        }),
                    }
                }
            }
        }
        named.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
        reasons.sort_by(|a, b| b.count.cmp(&a.count).then(a.reason.cmp(&b.reason)));
        plans.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let library = modelled + inert + not_modelled;
        let of_library = |n: u32| {
            if library == 0 {
                1.0
            } else {
                f64::from(n) / f64::from(library)
            }
        };
        let share = of_library(modelled + inert);
        let played_share = of_library(modelled);
        let played_warning = played_share < PLAYED_WARNING;
        let mut warnings = Vec::new();
        if played_warning {
            let plan = plans.first().copied();
            warnings.push(match plan {
                // Most of the plan's cards do nothing at an idle table.
                Some((plan, copies, played)) if played * 2 < copies => format!(
                    "{modelled} of {library} cards played: this deck's plan ({}) takes no pool at an idle table: the figures show plain bleeds",
                    plan.label()
                ),
                _ => format!(
                    "{modelled} of {library} cards played: most of this deck does nothing the game plays: the figures show plain bleeds"
                ),
            });
        }
        if share < COVERAGE_WARNING {
            warnings.push(format!(
                "fewer than {}% of the library's cards are modelled or inert: the figures are a lower bound",
                (COVERAGE_WARNING * 100.0).round()
            ));
        }
        Coverage {
            library,
            modelled,
            inert,
            not_modelled,
            share,
            warning: share < COVERAGE_WARNING,
            not_modelled_cards: named,
            played: modelled,
            played_share,
            inert_reasons: reasons,
            plan: plans.first().map(|(plan, _, _)| *plan),
            played_warning,
            warnings,
        }
    }
}

/// The assumptions every report states.
pub(crate) fn assumptions(options: &TransferOptions) -> Vec<String> {
    vec![
        format!(
            "idle table: the prey has {PREY_POOL} pool and never blocks, bounces, reacts or votes against; the predator does nothing"
        ),
        format!(
            "influence phase as `transfers --policy {} --max-vampires {}` with seed {} ({}): the same crypts, so the same vampires and pool by seat and turn until a card played costs or gives pool, adds transfers or blood in the influence phase, or brings a vampire out (`transfers` plays no library card); vampires act from the turn after they come out",
            options.policy.name(),
            options.max_vampires,
            options.seed.0,
            if options.seed == Seed::DEFAULT {
                "the default of both commands; --seed changes it"
            } else {
                "as given with --seed"
            }
        ),
        "every action succeeds and every referendum passes; nothing is taken once the prey is ousted (no new prey)".to_string(),
        "each vampire: with no blood it hunts first (1 blood); then the action card that takes the most pool, else a plain bleed for 1; one bleed and one political action a turn, a card once a turn (so one unlock card); bleed modifiers on its bleed (one limited); an unlock card gives one more action; allies bleed from the turn after they are recruited".to_string(),
        format!(
            "choices: ties go to the card first in hand (a card drawn takes the place of the card played); a card worth 0 is not played; a Parity Shift is worth the pool it takes plus the pool it gains; a Discipline master goes only on a vampire it opens a library card to; masters the game plays are never discarded; a card that pays each turn is worth it up to turn {VALUE_HORIZON}, whatever --turns"
        ),
        "card effects at their basic level (inferior discipline, no clan bonus); not modelled cards are never played; blood gained stops at capacity".to_string(),
    ]
}

/// The goldfish report of a deck (`vtesdeck goldfish`): how fast it takes
/// pool when it plays alone, at an idle table.
///
/// One seat's game, turn after turn, on shuffled crypt and library (every
/// seat plays the same orders, as in [`TransferCurve`](crate::TransferCurve)):
/// - unlock: every vampire in play unlocks; an `unlock_blood` location, an
///   `empty_blood` card, a hunting ground give their blood, the prey burns
///   for a `prey_burn` card in play, a `cycle` equipment draws and puts back;
/// - master phase: each blood doll in play moves 1 blood of the vampire with
///   the most blood to the pool; one master phase action, one more with a
///   `master_action` location, one more after the first trifle; the master
///   worth most is played: a pool gain of N (2 + N less its cost, `clan_pool`
///   too; a `tap`: 2 + the blood it moves), +transfers or blood each
///   influence phase (`lock_blood`, a `clan_influence_blood` location: 4), a
///   blood doll, a `master_action`, `unlock_blood` or hunting ground location,
///   a `fresh_bonus` (3), Ashur Tablets (2, one a turn), a Discipline, an
///   archetype, a `discard` or `hand_size` location, a `combat_bleed` or
///   `clan_bleed` card (2), a `fill_blood` (the blood it gives), a blood
///   gain, a crypt card, an `empty_blood` or `transfer_pool` card (1); a
///   unique card once;
/// - minion phase: each vampire in play (in the order they came out) takes
///   actions: the action card of the hand it can play and pay that takes the
///   most pool (bleed with its bonus and gain, a vote, a pool gain, an ally
///   worth 1 + its bleed, blood on an uncontrolled vampire of a clan worth
///   the blood, a card in play worth the turns left), else a plain bleed for
///   1; a vampire takes the same action (a card name, the plain
///   bleed) once a turn; on a bleed it plays the bleed modifiers it can (one
///   limited, each card once); after its action an unlock card (`unlock`)
///   gives it one more, a `vote_blood` modifier blood after a vote, an
///   archetype blood after its first action. Every action succeeds and every referendum passes;
///   the prey's pool never goes below 0 and nothing is taken once it is ousted;
///   then each ally recruited on an earlier turn bleeds for its bleed;
/// - influence phase: `sim::influence`, the code of `transfers`, under its
///   policy: vampires that come out act from the next turn, with blood equal
///   to their capacity; the transfers it leaves burn `transfer_pool` cards;
/// - discard phase: one card no vampire in play can use is discarded (inert,
///   then not modelled, then a modelled card none can play) and replaced, one
///   more with a `discard` location.
///
/// Cards are drawn to replace every card played. Costs in pool (never down
/// to 0) and blood (of the acting vampire) are paid; a card is played only by
/// a vampire that can play it (the one playability model,
/// `cards::playability`, through `DeckTables::can_play`). Cards
/// with an X cost are never played. What cards do is the effect table,
/// `crates/sim/data/goldfish-effects.tsv` (built in).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GoldfishReport {
    /// The deck.
    pub path: String,
    /// Games per seat.
    pub samples: u64,
    /// Seed.
    pub seed: u64,
    /// Turns per game.
    pub turns: u32,
    /// The influence phase's policy.
    pub policy: Policy,
    /// The influence phase's `--max-vampires`.
    pub max_vampires: u32,
    /// One record per seat.
    pub seats: Vec<GoldfishSeat>,
    /// How much of the library is played.
    pub coverage: Coverage,
    /// What the figures assume.
    pub assumptions: Vec<String>,
}

impl GoldfishReport {
    /// Simulates `options.samples` games per seat; every seat plays the same
    /// shuffled crypts and libraries. `progress(n)` is called as batches of
    /// `n` games finish.
    ///
    /// The options are `transfers`' ([`TransferCurve`](crate::TransferCurve)),
    /// whose games goldfish plays: the same seats, turns, samples, seed,
    /// vampire cap and policy deal the same crypts; `keys` is not used (no key
    /// vampire at an idle table), nor [`Policy::Key`].
    pub fn simulate(
        deck: &Deck,
        db: &CardDb,
        options: &TransferOptions,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<GoldfishReport, SimError> {
        GoldfishReport::simulate_with(deck, db, options, EffectTable::builtin(), progress)
    }

    /// As [`GoldfishReport::simulate`], with another table of card effects.
    pub(crate) fn simulate_with(
        deck: &Deck,
        db: &CardDb,
        options: &TransferOptions,
        effects: &EffectTable,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<GoldfishReport, SimError> {
        let tables = DeckTables::new(deck, db)?;
        if tables.crypt_pile.is_empty() {
            return Err(SimError::EmptyCrypt {
                path: deck.path_label(),
            });
        }
        let cards = DeckCards::of_deck(&tables, db, effects);
        let turns = options.turns as usize;
        let totals = play_seats(
            options.samples,
            options.seed,
            progress,
            &options.seats,
            |rng| Game::new(&tables, &cards, options, rng),
            || Tally::new(turns),
        );
        let seats = options
            .seats
            .iter()
            .zip(&totals)
            .map(|(seat, tally)| seat_figures(*seat, tally, options.samples))
            .collect();
        Ok(GoldfishReport {
            path: deck.path_label(),
            samples: options.samples,
            seed: options.seed.0,
            turns: options.turns,
            policy: options.policy,
            max_vampires: options.max_vampires,
            seats,
            coverage: Coverage::of_deck(deck, db, effects),
            assumptions: assumptions(options),
        })
    }
}

/// The figures of one seat's tallies.
fn seat_figures(seat: u8, tally: &Tally, samples: u64) -> GoldfishSeat {
    let n = samples.max(1) as f64;
    let turns = (0..tally.ousted.len())
        .map(|t| {
            let histogram = &tally.bled[t];
            let sum: u64 = histogram
                .iter()
                .enumerate()
                .map(|(bled, c)| bled as u64 * c)
                .sum();
            GoldfishTurn {
                turn: t as u32 + 1,
                bled_mean: sum as f64 / n,
                bled_p10: percentile(histogram, samples, 0.1),
                bled_p50: percentile(histogram, samples, 0.5),
                bled_p90: percentile(histogram, samples, 0.9),
                ousted_p: tally.ousted[t] as f64 / n,
                own_pool_mean: tally.pool[t] as f64 / n,
                ready_vampires_mean: tally.ready[t] as f64 / n,
                actions_mean: tally.actions[t] as f64 / n,
            }
        })
        .collect();
    GoldfishSeat {
        seat,
        turns,
        first_pool_taken: TurnDistribution::of(&tally.first_bleed, samples),
        first_bleed: TurnDistribution::of(&tally.first_bleed, samples),
        oust_turn: TurnDistribution::of(&tally.oust_turn, samples),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::Seed;
    use crate::transfers::TransferCurve;
    // The same crypts as `transfers` with the same seed: equal figures.
    use crate::testing::{deck_of, fixture_db};

    fn run(cards: &[(u32, u32)], table: &str, seats: Vec<u8>, samples: u64) -> GoldfishReport {
        let db = fixture_db();
        let deck = deck_of(&db, cards);
        let effects = EffectTable::parse(table).unwrap();
        let options = TransferOptions {
            seats,
            samples,
            seed: Seed(4),
            ..TransferOptions::default()
        };
        GoldfishReport::simulate_with(&deck, &db, &options, &effects, &|_| {}).unwrap()
    }

    fn transfers(cards: &[(u32, u32)], seats: Vec<u8>, samples: u64) -> TransferCurve {
        let db = fixture_db();
        let deck = deck_of(&db, cards);
        let options = TransferOptions {
            seats,
            samples,
            seed: Seed(4),
            ..TransferOptions::default()
        };
        TransferCurve::simulate(&deck, &db, &options, &|_| {}).unwrap()
    }

    #[test]
    fn reactions_only_one_vampire_bleeds_one_a_turn() {
        // Alma Test (capacity 1, unique) is out on turn 1 from any seat; the
        // other copies never come out; reactions do nothing: 1 pool a turn
        // from turn 2.
        let report = run(&[(200001, 12), (100009, 40)], "", vec![1, 5], 200);
        for seat in &report.seats {
            for turn in &seat.turns {
                let expected = turn.turn - 1;
                assert_eq!(turn.bled_mean, f64::from(expected), "seat {}", seat.seat);
                assert_eq!(turn.bled_p10, expected);
                assert_eq!(turn.bled_p90, expected);
                assert_eq!(turn.ready_vampires_mean, 1.0);
                assert_eq!(turn.actions_mean, if turn.turn == 1 { 0.0 } else { 1.0 });
                assert_eq!(turn.ousted_p, 0.0);
            }
            assert_eq!(seat.first_bleed.median, Some(2));
            assert_eq!(seat.oust_turn.p_never, 1.0);
        }
        assert_eq!(report.coverage.inert, 40);
        assert_eq!(report.coverage.share, 1.0);
        assert!(!report.coverage.warning);
    }

    #[test]
    fn the_own_pool_is_the_transfer_curve_pool_without_costs() {
        let cards = [(200001, 4), (200004, 4), (200005, 4), (100009, 40)];
        let report = run(&cards, "", vec![1, 3, 5], 2000);
        let curve = transfers(&cards, vec![1, 3, 5], 2000);
        for (g, t) in report.seats.iter().zip(&curve.seats) {
            for (gt, tt) in g.turns.iter().zip(&t.turns) {
                assert_eq!(gt.own_pool_mean, tt.expected_pool);
                assert_eq!(gt.ready_vampires_mean, tt.expected_controlled);
            }
        }
    }

    #[test]
    fn a_bleed_modifier_adds_its_bleed_while_blood_pays_it() {
        // Theo Test (capacity 7, POT PRE) from seat 5: out on turn 2 with 7
        // blood; from turn 3 each turn a bleed of 1 + 1 (Test Duo, pot & pre,
        // 1 blood), while its blood lasts: 6 turns to turn 8, blood 1 left.
        let table = "100006\tTest Duo\tbleed_mod\t1\t0\tTest.\n";
        let report = run(&[(200008, 12), (100006, 40)], table, vec![5], 100);
        let seat = &report.seats[0];
        let bled: Vec<f64> = seat.turns.iter().map(|t| t.bled_mean).collect();
        assert_eq!(bled, [0.0, 0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0]);
        // 30 - 7 on Theo, then one crypt draw a turn (every other card is a copy).
        assert_eq!(seat.turns[7].own_pool_mean, 17.0);
        assert_eq!(report.coverage.modelled, 40);
        // Ten turns: turn 9's bleed spends his last blood on the modifier;
        // on turn 10 he has none: he hunts (1 blood), and that is his action.
        let db = fixture_db();
        let deck = deck_of(&db, &[(200008, 12), (100006, 40)]);
        let options = TransferOptions {
            seats: vec![5],
            turns: 10,
            samples: 10,
            ..TransferOptions::default()
        };
        let effects = EffectTable::parse(table).unwrap();
        let long = GoldfishReport::simulate_with(&deck, &db, &options, &effects, &|_| {}).unwrap();
        let bled: Vec<f64> = long.seats[0].turns.iter().map(|t| t.bled_mean).collect();
        assert_eq!(&bled[7..], [12.0, 14.0, 14.0]);
    }

    #[test]
    fn trifle_masters_that_gain_pool_are_two_a_turn() {
        // Test Trifle as "gain 2 pool": two a turn (the trifle's extra action).
        let table = "100002\tTest Trifle\tmaster_pool\t2\t0\tTrifle\n";
        let cards = [(200001, 12), (100002, 40)];
        let report = run(&cards, table, vec![1, 4], 500);
        let curve = transfers(&cards, vec![1, 4], 500);
        for (g, t) in report.seats.iter().zip(&curve.seats) {
            for (gt, tt) in g.turns.iter().zip(&t.turns) {
                let expected = tt.expected_pool + 4.0 * f64::from(gt.turn);
                assert_eq!(
                    gt.own_pool_mean, expected,
                    "seat {} turn {}",
                    g.seat, gt.turn
                );
            }
        }
    }

    #[test]
    fn a_vote_takes_its_amount_each_turn_until_the_oust() {
        // Test Bleed as a vote of 3 (no requirement, no cost): Alma votes from
        // turn 2, 3 pool a turn: 30 pool are gone on turn 11.
        let table = "100003\tTest Bleed\tvote\t3\t0\tTest\n";
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 12), (100003, 40)]);
        let options = TransferOptions {
            seats: vec![2],
            turns: 12,
            samples: 50,
            ..TransferOptions::default()
        };
        let effects = EffectTable::parse(table).unwrap();
        let report =
            GoldfishReport::simulate_with(&deck, &db, &options, &effects, &|_| {}).unwrap();
        let seat = &report.seats[0];
        for turn in &seat.turns {
            assert_eq!(turn.bled_mean, f64::from((3 * (turn.turn - 1)).min(30)));
            assert_eq!(turn.ousted_p, if turn.turn >= 11 { 1.0 } else { 0.0 });
        }
        assert_eq!(seat.oust_turn.median, Some(11));
        assert_eq!(seat.oust_turn.p_by_turn[10], 1.0);
        // No action once the prey is ousted.
        assert_eq!(seat.turns[11].actions_mean, 0.0);
    }

    #[test]
    fn unplayable_cards_are_not_played_and_not_modelled_cards_are_named() {
        // Test Brujah Pride (Brujah) as a +5 bleed: Dario (Toreador) cannot play it.
        let table = "100008\tTest Brujah Pride\tbleed\t5\t0\tTest.\n";
        let report = run(
            &[(200004, 12), (100008, 20), (100011, 20)],
            table,
            vec![5],
            100,
        );
        let seat = &report.seats[0];
        // Dario (7) out on turn 2 from seat 5; plain bleeds of 1 from turn 3.
        assert_eq!(seat.turns[7].bled_mean, 6.0);
        assert_eq!(report.coverage.not_modelled, 20);
        assert_eq!(report.coverage.not_modelled_cards[0].name, "Test Party");
        assert!(report.coverage.warning);
    }

    #[test]
    fn blood_dolls_move_a_vampire_s_blood_to_the_pool_each_turn() {
        // Test Trifle as a Blood Doll: none before a vampire is in play; Theo
        // (7 blood) is out on turn 2 from seat 5; two dolls a turn from turn 3
        // (the trifle's extra action); each doll in play moves 1 blood at the
        // start of the next master phase, while Theo has blood: +2 on turn 4,
        // +4 on turn 5, +1 on turn 6 (his last blood); with none left he
        // hunts each minion phase (1 blood), and a doll moves it: +1 on
        // turns 7 and 8.
        let table = "100002\tTest Trifle\tblood_doll\t1\t0\tTrifle\n";
        let cards = [(200008, 12), (100002, 40)];
        let report = run(&cards, table, vec![5], 100);
        let curve = transfers(&cards, vec![5], 100);
        let extra: Vec<f64> = report.seats[0]
            .turns
            .iter()
            .zip(&curve.seats[0].turns)
            .map(|(g, t)| g.own_pool_mean - t.expected_pool)
            .collect();
        assert_eq!(extra, [0.0, 0.0, 0.0, 2.0, 6.0, 7.0, 8.0, 9.0]);
    }

    #[test]
    fn a_transfer_location_brings_a_big_vampire_out_a_turn_earlier() {
        // Eva Test (11) from seat 1: 1 + 4 + 4 + 4 transfers, out on turn 4;
        // with Test Haven (unique, 1 pool) as +2 transfers, played on turn 1:
        // 3 + 6 + 6, out on turn 3.
        let cards = [(200005, 12), (100001, 40)];
        let without = run(&cards, "", vec![1], 100);
        let table = "100001\tTest Haven\ttransfers\t2\t0\tUnique location\n";
        let with = run(&cards, table, vec![1], 100);
        let ready = |r: &GoldfishReport| -> Vec<f64> {
            r.seats[0]
                .turns
                .iter()
                .map(|t| t.ready_vampires_mean)
                .collect()
        };
        assert_eq!(ready(&without)[..4], [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(ready(&with)[..4], [0.0, 0.0, 1.0, 1.0]);
    }

    #[test]
    fn a_free_blood_location_brings_a_big_vampire_out_a_turn_earlier() {
        // Eva Test (11) from seat 1: 1 + 4 + 4 + 4 transfers, out on turn 4;
        // with Test Haven (unique, 1 pool) adding 1 blood each influence
        // phase from turn 1: 2 + 5 + 5 blood, out on turn 3. The pool at the
        // end of turn 3: 30 - 1 - 1 - 4 - 3 = 21 (the third turn needs 3
        // transfers); without it, 30 - 1 - 4 - 4 = 21 with Eva not out.
        let cards = [(200005, 12), (100001, 40)];
        let table = "100001\tTest Haven\tinfluence_blood\t1\t0\tUnique location\n";
        let with = run(&cards, table, vec![1], 100);
        let ready: Vec<f64> = with.seats[0]
            .turns
            .iter()
            .map(|t| t.ready_vampires_mean)
            .collect();
        assert_eq!(ready[..4], [0.0, 0.0, 1.0, 1.0]);
        assert_eq!(with.seats[0].turns[2].own_pool_mean, 21.0);
        let without = run(&cards, "", vec![1], 100);
        assert_eq!(without.seats[0].turns[2].own_pool_mean, 21.0);
        assert_eq!(without.seats[0].turns[2].ready_vampires_mean, 0.0);
    }

    #[test]
    fn a_master_adding_blood_to_a_big_uncontrolled_vampire_brings_it_out_two_turns_earlier() {
        // Eva Test (11, unique) from seat 1, a library of Test Promo (1
        // pool) read as "add 4 blood to a vampire in your uncontrolled
        // region with capacity 8 or more". Turn 1: Test Promo (pool 29, Eva
        // 4), 1 transfer (28, Eva 5). Turn 2: Test Promo (27, Eva 9), 2
        // transfers fill her (25), the 2 left are lost (no other target, too
        // few for a crypt draw): out at the end of turn 2. Turn 3: no
        // uncontrolled target (the other Evas are copies of a controlled
        // unique vampire), so no Test Promo; Eva bleeds 1; the 4 transfers
        // draw a crypt card (24). Without it: 1 + 4 + 4 + 4 transfers, out
        // on turn 4, pool 29, 25, 21.
        let cards = [(200005, 12), (100018, 40)];
        let table = "100018\tTest Promo\tuncontrolled_blood\t4\t8\tTest promo\n";
        let figures = |report: &GoldfishReport| -> Vec<(f64, f64, f64)> {
            report.seats[0].turns[..4]
                .iter()
                .map(|t| (t.ready_vampires_mean, t.own_pool_mean, t.bled_mean))
                .collect()
        };
        let with = run(&cards, table, vec![1], 100);
        assert_eq!(
            figures(&with)[..3],
            [(0.0, 28.0, 0.0), (1.0, 25.0, 0.0), (1.0, 24.0, 1.0)]
        );
        let without = run(&cards, "", vec![1], 100);
        assert_eq!(
            figures(&without),
            [
                (0.0, 29.0, 0.0),
                (0.0, 25.0, 0.0),
                (0.0, 21.0, 0.0),
                (1.0, 19.0, 0.0)
            ]
        );
        // Dario Test (7) is below capacity 8: the card is never played, the
        // game is the game without it (1 + 4 + 2 transfers, out on turn 3).
        let small = [(200004, 12), (100018, 40)];
        let with = run(&small, table, vec![1], 100);
        let without = run(&small, "", vec![1], 100);
        assert_eq!(figures(&with), figures(&without));
        assert_eq!(figures(&with)[2], (1.0, 23.0, 0.0));
    }

    #[test]
    fn the_third_tablet_gains_its_pool_one_tablet_a_turn() {
        let table = "100002\tTest Trifle\ttablets\t3\t0\tTrifle\n";
        let cards = [(200001, 12), (100002, 40)];
        let report = run(&cards, table, vec![1], 100);
        let curve = transfers(&cards, vec![1], 100);
        let extra: Vec<f64> = report.seats[0]
            .turns
            .iter()
            .zip(&curve.seats[0].turns)
            .map(|(g, t)| g.own_pool_mean - t.expected_pool)
            .collect();
        assert_eq!(extra, [0.0, 0.0, 3.0, 3.0, 3.0, 6.0, 6.0, 6.0]);
    }

    #[test]
    fn allies_recruited_bleed_from_the_next_turn() {
        // Test Bleed as an ally bleeding 1: Alma (out on turn 1) recruits one
        // a turn from turn 2 (worth more than her plain bleed); the allies of
        // the turns before bleed: by turn t, 1 + 2 + ... + (t - 2).
        let table = "100003\tTest Bleed\tally\t1\t0\tTest\n";
        let report = run(&[(200001, 12), (100003, 40)], table, vec![1], 50);
        let seat = &report.seats[0];
        let bled: Vec<f64> = seat.turns.iter().map(|t| t.bled_mean).collect();
        assert_eq!(bled, [0.0, 0.0, 1.0, 3.0, 6.0, 10.0, 15.0, 21.0]);
        let actions: Vec<f64> = seat.turns.iter().map(|t| t.actions_mean).collect();
        assert_eq!(actions, [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]);
        assert_eq!(seat.turns[7].ready_vampires_mean, 1.0);
    }

    #[test]
    fn a_bleed_bonus_is_put_on_once_and_adds_to_every_later_bleed() {
        // Test Bleed as a +1 bleed retainer (no requirement, no cost): Alma
        // (out on turn 1) employs one on turn 2 (worth 1 x 6 turns left, more
        // than her plain bleed), then bleeds for 2 from turn 3; she never
        // takes a second copy.
        let table = "100003\tTest Bleed\tbleed_bonus\t1\t0\tTest\n";
        let report = run(&[(200001, 12), (100003, 40)], table, vec![1], 50);
        let seat = &report.seats[0];
        let bled: Vec<f64> = seat.turns.iter().map(|t| t.bled_mean).collect();
        assert_eq!(bled, [0.0, 0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0]);
        let actions: Vec<f64> = seat.turns.iter().map(|t| t.actions_mean).collect();
        assert_eq!(actions, [0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]);
        assert_eq!(report.coverage.modelled, 40);
        // Two turns are the first two of the eight: on turn 2 she takes the
        // bonus (worth the 6 turns left up to turn 8), whatever --turns.
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 12), (100003, 40)]);
        let options = TransferOptions {
            seats: vec![1],
            turns: 2,
            samples: 10,
            ..TransferOptions::default()
        };
        let effects = EffectTable::parse(table).unwrap();
        let short = GoldfishReport::simulate_with(&deck, &db, &options, &effects, &|_| {}).unwrap();
        let bled: Vec<f64> = short.seats[0].turns.iter().map(|t| t.bled_mean).collect();
        assert_eq!(bled, [0.0, 0.0]);
    }

    fn column(report: &GoldfishReport, figure: impl Fn(&GoldfishTurn) -> f64) -> Vec<f64> {
        report.seats[0].turns.iter().map(figure).collect()
    }

    #[test]
    fn a_discipline_master_opens_the_cards_it_requires() {
        // A library of 4 (all of it in the opening hand): Test Trifle read as
        // Presence, Test Duo (Potence & Presence, 1 blood) as +1 bleed. Alma
        // (pot, capacity 1) is out on turn 1 from seat 1 and cannot play Test
        // Duo (discarded then). Turn 2: Presence on her (the second copy
        // opens nothing more), her bleed with Test Duo: 2; her blood is gone:
        // on turn 3 she hunts (1 blood), and that is her action; plain
        // bleeds of 1 after. Without the Presence row: 1 a turn.
        let cards = [(200001, 12), (100002, 2), (100006, 2)];
        let duo = "100006\tTest Duo\tbleed_mod\t1\t0\tx\n";
        let table =
            format!("100002\tTest Trifle\tdiscipline\t0\t0\tlevel of Presence [pre]\n{duo}");
        let with = run(&cards, &table, vec![1], 20);
        assert_eq!(
            column(&with, |t| t.bled_mean),
            [0.0, 2.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
        );
        let without = run(&cards, duo, vec![1], 20);
        assert_eq!(
            column(&without, |t| t.bled_mean),
            [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]
        );
    }

    #[test]
    fn a_lock_blood_master_brings_a_big_vampire_out_a_turn_earlier() {
        // Eva Test (11, unique) from seat 1, Test Haven (unique, 1 pool) read
        // as Dreams of the Sphinx (1 blood, 3 uses): turn 1 Haven (29), 1
        // blood + 1 transfer (28, Eva 2); turn 2: 1 + 4 (24, Eva 7); turn 3:
        // its last use + 3 transfers (21, Eva 11): out on turn 3, a turn
        // before the 1 + 4 + 4 + 4 transfers alone.
        let cards = [(200005, 12), (100001, 40)];
        let table = "100001\tTest Haven\tlock_blood\t1\t3\tx\n";
        let with = run(&cards, table, vec![1], 100);
        assert_eq!(
            column(&with, |t| t.ready_vampires_mean)[..3],
            [0.0, 0.0, 1.0]
        );
        assert_eq!(column(&with, |t| t.own_pool_mean)[..3], [28.0, 24.0, 21.0]);
    }

    #[test]
    fn embraced_vampires_bleed_one_a_turn_from_the_turn_after() {
        // Test Bleed read as The Embrace (the new vampire hunts: 1 blood):
        // Theo (seat 5, out on turn 2) embraces on turns 3 to 7 (worth the
        // turns left after: 5, 4, 3, 2, then 1, a tie with his bleed that
        // goes to the card), bleeds on turn 8; each new vampire bleeds 1 a
        // turn from the next, and plays no cards.
        let table = "100003\tTest Bleed\tembrace\t1\t0\tx\n";
        let report = run(&[(200008, 12), (100003, 40)], table, vec![5], 50);
        assert_eq!(
            column(&report, |t| t.bled_mean),
            [0.0, 0.0, 0.0, 1.0, 3.0, 6.0, 10.0, 16.0]
        );
        assert_eq!(
            column(&report, |t| t.ready_vampires_mean),
            [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 6.0]
        );
        assert_eq!(
            column(&report, |t| t.actions_mean),
            [0.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
        );
    }

    #[test]
    fn a_prey_burn_card_in_play_burns_one_each_unlock_phase_whatever_the_copies() {
        // Test Bleed read as Army of Rats: Alma (out on turn 1) puts one in
        // play on turn 2 (worth 6 turns), then bleeds 1 a turn while the
        // prey burns 1 each unlock phase: 2 a turn from turn 3; no second copy.
        let table = "100003\tTest Bleed\tprey_burn\t1\t0\tx\n";
        let report = run(&[(200001, 12), (100003, 40)], table, vec![1], 50);
        assert_eq!(
            column(&report, |t| t.bled_mean),
            [0.0, 0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0]
        );
        assert_eq!(
            column(&report, |t| t.actions_mean),
            [0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
        );
    }

    #[test]
    fn transfers_left_unused_burn_a_transfer_pool_card_for_pool() {
        // Alma (1, unique) from seat 1 with --max-vampires 1: out on turn 1
        // with 1 transfer, then the 4 transfers of each turn are left unused.
        // Test Trifle (no cost) read as Wider View (4 transfers: 2 pool):
        // two in play a turn (the trifle's extra action), one burned a turn
        // from turn 2: 29 pool on turn 1, then 2 more a turn.
        let db = fixture_db();
        let deck = deck_of(&db, &[(200001, 12), (100002, 40)]);
        let options = TransferOptions {
            seats: vec![1],
            samples: 20,
            max_vampires: 1,
            ..TransferOptions::default()
        };
        let effects = EffectTable::parse("100002\tTest Trifle\ttransfer_pool\t4\t2\tx\n").unwrap();
        let report =
            GoldfishReport::simulate_with(&deck, &db, &options, &effects, &|_| {}).unwrap();
        assert_eq!(
            column(&report, |t| t.own_pool_mean),
            [29.0, 31.0, 33.0, 35.0, 37.0, 39.0, 41.0, 43.0]
        );
    }

    #[test]
    fn same_seed_same_report_at_any_thread_count() {
        let go = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                run(
                    &[
                        (200001, 4),
                        (200004, 4),
                        (200013, 4),
                        (100006, 20),
                        (100009, 20),
                    ],
                    "100006\tTest Duo\tbleed_mod\t1\t0\tTest.\n",
                    vec![1, 4],
                    30_000,
                )
            })
        };
        assert_eq!(go(1), go(2));
    }
    #[test]
    fn a_turn_s_figures_do_not_depend_on_the_turns_played_after_it() {
        // Cards worth the turns left (a bleed bonus, an embrace, a cycle)
        // once counted them up to --turns: turn 3 of a 6-turn game was
        // another game than turn 3 of an 8-turn one. The first six turns
        // of --turns 8 are --turns 6, with the same seed.
        let table = "100003\tTest Bleed\tbleed_bonus\t1\t0\tx\n100006\tTest Duo\tbleed_mod\t1\t0\tx\n100008\tTest Brujah Pride\tembrace\t1\t0\tx\n";
        let cards = [
            (200008, 6),
            (200002, 6),
            (100003, 15),
            (100006, 15),
            (100008, 10),
        ];
        let db = fixture_db();
        let deck = deck_of(&db, &cards);
        let effects = EffectTable::parse(table).unwrap();
        let play = |turns| {
            let options = TransferOptions {
                seats: vec![1, 4],
                turns,
                samples: 3000,
                seed: Seed(11),
                ..TransferOptions::default()
            };
            GoldfishReport::simulate_with(&deck, &db, &options, &effects, &|_| {}).unwrap()
        };
        let (short, long) = (play(6), play(8));
        for (s, l) in short.seats.iter().zip(&long.seats) {
            assert_eq!(s.turns[..], l.turns[..6]);
            assert_eq!(
                s.first_pool_taken.p_by_turn[..],
                l.first_pool_taken.p_by_turn[..6]
            );
            assert_eq!(s.oust_turn.p_by_turn[..], l.oust_turn.p_by_turn[..6]);
        }
        // And the cards do something: more pool taken than plain bleeds.
        assert!(long.seats[0].turns[7].bled_mean > 0.0);
    }

    #[test]
    fn the_coverage_says_what_the_game_plays_and_warns_for_a_plan_it_cannot_see() {
        // 40 combat cards (Test Punch), 10 reactions, 10 bleed modifiers
        // (Test Duo): 10 of 60 played, under 25%: the plan is combat.
        let table = "100006\tTest Duo\tbleed_mod\t1\t0\tx\n";
        let report = run(
            &[(200008, 12), (100004, 40), (100009, 10), (100006, 10)],
            table,
            vec![1],
            10,
        );
        let coverage = &report.coverage;
        assert_eq!((coverage.played, coverage.library), (10, 60));
        assert_eq!(coverage.plan, Some(Plan::Combat));
        assert!(coverage.played_warning);
        assert_eq!(
            coverage.warnings,
            ["10 of 60 cards played: this deck's plan (combat) takes no pool at an idle table: the figures show plain bleeds"]
        );
        let reasons: Vec<(InertReason, u32)> = coverage
            .inert_reasons
            .iter()
            .map(|r| (r.reason, r.count))
            .collect();
        assert_eq!(
            reasons,
            [(InertReason::Combat, 40), (InertReason::Reactions, 10)]
        );
        // 30 bleed modifiers of 60: half played, no warning; the plan is bleed.
        let report = run(
            &[(200008, 12), (100004, 30), (100006, 30)],
            table,
            vec![1],
            10,
        );
        assert_eq!(report.coverage.plan, Some(Plan::Bleed));
        assert!(report.coverage.warnings.is_empty());
    }
}
