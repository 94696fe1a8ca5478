use rand::{RngCore, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

/// Samples per chunk: the unit of work of a thread and of a progress tick.
pub(crate) const CHUNK_SIZE: u64 = 16_384;

/// The random generator of the simulations.
pub(crate) type SimRng = Xoshiro256PlusPlus;

/// A run's seed, shown in reports so that any figure can be reproduced; at
/// most [`Seed::MAX`], so that the JSON that writes it as a number is read
/// back exactly by every JSON reader (most read numbers as doubles).
///
/// Reproducible parallel sampling: the samples are cut into fixed-size chunks and
/// chunk `i` draws from its own generator seeded from `(seed, i)`, so a run gives
/// the same figures whatever the number of threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seed(pub u64);

impl Seed {
    /// The largest seed: 2^53 - 1, the largest integer a double holds exactly
    /// with every smaller one.
    pub const MAX: u64 = (1 << 53) - 1;

    /// The seed of every run that names none (`draw`, `transfers`, `goldfish`
    /// and `report` without `--seed`, the options' defaults): one seed for all,
    /// so that the same deck gives the same figures from run to run and
    /// `goldfish` deals the crypts `transfers` deals.
    pub const DEFAULT: Seed = Seed(0);

    /// The generator of chunk `index`.
    pub(crate) fn chunk_rng(self, index: u64) -> SimRng {
        let mixed = splitmix64(self.0 ^ splitmix64(index.wrapping_add(0x9E37_79B9_7F4A_7C15)));
        SimRng::seed_from_u64(mixed)
    }
}

/// One step of SplitMix64: a good 64-bit mixer.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A uniform index in `0..bound` (`bound >= 1`) by multiply-shift (Lemire); the
/// bias is below `bound / 2^64`, far under any sampling error.
#[inline]
pub(crate) fn below(rng: &mut SimRng, bound: usize) -> usize {
    ((u128::from(rng.next_u64()) * bound as u128) >> 64) as usize
}

/// Runs `samples` samples in chunks on the current rayon pool: `work(rng, n)`
/// runs the `n` samples of one chunk and returns its tally, `merge` adds two
/// tallies (starting from `empty()`), and `progress(n)` is called as chunks
/// finish. Tallies are integer counts, so the order in which threads merge them
/// does not change the result.
pub(crate) fn run_chunks<T: Send>(
    samples: u64,
    seed: Seed,
    progress: &(dyn Fn(u64) + Sync),
    work: impl Fn(&mut SimRng, u64) -> T + Sync,
    empty: impl Fn() -> T + Sync + Send,
    merge: impl Fn(T, T) -> T + Sync + Send,
) -> T {
    let chunks = samples.div_ceil(CHUNK_SIZE);
    (0..chunks)
        .into_par_iter()
        .map(|index| {
            let size = CHUNK_SIZE.min(samples - index * CHUNK_SIZE);
            let mut rng = seed.chunk_rng(index);
            let tally = work(&mut rng, size);
            progress(size);
            tally
        })
        .reduce(empty, merge)
}

/// Counts of sampled games that chunks add together.
pub(crate) trait Tally: Send {
    /// Adds `other`'s counts to these.
    fn add(&mut self, other: &Self);
}

/// Adds the counts of `b` to those of `a`, place by place.
pub(crate) fn add_counts(a: &mut [u64], b: &[u64]) {
    a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
}

/// A game dealt once and played from each seat asked for (`transfers`',
/// `goldfish`'s), its state reused from deal to deal.
pub(crate) trait SeatGame {
    /// What one seat's games are counted in.
    type Tally: Tally;
    /// Deals the next game.
    fn deal(&mut self, rng: &mut SimRng);
    /// Plays the dealt game from `seat`, counted in `tally`.
    fn play(&mut self, seat: u8, tally: &mut Self::Tally);
}

/// Plays `samples` deals, each from every seat of `seats`, in chunks (see
/// [`run_chunks`]): a chunk builds its game with `new_game` from the chunk's
/// random source before its first deal; returns one tally per seat, in order.
pub(crate) fn play_seats<G: SeatGame>(
    samples: u64,
    seed: Seed,
    progress: &(dyn Fn(u64) + Sync),
    seats: &[u8],
    new_game: impl Fn(&mut SimRng) -> G + Sync,
    new_tally: impl Fn() -> G::Tally + Sync + Send,
) -> Vec<G::Tally> {
    let empty = || -> Vec<G::Tally> { seats.iter().map(|_| new_tally()).collect() };
    run_chunks(
        samples,
        seed,
        progress,
        |rng, n| {
            let mut game = new_game(rng);
            let mut tallies = empty();
            for _ in 0..n {
                game.deal(rng);
                for (seat, tally) in seats.iter().zip(tallies.iter_mut()) {
                    game.play(*seat, tally);
                }
            }
            tallies
        },
        empty,
        |mut totals, tallies| {
            for (total, tally) in totals.iter_mut().zip(&tallies) {
                total.add(tally);
            }
            totals
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_cover_every_sample_once() {
        let sizes = run_chunks(
            CHUNK_SIZE * 2 + 5,
            Seed(1),
            &|_| {},
            |_, n| vec![n],
            Vec::new,
            |mut a, b| {
                a.extend(b);
                a
            },
        );
        assert_eq!(sizes, vec![CHUNK_SIZE, CHUNK_SIZE, 5]);
    }

    #[test]
    fn chunk_generators_depend_on_seed_and_index_only() {
        let a = Seed(7).chunk_rng(3).next_u64();
        assert_eq!(a, Seed(7).chunk_rng(3).next_u64());
        assert_ne!(a, Seed(7).chunk_rng(4).next_u64());
        assert_ne!(a, Seed(8).chunk_rng(3).next_u64());
    }

    #[test]
    fn seeds_up_to_the_largest_are_exact_in_every_json_reader() {
        // A double holds the default and the largest exactly, not one above.
        assert_eq!(Seed::DEFAULT.0 as f64 as u64, Seed::DEFAULT.0);
        assert_eq!(Seed::MAX as f64 as u64, Seed::MAX);
        assert_ne!((Seed::MAX + 2) as f64 as u64, Seed::MAX + 2);
    }

    #[test]
    fn below_stays_in_range() {
        let mut rng = Seed(1).chunk_rng(0);
        let mut seen = [false; 5];
        for _ in 0..1000 {
            seen[below(&mut rng, 5)] = true;
        }
        assert!(seen.iter().all(|s| *s));
    }
}
