//! Line and bar charts as standalone SVG text: axes with round-number ticks,
//! a legend, every text escaped ([`escape_text`](super::xml::escape_text)). No font or system library is needed: the
//! viewer draws the text. Each chart is one `<svg>` element, fit to be written
//! to a file (`transfers --plot`) or put inline in an HTML page.

use std::fmt::Write;

use super::xml::escape_text as escape;

/// Colors given to series and bars in turn (colorblind-friendly Tableau 10).
pub(crate) const PALETTE: [&str; 10] = [
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
    "#bcbd22", "#17becf",
];

/// Space around the plotting area, in pixels: left (value labels), right, top
/// (title), bottom (category labels).
const MARGIN: (f64, f64, f64, f64) = (70.0, 20.0, 50.0, 60.0);
/// Font size of the title, and of every other text.
const TITLE_SIZE: u32 = 18;
const TEXT_SIZE: u32 = 13;

/// One line of a [`LineChart`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Series {
    /// Its name in the legend.
    pub label: String,
    /// Its points, `(x, y)`, in drawing order.
    pub points: Vec<(f64, f64)>,
    /// Line width in pixels (2 is the usual; wider to keep a line visible under another).
    pub width: f64,
}

/// A chart of lines over a numeric x axis.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LineChart {
    /// Title, above the chart.
    pub title: String,
    /// Name of the x axis.
    pub x_label: String,
    /// Name of the y axis.
    pub y_label: String,
    /// The lines, drawn in order, colored from [`PALETTE`] in order.
    pub series: Vec<Series>,
    /// Image size in pixels.
    pub size: (u32, u32),
    /// Whether the x ticks are whole numbers only (turns, counts).
    pub integer_x: bool,
}

/// One series of a [`StackedBarChart`]: a value per category.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct BarSeries {
    /// Its name in the legend.
    pub label: String,
    /// One value per category, in category order (missing ones count as 0).
    pub values: Vec<f64>,
    /// The bar it piles onto within each category: series with the same
    /// stack are drawn one on top of the other, stacks side by side.
    pub stack: usize,
    /// Its color (default: the series' turn in [`PALETTE`]).
    pub color: Option<&'static str>,
}

/// A chart of bars per category, each bar a stack of series (capacities by
/// group; disciplines of the crypt by level beside the library's needs).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct StackedBarChart {
    /// Title, above the chart.
    pub title: String,
    /// Name of the category axis.
    pub x_label: String,
    /// Name of the value axis.
    pub y_label: String,
    /// The categories, left to right.
    pub categories: Vec<String>,
    /// The series, drawn bottom up in their stack in this order.
    pub series: Vec<BarSeries>,
    /// Image size in pixels.
    pub size: (u32, u32),
}

