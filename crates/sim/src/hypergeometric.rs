//! Exact drawing odds without replacement (the hypergeometric distribution and
//! its multivariate form), in log space so that 90-card (or larger) libraries
//! stay accurate.

/// `ln(n!)` for `n = 0..len`, so binomial coefficients are sums of table entries.
#[derive(Debug, Clone)]
pub(crate) struct LnFactorials {
    table: Vec<f64>,
}

impl LnFactorials {
    /// A table of `ln(n!)` for every `n <= max`.
    pub(crate) fn new(max: u32) -> LnFactorials {
        let mut table = Vec::with_capacity(max as usize + 1);
        let mut sum = 0.0f64;
        table.push(0.0);
        for n in 1..=max {
            sum += f64::from(n).ln();
            table.push(sum);
        }
        LnFactorials { table }
    }

    /// `ln(n!)`; `n` beyond the table is computed on the spot.
    pub(crate) fn ln_factorial(&self, n: u32) -> f64 {
        match self.table.get(n as usize) {
            Some(value) => *value,
            None => (1..=n).map(|i| f64::from(i).ln()).sum(),
        }
    }

    /// `ln C(n, k)`; `None` when `k > n` (the coefficient is 0).
    pub(crate) fn ln_choose(&self, n: u32, k: u32) -> Option<f64> {
        (k <= n).then(|| self.ln_factorial(n) - self.ln_factorial(k) - self.ln_factorial(n - k))
    }
}

/// Drawing `draws` cards from `population` cards of which `successes` are of interest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Hypergeometric {
    /// Cards in the pile.
    pub population: u32,
    /// Cards of interest in the pile.
    pub successes: u32,
    /// Cards drawn (at most `population`).
    pub draws: u32,
}

impl Hypergeometric {
    /// The distribution; `successes` and `draws` are capped at `population`.
    pub(crate) fn new(population: u32, successes: u32, draws: u32) -> Hypergeometric {
        Hypergeometric {
            population,
            successes: successes.min(population),
            draws: draws.min(population),
        }
    }

    /// Expected number of cards of interest drawn: `draws * successes / population`.
    pub(crate) fn mean(&self) -> f64 {
        if self.population == 0 {
            return 0.0;
        }
        f64::from(self.draws) * f64::from(self.successes) / f64::from(self.population)
    }

    /// P(exactly `k` cards of interest drawn).
    pub(crate) fn pmf(&self, k: u32, ln: &LnFactorials) -> f64 {
        let (n, big_k, draws) = (self.population, self.successes, self.draws);
        if k > draws || k > big_k || draws - k > n - big_k {
            return 0.0;
        }
        let (Some(a), Some(b), Some(c)) = (
            ln.ln_choose(big_k, k),
            ln.ln_choose(n - big_k, draws - k),
            ln.ln_choose(n, draws),
        ) else {
            return 0.0;
        };
        (a + b - c).exp()
    }

    /// P(at least `k` cards of interest drawn), summed over the upper tail:
    /// exactly 1 when every draw holds `k` (fewer other cards than draws), exactly
    /// 0 when none can, and otherwise strictly between ([`uncertain`]).
    pub(crate) fn p_at_least(&self, k: u32, ln: &LnFactorials) -> f64 {
        let fewest = self.draws.saturating_sub(self.population - self.successes);
        let top = self.draws.min(self.successes);
        if k <= fewest {
            return 1.0;
        }
        if k > top {
            return 0.0;
        }
        uncertain((k..=top).map(|j| self.pmf(j, ln)).sum())
    }
}

/// The distribution of a score over draws from a pile of several kinds of cards
/// (multivariate hypergeometric): `counts[i]` copies of kind `i`, `draws` cards
/// drawn, and a draw holding `j` copies of kind `i` adds `score(i, j)`.
///
/// Returns `p[s]` = P(total score = `s`), with `p.len()` = highest score + 1.
pub(crate) fn score_distribution(
    counts: &[u32],
    draws: u32,
    ln: &LnFactorials,
    score: impl Fn(usize, u32) -> usize,
) -> Vec<f64> {
    let population: u32 = counts.iter().sum();
    if draws > population {
        return vec![0.0];
    }
    let d = draws as usize;
    // ways[drawn][score]: number of draws (a product of binomials per kind), kept
    // at a common scale so that huge piles cannot overflow; normalised at the end.
    let mut ways: Vec<Vec<f64>> = vec![vec![0.0; 1]; d + 1];
    ways[0][0] = 1.0;
    for (kind, &count) in counts.iter().enumerate() {
        let mut next: Vec<Vec<f64>> = vec![Vec::new(); d + 1];
        let binomials: Vec<f64> = (0..=count.min(draws))
            .map(|j| ln.ln_choose(count, j).map_or(0.0, f64::exp))
            .collect();
        for (drawn, row) in ways.iter().enumerate() {
            for (total, &weight) in row.iter().enumerate() {
                if weight == 0.0 {
                    continue;
                }
                for (j, binomial) in binomials.iter().enumerate().take(d - drawn + 1) {
                    let s = total + score(kind, j as u32);
                    let cell = &mut next[drawn + j];
                    if cell.len() <= s {
                        cell.resize(s + 1, 0.0);
                    }
                    cell[s] += weight * binomial;
                }
            }
        }
        let largest = next.iter().flatten().fold(0.0f64, |m, &w| m.max(w));
        if largest > 1e200 {
            next.iter_mut().flatten().for_each(|w| *w /= largest);
        }
        ways = next;
    }
    let last = ways.swap_remove(d);
    let total: f64 = last.iter().sum();
    if total <= 0.0 || !total.is_finite() {
        return vec![0.0];
    }
    last.into_iter().map(|w| w / total).collect()
}

