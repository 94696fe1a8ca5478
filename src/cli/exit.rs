//! Exit statuses: 0 ok, 1 findings (unresolved lines, illegal decks), 2 error.

use std::process::ExitCode;

/// What a subcommand found, mapped to the process exit status.
// Reachable through `impl From<Outcome> for ExitCode` only: the binary has no API.
#[allow(unnameable_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Everything fine: exit 0.
    Ok,
    /// Something to report (an illegal deck, an unresolved line): exit 1.
    Findings,
    /// An error (unreadable input, no card database): exit 2.
    Error,
}

impl Outcome {
    /// Merges two outcomes: the worse wins.
    pub fn merge(self, other: Outcome) -> Outcome {
        self.max(other)
    }
}

impl From<Outcome> for ExitCode {
    fn from(outcome: Outcome) -> ExitCode {
        match outcome {
            Outcome::Ok => ExitCode::SUCCESS,
            Outcome::Findings => ExitCode::from(1),
            Outcome::Error => ExitCode::from(2),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_wins_over_findings() {
        assert_eq!(Outcome::Findings.merge(Outcome::Error), Outcome::Error);
        assert_eq!(Outcome::Ok.merge(Outcome::Findings), Outcome::Findings);
    }
}