/// Renders a line chart as one `<svg>` element.
pub(crate) fn line_chart(chart: &LineChart) -> String {
    let points = chart.series.iter().flat_map(|s| s.points.iter());
    let (mut x_min, mut x_max, mut y_max) = (f64::INFINITY, f64::NEG_INFINITY, 0.0f64);
    for &(x, y) in points.filter(|(x, y)| x.is_finite() && y.is_finite()) {
        x_min = x_min.min(x);
        x_max = x_max.max(x);
        y_max = y_max.max(y);
    }
    if x_min > x_max {
        (x_min, x_max) = (0.0, 1.0);
    }
    if x_min == x_max {
        x_max = x_min + 1.0;
    }
    let mut x_ticks = ticks(x_min, x_max, 10);
    x_ticks.retain(|&t| t >= x_min - 1e-9 && t <= x_max + 1e-9);
    if chart.integer_x {
        x_ticks.retain(|t| t.fract() == 0.0);
    }
    let y_ticks = ticks(0.0, y_max, 6);
    let y_top = y_ticks.last().copied().unwrap_or(1.0).max(y_max);
    let frame = Frame::new(chart.size, (x_min, x_max), y_top);
    let mut svg = frame.open(&chart.title);
    frame.axes(&mut svg, &chart.x_label, &chart.y_label);
    for &tick in &y_ticks {
        frame.y_tick(&mut svg, tick);
    }
    for &tick in &x_ticks {
        let x = frame.x(tick);
        let _ = write!(
            svg,
            r#"<line x1="{x:.1}" y1="{b:.1}" x2="{x:.1}" y2="{t:.1}" stroke="{GRID}"/><text x="{x:.1}" y="{y:.1}" text-anchor="middle">{}</text>"#,
            number(tick),
            b = frame.bottom(),
            t = frame.bottom() + 5.0,
            y = frame.bottom() + 20.0,
        );
        svg.push('\n');
    }
    for (index, series) in chart.series.iter().enumerate() {
        let color = PALETTE[index % PALETTE.len()];
        let path: Vec<String> = series
            .points
            .iter()
            .filter(|(x, y)| x.is_finite() && y.is_finite())
            .map(|&(x, y)| format!("{:.1},{:.1}", frame.x(x), frame.y(y)))
            .collect();
        let _ = write!(
            svg,
            r#"<g class="series"><title>{}</title><polyline fill="none" stroke="{color}" stroke-width="{}" stroke-linejoin="round" points="{}"/>"#,
            escape(&series.label),
            series.width,
            path.join(" ")
        );
        for point in &path {
            if let Some((x, y)) = point.split_once(',') {
                let _ = write!(svg, r#"<circle cx="{x}" cy="{y}" r="3" fill="{color}"/>"#);
            }
        }
        svg.push_str("</g>\n");
    }
    frame.legend(&mut svg, &chart.series);
    svg.push_str("</svg>\n");
    svg
}

/// Renders a stacked bar chart as one `<svg>` element; each segment carries
/// a `<title>` (category, series, value) that viewers show on hover.
pub(crate) fn stacked_bar_chart(chart: &StackedBarChart) -> String {
    let value = |series: &BarSeries, category: usize| {
        series
            .values
            .get(category)
            .copied()
            .filter(|v| v.is_finite() && *v > 0.0)
            .unwrap_or(0.0)
    };
    let mut stacks: Vec<usize> = chart.series.iter().map(|s| s.stack).collect();
    stacks.sort_unstable();
    stacks.dedup();
    let y_max = (0..chart.categories.len())
        .flat_map(|category| {
            stacks.iter().map(move |&stack| {
                chart
                    .series
                    .iter()
                    .filter(|s| s.stack == stack)
                    .map(|s| value(s, category))
                    .sum::<f64>()
            })
        })
        .fold(0.0f64, f64::max);
    let y_ticks = ticks(0.0, y_max, 6);
    let y_top = y_ticks.last().copied().unwrap_or(1.0).max(y_max);
    let count = chart.categories.len().max(1) as f64;
    let frame = Frame::new(chart.size, (0.0, count), y_top);
    let mut svg = frame.open(&chart.title);
    frame.axes(&mut svg, &chart.x_label, &chart.y_label);
    for &tick in &y_ticks {
        frame.y_tick(&mut svg, tick);
    }
    let slot = frame.x(1.0) - frame.x(0.0);
    let bar_width = slot * 0.8 / stacks.len().max(1) as f64;
    let color_of =
        |index: usize, series: &BarSeries| series.color.unwrap_or(PALETTE[index % PALETTE.len()]);
    for (category, label) in chart.categories.iter().enumerate() {
        let _ = write!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            frame.x(category as f64 + 0.5),
            frame.bottom() + 20.0,
            escape(label)
        );
        for (position, &stack) in stacks.iter().enumerate() {
            let left = frame.x(category as f64) + slot * 0.1 + position as f64 * bar_width;
            let mut base = 0.0;
            for (index, series) in chart.series.iter().enumerate() {
                let height = value(series, category);
                if series.stack != stack || height == 0.0 {
                    continue;
                }
                let (top, bottom) = (frame.y(base + height), frame.y(base));
                let _ = write!(
                    svg,
                    r#"<rect x="{left:.1}" y="{top:.1}" width="{w:.1}" height="{h:.1}" fill="{color}" stroke="white" stroke-width="0.5"><title>{label}: {name} {shown}</title></rect>"#,
                    w = bar_width,
                    h = bottom - top,
                    color = color_of(index, series),
                    label = escape(label),
                    name = escape(&series.label),
                    shown = number(height),
                );
                base += height;
            }
        }
        svg.push('\n');
    }
    let entries: Vec<(&str, &str)> = chart
        .series
        .iter()
        .enumerate()
        .map(|(index, series)| (series.label.as_str(), color_of(index, series)))
        .collect();
    // The legend goes over the lower end of the chart: the left third's or the right third's.
    let tallest = |categories: std::ops::Range<usize>| {
        categories
            .flat_map(|category| chart.series.iter().map(move |s| value(s, category)))
            .fold(0.0f64, f64::max)
    };
    let third = chart.categories.len().div_ceil(3);
    let left = tallest(0..third) < tallest(chart.categories.len() - third..chart.categories.len());
    frame.swatch_legend(&mut svg, &entries, left);
    svg.push_str("</svg>\n");
    svg
}