/// P(score >= `k`) from a distribution returned by [`score_distribution`].
/// Exactly 1 when no lower score has a chance, exactly 0 when no score from
/// `k` up has one, otherwise strictly between ([`uncertain`]).
pub(crate) fn tail(distribution: &[f64], k: usize) -> f64 {
    let (below, from_k) = distribution.split_at(k.min(distribution.len()));
    if below.iter().all(|p| *p == 0.0) {
        return 1.0;
    }
    if from_k.iter().all(|p| *p == 0.0) {
        return 0.0;
    }
    uncertain(from_k.iter().sum())
}

/// The probability of an event that can happen and can fail, kept strictly
/// between 0 and 1: rounding never makes it look certain or impossible (a
/// figure shows 100% only when the event is certain).
pub(crate) fn uncertain(p: f64) -> f64 {
    p.clamp(f64::MIN_POSITIVE, 1.0 - f64::EPSILON / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// C(n, k) as an exact integer (small arguments).
    fn choose(n: u128, k: u128) -> u128 {
        (0..k).fold(1u128, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn twenty_masters_in_ninety_hand_of_seven() {
        let ln = LnFactorials::new(100);
        let masters = Hypergeometric::new(90, 20, 7);
        let exact = 1.0 - choose(70, 7) as f64 / choose(90, 7) as f64;
        assert!((masters.p_at_least(1, &ln) - exact).abs() < 1e-12);
        assert!((masters.mean() - 7.0 * 20.0 / 90.0).abs() < 1e-12);
        // P(exactly 2) = C(20,2) C(70,5) / C(90,7)
        let two = (choose(20, 2) * choose(70, 5)) as f64 / choose(90, 7) as f64;
        assert!((masters.pmf(2, &ln) - two).abs() < 1e-12);
        let at_least_two = exact - masters.pmf(1, &ln);
        assert!((masters.p_at_least(2, &ln) - at_least_two).abs() < 1e-12);
    }

    #[test]
    fn pmf_sums_to_one_and_impossible_draws_are_zero() {
        let ln = LnFactorials::new(100);
        let h = Hypergeometric::new(90, 12, 7);
        let total: f64 = (0..=7).map(|k| h.pmf(k, &ln)).sum();
        assert!((total - 1.0).abs() < 1e-12);
        assert_eq!(h.pmf(8, &ln), 0.0);
        // 85 of interest in 90: at most 5 others, so at least 2 of 7 drawn are of interest.
        let crowded = Hypergeometric::new(90, 85, 7);
        assert_eq!(crowded.pmf(1, &ln), 0.0);
        assert!((crowded.p_at_least(2, &ln) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn certain_and_impossible_draws_are_exact() {
        let ln = LnFactorials::new(20);
        // 11 of 12 have it, 4 drawn: at least 3 always, 4 sometimes.
        let h = Hypergeometric::new(12, 11, 4);
        for k in 0..=3 {
            assert_eq!(h.p_at_least(k, &ln), 1.0, "{k}");
        }
        let four = choose(11, 4) as f64 / choose(12, 4) as f64;
        assert!((h.p_at_least(4, &ln) - four).abs() < 1e-12);
        assert!(h.p_at_least(4, &ln) < 1.0);
        assert_eq!(h.p_at_least(5, &ln), 0.0);
        // An event that can fail is never written as certain, however likely.
        let likely = Hypergeometric::new(1000, 999, 1);
        assert!(likely.p_at_least(1, &ln) < 1.0);
        // Scores: the lowest possible score is reached for certain.
        let dist = [0.0, 0.25, 0.75];
        assert_eq!(tail(&dist, 0), 1.0);
        assert_eq!(tail(&dist, 1), 1.0);
        assert_eq!(tail(&dist, 2), 0.75);
        assert_eq!(tail(&dist, 3), 0.0);
        // A score that fails once in 10^20 draws is still not certain.
        assert!(tail(&[1e-20, 1.0], 1) < 1.0);
    }

    #[test]
    fn four_copies_in_a_twelve_card_crypt() {
        let ln = LnFactorials::new(20);
        let h = Hypergeometric::new(12, 4, 4);
        let none = choose(8, 4) as f64 / choose(12, 4) as f64;
        assert!((h.p_at_least(1, &ln) - (1.0 - none)).abs() < 1e-12);
    }

    #[test]
    fn score_distribution_counts_distinct_kinds() {
        let ln = LnFactorials::new(20);
        // Two kinds, two copies each, draw 2: distinct = 1 with prob 2/6.
        let dist = score_distribution(&[2, 2], 2, &ln, |_, j| usize::from(j > 0));
        assert!((dist[1] - 2.0 / 6.0).abs() < 1e-12);
        assert!((dist[2] - 4.0 / 6.0).abs() < 1e-12);
        assert!((tail(&dist, 2) - 4.0 / 6.0).abs() < 1e-12);
    }

    #[test]
    fn score_distribution_sums_capacities() {
        let ln = LnFactorials::new(20);
        // One 1-capacity and one 11-capacity card, draw 1.
        let caps = [1usize, 11];
        let dist = score_distribution(&[1, 1], 1, &ln, |kind, j| caps[kind] * j as usize);
        assert!((dist[1] - 0.5).abs() < 1e-12);
        assert!((dist[11] - 0.5).abs() < 1e-12);
        assert!((dist.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }
}
