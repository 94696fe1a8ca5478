//! The transfer curve as an image (`--plot FILE.svg` or `FILE.png`): expected
//! capacity in play by turn, one line per seat. The SVG is drawn by
//! [`chart::line_chart`] ([`svg`], also the chart of `vtesdeck report`); the
//! PNG with plotters.
//!
//! PNG text is drawn with a system font found through fontconfig (the plotters
//! `ttf` feature); where no font is installed the PNG cannot be written and the
//! error says so: the SVG lets the viewer draw its text.

use std::path::{Path, PathBuf};

use plotters::coord::Shift;
use plotters::prelude::*;

use super::chart::{self, LineChart, Series};
use super::output_file::{OutputFile, OutputFileError};
use crate::sim::transfers::TransferCurve;

/// Image size in pixels.
const SIZE: (u32, u32) = (900, 560);

/// One color per seat.
const SEAT_COLORS: [RGBColor; 5] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
];

/// Why the chart could not be written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlotError {
    /// The file name ends neither in `.svg` nor in `.png`.
    #[error("{}: the plot file must end in .svg or .png", path.display())]
    UnknownExtension {
        /// The file.
        path: PathBuf,
    },
    /// The file cannot be written (exists, missing folder, not a regular file, ...).
    #[error(transparent)]
    Output(#[from] OutputFileError),
    /// Drawing or writing failed.
    #[error("{}: cannot draw the chart: {message}", path.display())]
    Draw {
        /// The file.
        path: PathBuf,
        /// What the plotting library said.
        message: String,
    },
}

/// Image formats of the chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ImageFormat {
    Svg,
    Png,
}

/// The image format `path` asks for by its extension (`.svg`, `.png`); call
/// it before the simulation so that a wrong name stops the command at once.
pub fn check_extension(path: &Path) -> Result<(), PlotError> {
    image_format(path).map(drop)
}

fn image_format(path: &Path) -> Result<ImageFormat, PlotError> {
    let extension = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match extension.as_deref() {
        Some("svg") => Ok(ImageFormat::Svg),
        Some("png") => Ok(ImageFormat::Png),
        _ => Err(PlotError::UnknownExtension {
            path: path.to_path_buf(),
        }),
    }
}

/// Writes the chart to `output`, as SVG or PNG after its extension, through
/// a temporary file renamed in place at the end.
pub fn write(curve: &TransferCurve, output: &OutputFile) -> Result<(), PlotError> {
    match image_format(output.path())? {
        ImageFormat::Svg => Ok(output.write(svg(curve).as_bytes())?),
        ImageFormat::Png => {
            let staged = output.stage()?;
            draw(
                BitMapBackend::new(staged.path(), SIZE).into_drawing_area(),
                curve,
            )
            .map_err(|message| PlotError::Draw {
                path: output.path().to_path_buf(),
                message,
            })?;
            Ok(output.commit(staged)?)
        }
    }
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
            "{name}: transfer curve ({} policy, {} games per seat)",
            curve.policy.name(),
            curve.samples
        ),
        x_label: "turn (end of the influence phase)".to_string(),
        y_label: "expected capacity in play".to_string(),
        series,
        size: SIZE,
        integer_x: true,
    })
}

fn draw<B: DrawingBackend>(root: DrawingArea<B, Shift>, curve: &TransferCurve) -> Result<(), String>
where
    B::ErrorType: 'static,
{
    let text = |e: DrawingAreaErrorKind<B::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(text)?;
    let turns = curve
        .seats
        .iter()
        .map(|s| s.turns.len())
        .max()
        .unwrap_or(1)
        .max(2) as u32;
    let top = curve
        .seats
        .iter()
        .flat_map(|s| s.turns.iter().map(|t| t.expected_capacity))
        .fold(1.0f64, f64::max)
        * 1.1;
    let name = Path::new(&curve.path)
        .file_name()
        .map_or_else(|| curve.path.clone(), |n| n.to_string_lossy().into_owned());
    // The SVG is XML: a file name may hold characters it cannot.
    let name = super::xml::replace_unfit(&name);
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!(
                "{name}: transfer curve ({} policy, {} games per seat)",
                curve.policy.name(),
                curve.samples
            ),
            ("sans-serif", 22),
        )
        .margin(20)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(1u32..turns, 0f64..top)
        .map_err(text)?;
    chart
        .configure_mesh()
        .x_labels(turns as usize)
        .x_desc("turn (end of the influence phase)")
        .y_desc("expected capacity in play")
        .label_style(("sans-serif", 16))
        .draw()
        .map_err(text)?;
    // Later seats first and seat 5 wider: seats 4 and 5 (both 4 transfers on the
    // first turn) draw the same curve, and both stay visible.
    for seat in curve.seats.iter().rev() {
        let color = SEAT_COLORS[usize::from(seat.seat.saturating_sub(1)) % SEAT_COLORS.len()];
        let width = if seat.seat == 5 { 6 } else { 2 };
        let points: Vec<(u32, f64)> = seat
            .turns
            .iter()
            .map(|t| (t.turn, t.expected_capacity))
            .collect();
        chart
            .draw_series(LineSeries::new(points.clone(), color.stroke_width(width)))
            .map_err(text)?
            .label(format!("seat {}", seat.seat))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(width))
            });
        chart
            .draw_series(
                points
                    .into_iter()
                    .map(|p| Circle::new(p, 3, color.filled())),
            )
            .map_err(text)?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font(("sans-serif", 16))
        .draw()
        .map_err(text)?;
    root.present().map_err(text)
}