/// Grid line color.
const GRID: &str = "#dddddd";

/// The plotting area inside the image, and the data ranges mapped onto it.
struct Frame {
    size: (f64, f64),
    x_range: (f64, f64),
    y_top: f64,
}

impl Frame {
    fn new(size: (u32, u32), x_range: (f64, f64), y_top: f64) -> Frame {
        let width = f64::from(size.0).max(MARGIN.0 + MARGIN.1 + 10.0);
        let height = f64::from(size.1).max(MARGIN.2 + MARGIN.3 + 10.0);
        Frame {
            size: (width, height),
            x_range,
            y_top: if y_top > 0.0 { y_top } else { 1.0 },
        }
    }

    fn left(&self) -> f64 {
        MARGIN.0
    }

    fn right(&self) -> f64 {
        self.size.0 - MARGIN.1
    }

    fn top(&self) -> f64 {
        MARGIN.2
    }

    fn bottom(&self) -> f64 {
        self.size.1 - MARGIN.3
    }

    /// Image x of a data x.
    fn x(&self, value: f64) -> f64 {
        let (low, high) = self.x_range;
        self.left() + (value - low) / (high - low) * (self.right() - self.left())
    }

    /// Image y of a data y.
    fn y(&self, value: f64) -> f64 {
        self.bottom() - value / self.y_top * (self.bottom() - self.top())
    }

    /// The `<svg>` opening, white background and title.
    fn open(&self, title: &str) -> String {
        let (width, height) = self.size;
        let mut svg = String::with_capacity(8 * 1024);
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="{TEXT_SIZE}">"#
        );
        let _ = writeln!(
            svg,
            r#"<rect width="100%" height="100%" fill="white"/><text x="{:.1}" y="30" text-anchor="middle" font-size="{TITLE_SIZE}">{}</text>"#,
            width / 2.0,
            escape(title)
        );
        svg
    }

    /// The two axis lines and their names.
    fn axes(&self, svg: &mut String, x_label: &str, y_label: &str) {
        let (left, right, top, bottom) = (self.left(), self.right(), self.top(), self.bottom());
        let _ = writeln!(
            svg,
            r#"<path d="M{left:.1},{top:.1} V{bottom:.1} H{right:.1}" fill="none" stroke="black"/>"#
        );
        let _ = writeln!(
            svg,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text>"#,
            (left + right) / 2.0,
            self.size.1 - 15.0,
            escape(x_label)
        );
        let middle = (top + bottom) / 2.0;
        let _ = writeln!(
            svg,
            r#"<text x="18" y="{middle:.1}" text-anchor="middle" transform="rotate(-90 18 {middle:.1})">{}</text>"#,
            escape(y_label)
        );
    }

    /// A horizontal grid line and its value at the left.
    fn y_tick(&self, svg: &mut String, tick: f64) {
        let y = self.y(tick);
        let _ = writeln!(
            svg,
            r#"<line x1="{l:.1}" y1="{y:.1}" x2="{r:.1}" y2="{y:.1}" stroke="{GRID}"/><text x="{tx:.1}" y="{ty:.1}" text-anchor="end">{}</text>"#,
            number(tick),
            l = self.left() - 5.0,
            r = self.right(),
            tx = self.left() - 8.0,
            ty = y + 4.0,
        );
    }

    /// A legend of color swatches in the upper left or right corner of the plotting area.
    fn swatch_legend(&self, svg: &mut String, entries: &[(&str, &str)], left: bool) {
        if entries.is_empty() {
            return;
        }
        let longest = entries
            .iter()
            .map(|(label, _)| label.chars().count())
            .max()
            .unwrap_or(0);
        let width = 34.0 + longest as f64 * f64::from(TEXT_SIZE) * 0.6;
        let height = 8.0 + entries.len() as f64 * 20.0;
        let x = if left {
            self.left() + 10.0
        } else {
            self.right() - width - 10.0
        };
        let y = self.top() + 10.0;
        let _ = writeln!(
            svg,
            r#"<g class="legend"><rect x="{x:.1}" y="{y:.1}" width="{width:.1}" height="{height:.1}" fill="white" fill-opacity="0.85" stroke="black"/>"#
        );
        for (index, (label, color)) in entries.iter().enumerate() {
            let row = y + 16.0 + index as f64 * 20.0;
            let _ = writeln!(
                svg,
                r#"<rect x="{:.1}" y="{:.1}" width="14" height="12" fill="{color}"/><text x="{:.1}" y="{row:.1}">{}</text>"#,
                x + 8.0,
                row - 11.0,
                x + 28.0,
                escape(label)
            );
        }
        svg.push_str("</g>\n");
    }

    /// The legend box in the upper left corner of the plotting area.
    fn legend(&self, svg: &mut String, series: &[Series]) {
        if series.is_empty() {
            return;
        }
        let longest = series
            .iter()
            .map(|s| s.label.chars().count())
            .max()
            .unwrap_or(0);
        let width = 40.0 + longest as f64 * f64::from(TEXT_SIZE) * 0.6;
        let height = 8.0 + series.len() as f64 * 20.0;
        let (x, y) = (self.left() + 10.0, self.top() + 10.0);
        let _ = writeln!(
            svg,
            r#"<g class="legend"><rect x="{x:.1}" y="{y:.1}" width="{width:.1}" height="{height:.1}" fill="white" fill-opacity="0.85" stroke="black"/>"#
        );
        for (index, entry) in series.iter().enumerate() {
            let row = y + 16.0 + index as f64 * 20.0;
            let _ = writeln!(
                svg,
                r#"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="{}"/><text x="{:.1}" y="{:.1}">{}</text>"#,
                x + 8.0,
                row - 4.0,
                x + 28.0,
                row - 4.0,
                PALETTE[index % PALETTE.len()],
                entry.width.min(6.0),
                x + 34.0,
                row,
                escape(&entry.label)
            );
        }
        svg.push_str("</g>\n");
    }
}

