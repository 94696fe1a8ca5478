//! The transfer curve as an SVG image (`--plot FILE.svg`): expected capacity
//! in play by turn, one line per seat, drawn by `chart::line_chart`.
//!
//! SVG only: the image is text, drawn by the viewer, and needs no font or
//! image library to write. A `.png` name is refused with a way to convert.

use std::path::{Path, PathBuf};

use super::chart::{self, LineChart, Series};
use super::output_file::{OutputFile, OutputFileError};
use crate::cards::quantity;
use crate::sim::TransferCurve;

/// Image size in pixels.
const SIZE: (u32, u32) = (900, 560);

/// Why the chart could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlotError {
    /// The file name does not end in `.svg`.
    #[error(
        "{}: the plot is written as SVG: name the file .svg{}",
        path.display(),
        if path.extension().is_some_and(|e| e.eq_ignore_ascii_case("png")) {
            " (PNG is not drawn; convert the SVG, e.g. `rsvg-convert -o plot.png plot.svg`)"
        } else {
            ""
        }
    )]
    UnknownExtension {
        /// The file.
        path: PathBuf,
    },
    /// The file cannot be written (exists, missing folder, not a regular file, ...).
    #[error(transparent)]
    Output(#[from] OutputFileError),
}

/// Checks that `path` names an SVG file; call it before the simulation so
/// that a wrong name stops the command at once.
pub fn check_extension(path: &Path) -> Result<(), PlotError> {
    let is_svg = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("svg"));
    if is_svg {
        Ok(())
    } else {
        Err(PlotError::UnknownExtension {
            path: path.to_path_buf(),
        })
    }
}

/// Writes the chart as SVG through `output` (a temporary file renamed in
/// place at the end); `output` must name an SVG file.
pub fn write(curve: &TransferCurve, output: &OutputFile) -> Result<(), PlotError> {
    check_extension(output.path())?;
    output.write(svg(curve).as_bytes())?;
    Ok(())
}

/// The chart as SVG text (one `<svg>` element, also fit for an HTML page).
pub fn svg(curve: &TransferCurve) -> String {
    let name = Path::new(&curve.path)
        .file_name()
        .map_or_else(|| curve.path.clone(), |n| n.to_string_lossy().into_owned());
    // Seat 5 wider: seats 4 and 5 (both 4 transfers on the first turn) draw
    // the same curve, and both stay visible.
    let series = curve
        .seats
        .iter()
        .map(|seat| Series {
            label: format!("seat {}", seat.seat),
            points: seat
                .turns
                .iter()
                .map(|t| (f64::from(t.turn), t.expected_capacity))
                .collect(),
            width: if seat.seat == 5 { 6.0 } else { 2.0 },
        })
        .collect();
    chart::line_chart(&LineChart {
        title: format!(
            "{name}: transfer curve ({} policy, {} per seat)",
            curve.policy.name(),
            quantity(curve.samples, "game", "games")
        ),
        x_label: "turn (end of the influence phase)".to_string(),
        y_label: "expected capacity in play".to_string(),
        series,
        size: SIZE,
        integer_x: true,
    })
}
