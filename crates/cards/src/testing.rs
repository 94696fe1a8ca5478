//! Helpers for this crate's unit tests (see `vtesdeck_fixtures::test_helpers`).

pub(crate) use vtesdeck_fixtures::{fixture_file, sorted_names};

vtesdeck_fixtures::test_helpers!(crate);