/// Round-number ticks from `low` to at least `high`: about `wanted` of them,
/// at steps of 1, 2 or 5 times a power of ten.
pub(crate) fn ticks(low: f64, high: f64, wanted: usize) -> Vec<f64> {
    let span = high - low;
    if !span.is_finite() || span <= 0.0 || wanted == 0 {
        return vec![low, low + 1.0];
    }
    let rough = span / wanted as f64;
    let power = 10f64.powf(rough.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * power)
        .find(|step| span / step <= wanted as f64)
        .unwrap_or(10.0 * power);
    let first = (low / step).floor();
    let last = (high / step).ceil();
    (first as i64..=last as i64)
        .map(|i| i as f64 * step)
        .map(|t| (t / step).round() * step)
        .collect()
}

/// A tick or value as short text: `3`, `2.5`, `0.25`.
fn number(value: f64) -> String {
    let text = format!("{:.3}", value);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(series: Vec<Series>) -> LineChart {
        LineChart {
            title: "T".into(),
            x_label: "turn".into(),
            y_label: "capacity".into(),
            series,
            size: (800, 500),
            integer_x: true,
        }
    }

    /// Every opened element is closed, in order (a small XML well-formedness check).
    fn assert_balanced(svg: &str) {
        let mut stack: Vec<&str> = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let end = rest[start..].find('>').expect("unclosed tag") + start;
            let tag = &rest[start + 1..end];
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(stack.pop(), Some(name), "in {svg}");
            } else if !tag.ends_with('/') {
                stack.push(tag.split_whitespace().next().unwrap());
            }
            rest = &rest[end + 1..];
        }
        assert!(stack.is_empty(), "unclosed: {stack:?}");
    }

    #[test]
    fn ticks_are_round_numbers_covering_the_range() {
        assert_eq!(ticks(0.0, 10.0, 5), vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        assert_eq!(ticks(0.0, 23.4, 6), vec![0.0, 5.0, 10.0, 15.0, 20.0, 25.0]);
        assert_eq!(
            ticks(1.0, 8.0, 10),
            (1..=8).map(f64::from).collect::<Vec<_>>()
        );
        let small = ticks(0.0, 0.9, 6);
        assert_eq!(small.first(), Some(&0.0));
        assert!((small.last().unwrap() - 1.0).abs() < 1e-9, "{small:?}");
        assert_eq!(ticks(3.0, 3.0, 5), vec![3.0, 4.0]);
    }

    #[test]
    fn numbers_are_short() {
        assert_eq!(number(3.0), "3");
        assert_eq!(number(2.5), "2.5");
        assert_eq!(number(0.25), "0.25");
        assert_eq!(number(-0.0), "0");
    }

    #[test]
    fn text_is_escaped_everywhere() {
        let chart = LineChart {
            title: "<script>&\"x\"".into(),
            ..line(vec![Series {
                label: "seat <1> & 'a'".into(),
                points: vec![(1.0, 1.0), (2.0, 3.0)],
                width: 2.0,
            }])
        };
        let svg = line_chart(&chart);
        assert!(!svg.contains("<script>"), "{svg}");
        assert!(svg.contains("&lt;script&gt;&amp;&quot;x&quot;"), "{svg}");
        assert!(svg.contains("seat &lt;1&gt; &amp; &apos;a&apos;"), "{svg}");
        assert_balanced(&svg);
    }

    #[test]
    fn line_chart_draws_each_point_where_the_axes_say() {
        let chart = line(vec![
            Series {
                label: "seat 1".into(),
                points: vec![(1.0, 0.0), (2.0, 5.0), (3.0, 10.0)],
                width: 2.0,
            },
            Series {
                label: "seat 2".into(),
                points: vec![(1.0, 2.0), (3.0, 4.0)],
                width: 6.0,
            },
        ]);
        let svg = line_chart(&chart);
        assert_balanced(&svg);
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert_eq!(svg.matches("<circle").count(), 5);
        // x from 1 to 3 spans the plotting area (70 to 780), y from 0 to 10
        // spans 440 (bottom) to 50 (top): the point (2, 5) is in the middle.
        assert!(
            svg.contains(r#"points="70.0,440.0 425.0,245.0 780.0,50.0""#),
            "{svg}"
        );
        for tick in ["0", "2", "4", "6", "8", "10"] {
            assert!(
                svg.contains(&format!(r#"text-anchor="end">{tick}</text>"#)),
                "{tick}"
            );
        }
        for turn in ["1", "2", "3"] {
            assert!(
                svg.contains(&format!(r#"text-anchor="middle">{turn}</text>"#)),
                "{turn}"
            );
        }
        assert!(svg.contains(">seat 2</text>") && svg.contains(r#"stroke-width="6""#));
    }

    #[test]
    fn empty_and_odd_input_still_gives_a_chart() {
        let svg = line_chart(&line(Vec::new()));
        assert_balanced(&svg);
        let svg = line_chart(&line(vec![Series {
            label: "nan".into(),
            points: vec![(f64::NAN, 1.0), (1.0, f64::INFINITY)],
            width: 2.0,
        }]));
        assert_balanced(&svg);
        assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
    }

    #[test]
    fn stacked_bars_pile_series_of_a_stack_and_set_stacks_side_by_side() {
        let chart = StackedBarChart {
            title: "Disciplines".into(),
            x_label: "discipline".into(),
            y_label: "cards".into(),
            categories: vec!["AUS".into(), "<dom>".into()],
            series: vec![
                BarSeries {
                    label: "inferior".into(),
                    values: vec![2.0, 1.0],
                    stack: 0,
                    color: None,
                },
                BarSeries {
                    label: "superior".into(),
                    values: vec![3.0, 0.0],
                    stack: 0,
                    color: Some("#123456"),
                },
                BarSeries {
                    label: "library".into(),
                    values: vec![10.0],
                    stack: 1,
                    color: None,
                },
            ],
            size: (800, 500),
        };
        let svg = stacked_bar_chart(&chart);
        assert_balanced(&svg);
        // Background, 2 + 1 + 1 segments (zeros and missing values are not
        // drawn), the legend box and its 3 swatches.
        assert_eq!(svg.matches("<rect").count(), 1 + 4 + 1 + 3, "{svg}");
        assert!(svg.contains("<title>AUS: superior 3</title>"), "{svg}");
        assert!(svg.contains("&lt;dom&gt;") && !svg.contains("<dom>"));
        // The scale reaches the tallest stack (library 10 > 2 + 3), from y 440
        // (0) to 50 (10): the superior segment of AUS spans 2 to 5, y 362 to 245.
        // Category slots are 355 wide from x 70; two stacks share 80% of a slot.
        assert!(
            svg.contains(r##"x="105.5" y="245.0" width="142.0" height="117.0" fill="#123456""##),
            "{svg}"
        );
        // Stacks side by side: the library bar starts one bar width further right.
        assert!(
            svg.contains(r#"<rect x="247.5" y="50.0" width="142.0" height="390.0""#),
            "{svg}"
        );
    }
}
