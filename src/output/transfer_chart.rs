//! A terminal chart of a figure by turn (`transfers`' expected capacity in
//! play, `goldfish`'s pool taken): one line per seat drawn with the seat's
//! digit.

use std::io::{self, Write};

/// Rows of the plotting area.
const HEIGHT: usize = 20;
/// Rows between two labels of the value axis.
const LABEL_EVERY: usize = 4;
/// Characters per turn.
const TURN_WIDTH: usize = 6;

/// "seat 4", or "seats 4–5" for seats shown once because their figures are
/// the same.
pub(crate) fn seats_label(seats: &[u8]) -> String {
    match seats {
        [] => String::new(),
        [seat] => format!("seat {seat}"),
        [first, .., last] if usize::from(last - first) + 1 == seats.len() => {
            format!("seats {first}–{last}")
        }
        _ => {
            let all: Vec<String> = seats.iter().map(u8::to_string).collect();
            format!("seats {}", all.join(", "))
        }
    }
}

/// The seats in order, those next to each other with the same figures
/// (`same`) together: seats 4 and 5 get the same transfers, so their games
/// are the same, and they are shown once.
pub(crate) fn seats_with_same_figures<T>(
    seats: &[T],
    same: impl Fn(&T, &T) -> bool,
) -> Vec<Vec<&T>> {
    let mut groups: Vec<Vec<&T>> = Vec::new();
    for seat in seats {
        match groups.last_mut() {
            Some(group) if same(group[0], seat) => group.push(seat),
            _ => groups.push(vec![seat]),
        }
    }
    groups
}

/// Renders one line per group of seats, `(seats, value by turn from turn
/// 1)`, drawn with the first seat's digit (the chart of `transfers`, and of
/// `goldfish`, whose seats with the same figures make one line).
pub(crate) fn render_seat_lines(
    lines: &[(Vec<u8>, Vec<f64>)],
    out: &mut impl Write,
) -> io::Result<()> {
    let turns = lines.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
    if turns == 0 {
        return Ok(());
    }
    let top = nice_ceiling(
        lines
            .iter()
            .flat_map(|(_, v)| v.iter().copied())
            .fold(0.0f64, f64::max),
    );
    let width = (turns - 1) * TURN_WIDTH + 1;
    let mut grid = vec![vec![' '; width]; HEIGHT + 1];
    let row_of = |value: f64| {
        let row = (value / top * HEIGHT as f64).round() as usize;
        HEIGHT - row.min(HEIGHT)
    };
    for (seats, values) in lines {
        let points: Vec<(usize, f64)> = values
            .iter()
            .enumerate()
            .map(|(i, v)| (i * TURN_WIDTH, *v))
            .collect();
        for pair in points.windows(2) {
            let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
            for x in x0 + 1..x1 {
                let y = y0 + (y1 - y0) * (x - x0) as f64 / (x1 - x0) as f64;
                if let Some(cell) = grid.get_mut(row_of(y)).and_then(|r| r.get_mut(x)) {
                    if *cell == ' ' {
                        *cell = '·';
                    }
                }
            }
        }
        let mark = seats
            .first()
            .and_then(|seat| char::from_digit(u32::from(*seat), 10))
            .unwrap_or('*');
        for (x, y) in points {
            grid[row_of(y)][x] = mark;
        }
    }
    for (r, row) in grid.iter().enumerate() {
        let value = top * (HEIGHT - r) as f64 / HEIGHT as f64;
        let label = if r % LABEL_EVERY == 0 {
            format!("{value:>5.1}")
        } else {
            " ".repeat(5)
        };
        let line: String = row.iter().collect();
        writeln!(out, "{label} ┤{}", line.trim_end())?;
    }
    let axis: String = (0..width)
        .map(|x| if x % TURN_WIDTH == 0 { '┬' } else { '─' })
        .collect();
    writeln!(out, "      └{axis}")?;
    let mut labels = String::new();
    for turn in 1..=turns {
        let label = turn.to_string();
        labels.push_str(&label);
        if turn < turns {
            labels.push_str(&" ".repeat(TURN_WIDTH.saturating_sub(label.len())));
        }
    }
    writeln!(out, "       {labels}  turn")?;
    let legend: Vec<String> = lines
        .iter()
        .map(|(seats, _)| {
            let mark = seats.first().map_or("*".to_string(), u8::to_string);
            format!("{mark} = {}", seats_label(seats))
        })
        .collect();
    writeln!(
        out,
        "       {} (where seats meet, the later seat's digit is shown)",
        legend.join(", ")
    )
}

/// A round value at or above `value` for the top of the scale (at least 1).
fn nice_ceiling(value: f64) -> f64 {
    let steps = [1.0, 1.5, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0];
    let value = value.max(1.0);
    let magnitude = 10f64.powf(value.log10().floor());
    steps
        .iter()
        .map(|s| s * magnitude)
        .find(|v| *v >= value)
        .unwrap_or(10.0 * magnitude)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scale_tops_are_round() {
        assert_eq!(nice_ceiling(0.0), 1.0);
        assert_eq!(nice_ceiling(17.3), 20.0);
        assert_eq!(nice_ceiling(24.0), 25.0);
        assert_eq!(nice_ceiling(26.0), 30.0);
        assert_eq!(nice_ceiling(81.0), 100.0);
    }

    #[test]
    fn seats_shown_once_are_named_together() {
        assert_eq!(seats_label(&[4]), "seat 4");
        assert_eq!(seats_label(&[4, 5]), "seats 4–5");
        assert_eq!(seats_label(&[1, 2, 3]), "seats 1–3");
        assert_eq!(seats_label(&[1, 3]), "seats 1, 3");
    }
}
