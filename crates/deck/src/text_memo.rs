//! A memo of what was worked out from short texts (crypt rows), by the text:
//! a decklist archive writes the same rows again and again.

use std::hash::BuildHasher;
use std::sync::OnceLock;

/// Texts longer than this are not kept (worked out every time).
pub const MAX_KEPT_TEXT: usize = 160;

/// Values worked out from texts, kept by their text in a fixed number of
/// slots, shared by the threads that read (a text's slot is chosen by its
/// hash; a slot, once taken, keeps its text): memory is bounded, nothing is
/// ever resized or locked, and a text is looked up by one hash and one
/// comparison. Each thread that works a text out keeps what it found: the
/// others find it there (a memo per thread made each of them work out the
/// same rows again: 2% more instructions on two threads, 12% on eight).
#[derive(Debug)]
pub struct TextMemo<V> {
    slots: OnceLock<Box<[Slot<V>]>>,
}

/// A slot of a [`TextMemo`]: a text and its value, once kept.
type Slot<V> = OnceLock<(Box<str>, V)>;

/// An empty memo (its slots are made when first used).
impl<V> Default for TextMemo<V> {
    fn default() -> TextMemo<V> {
        TextMemo {
            slots: OnceLock::new(),
        }
    }
}

impl<V> TextMemo<V> {
    /// How many slots a memo has (a power of two).
    const SLOTS: usize = 1 << 15;

    /// The value kept for a text, if its slot holds it.
    pub fn get(&self, text: &str) -> Option<&V> {
        match self.slot(text)?.get() {
            Some((kept, value)) if **kept == *text => Some(value),
            _ => None,
        }
    }

    /// Keeps a value worked out from a text, unless the text's slot holds
    /// another (or the text is longer than [`MAX_KEPT_TEXT`]).
    pub fn keep(&self, text: &str, value: V) {
        if let Some(slot) = self.slot(text) {
            // Taken by another thread meanwhile: its value stays.
            let _ = slot.set((text.into(), value));
        }
    }

    /// The slot of a text (`None` for a text longer than
    /// `MAX_KEPT_TEXT`): empty, the text's own, or another text's.
    fn slot(&self, text: &str) -> Option<&Slot<V>> {
        if text.len() > MAX_KEPT_TEXT {
            return None;
        }
        let slots = self.slots.get_or_init(|| {
            std::iter::repeat_with(OnceLock::new)
                .take(Self::SLOTS)
                .collect()
        });
        let hash = rustc_hash::FxBuildHasher.hash_one(text.as_bytes());
        // The hash's high bits are its best mixed.
        let index = (hash >> (64 - Self::SLOTS.trailing_zeros())) as usize;
        slots.get(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A text's value is found only by that text, whichever thread kept it;
    /// a value is kept unless its slot holds another text.
    #[test]
    fn values_are_found_by_their_own_text_only() {
        let memo = TextMemo::default();
        let words = ["a", "b", "é", " ", "\t", "Theo", "7"];
        let texts = |seed: u32| {
            let mut pieces = crate::testing::Pieces(seed);
            (0..5_000)
                .map(|_| {
                    let count = 1 + pieces.next_number() as usize % 12;
                    pieces.text(&words, count)
                })
                .collect::<Vec<String>>()
        };
        let kept_by = |texts: &[String]| {
            let mut kept = 0;
            for text in texts {
                match memo.get(text) {
                    Some(length) => assert_eq!(*length, text.len(), "{text:?}"),
                    None => {
                        memo.keep(text, text.len());
                        kept += usize::from(memo.get(text) == Some(&text.len()));
                    }
                }
            }
            kept
        };
        let (first, second) = (texts(0x3e30), texts(0x51de));
        let kept = std::thread::scope(|scope| {
            let other = scope.spawn(|| kept_by(&second));
            kept_by(&first) + other.join().expect("the other thread")
        });
        assert!(kept > 0);
        for text in first.iter().chain(&second) {
            // Either not kept (its slot taken) or holding its own value.
            if let Some(length) = memo.get(text) {
                assert_eq!(*length, text.len(), "{text:?}");
            }
        }
        let long = "x".repeat(MAX_KEPT_TEXT + 1);
        memo.keep(&long, 0);
        assert!(memo.get(&long).is_none());
    }
}
