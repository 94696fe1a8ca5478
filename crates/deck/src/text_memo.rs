//! A memo of what was worked out from short texts (crypt rows), by the text:
//! a decklist archive writes the same rows again and again.

use std::hash::BuildHasher;

/// Texts longer than this are not kept (worked out every time).
pub const MAX_KEPT_TEXT: usize = 160;

/// Values worked out from texts, kept by their text in a fixed number of
/// slots (a text's slot is chosen by its hash; a text that takes a slot
/// forgets the one there before): memory is bounded, nothing is ever
/// resized, and a text is looked up by one hash and one comparison.
#[derive(Debug)]
pub struct TextMemo<V> {
    slots: Vec<Option<(Box<str>, V)>>,
}

/// An empty memo (its slots are made when first used).
impl<V> Default for TextMemo<V> {
    fn default() -> TextMemo<V> {
        TextMemo { slots: Vec::new() }
    }
}

impl<V> TextMemo<V> {
    /// How many slots a memo has (a power of two).
    const SLOTS: usize = 1 << 14;

    /// The slot of a text (`None` for a text longer than
    /// `MAX_KEPT_TEXT`): empty, the text's own, or another text's. Its
    /// value is the caller's to check against the text and to replace.
    pub fn slot(&mut self, text: &str) -> Option<&mut Option<(Box<str>, V)>> {
        if text.len() > MAX_KEPT_TEXT {
            return None;
        }
        if self.slots.is_empty() {
            self.slots = std::iter::repeat_with(|| None).take(Self::SLOTS).collect();
        }
        let hash = rustc_hash::FxBuildHasher.hash_one(text.as_bytes());
        // The hash's high bits are its best mixed.
        let index = (hash >> (64 - Self::SLOTS.trailing_zeros())) as usize;
        self.slots.get_mut(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_found_by_their_own_text_only() {
        let mut memo = TextMemo::default();
        let mut pieces = crate::testing::Pieces(0x3e30);
        let words = ["a", "b", "é", " ", "\t", "Theo", "7"];
        let mut kept = Vec::new();
        let mut taken = 0;
        for _ in 0..5_000 {
            let count = 1 + pieces.next_number() as usize % 12;
            let text = pieces.text(&words, count);
            let slot = memo.slot(&text).expect("a short text's slot");
            match slot {
                Some((kept, length)) if **kept == *text => assert_eq!(*length, text.len()),
                _ => *slot = Some((text.as_str().into(), text.len())),
            }
            kept.push(text);
        }
        for text in &kept {
            // Either forgotten (its slot taken) or holding its own value.
            if let Some(Some((kept, length))) = memo.slot(text) {
                if **kept == **text {
                    assert_eq!(*length, text.len(), "{text:?}");
                    taken += 1;
                }
            }
        }
        assert!(taken > 0);
        assert!(memo.slot(&"x".repeat(MAX_KEPT_TEXT + 1)).is_none());
    }
}
