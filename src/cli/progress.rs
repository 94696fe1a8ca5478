//! The progress bar of the simulations: on standard error, shown only once a run
//! has taken a second, never when standard error is not a terminal or with `--quiet`.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How long a run goes before its bar appears.
const DELAY: Duration = Duration::from_secs(1);

/// A progress bar over a number of samples.
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    shown: AtomicBool,
}

impl Progress {
    /// A bar for `total` samples (a silent one when `quiet` or not on a terminal).
    pub fn new(total: u64, quiet: bool) -> Progress {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template(
                "{spinner} {bar:40} {percent:>3}% {pos}/{len} eta {eta}",
            ) {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
            shown: AtomicBool::new(false),
        }
    }

    /// Counts `n` more samples done.
    pub fn advance(&self, n: u64) {
        let Some(bar) = &self.bar else {
            return;
        };
        bar.inc(n);
        if self.started.elapsed() >= DELAY && !self.shown.swap(true, Ordering::Relaxed) {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
