//! "Export my play data": every play as CSV (a row each, for a spreadsheet) and as JSON (the
//! records as they are kept), written by well-kept crates (csv, serde_json).

use super::daily::Day;
use super::history::Play;
use crate::tier::Tier;

/// The CSV columns, in order.
pub const CSV_COLUMNS: [&str; 17] = [
    "date", "time_utc", "mode", "origin", "code", "pack", "level", "title", "tier", "score",
    "outcome", "moves", "shortest", "seconds", "hints", "undos", "restarts",
];

/// The plays as CSV with a header row.
pub fn to_csv(plays: &[Play]) -> Result<String, String> {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(CSV_COLUMNS).map_err(|e| e.to_string())?;
    for p in plays {
        let secs = p.when % 86_400;
        let opt = |v: Option<String>| v.unwrap_or_default();
        out.write_record([
            Day::from_unix(p.when).to_string(),
            format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60),
            p.mode.clone(),
            p.origin.label().to_string(),
            opt(p.code.clone()),
            opt(p.pack.clone()),
            opt(p.level.clone()),
            p.title.clone(),
            opt(p.tier.map(|t: Tier| t.label().to_string())),
            opt(p.score.map(|s| format!("{s}"))),
            p.outcome.label().to_string(),
            p.moves.to_string(),
            opt(p.shortest.map(|s| s.to_string())),
            format!("{:.1}", p.seconds),
            p.hints.to_string(),
            p.undos.to_string(),
            p.restarts.to_string(),
        ])
        .map_err(|e| e.to_string())?;
    }
    let bytes = out.into_inner().map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

/// The plays as a JSON array of records.
pub fn to_json(plays: &[Play]) -> Result<String, String> {
    serde_json::to_string_pretty(plays).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play_data::history::{Origin, Outcome};

    fn sample() -> Vec<Play> {
        vec![
            Play {
                when: 1_796_083_200 + 3_723,
                mode: "tilt".into(),
                origin: Origin::Curated,
                pack: Some("tilt/first-dates.ron".into()),
                level: Some("Hello".into()),
                title: "First Dates · 1. Hello, \"world\"".into(),
                moves: 4,
                shortest: Some(3),
                seconds: 12.25,
                restarts: 2,
                ..Play::default()
            },
            Play {
                mode: "lines".into(),
                origin: Origin::Daily,
                code: Some("LM2.2-00000001-AB".into()),
                tier: Some(Tier::Medium),
                score: Some(57.0),
                outcome: Outcome::Left,
                ..Play::default()
            },
        ]
    }

    #[test]
    fn csv_has_a_header_and_a_quoted_row_per_play() {
        let text = to_csv(&sample()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0], CSV_COLUMNS.join(","));
        assert!(
            lines[1].starts_with("2026-12-01,01:02:03,tilt,Curated,,tilt/first-dates.ron,Hello,")
        );
        assert!(
            lines[1].contains("\"First Dates · 1. Hello, \"\"world\"\"\""),
            "{}",
            lines[1]
        );
        assert!(lines[1].ends_with(",4,3,12.2,0,0,2"), "{}", lines[1]);
        assert!(
            lines[2].contains(",Daily,LM2.2-00000001-AB,,,,Medium,57,Left,"),
            "{}",
            lines[2]
        );
        // Read back by the same crate: seventeen fields each.
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        assert!(
            reader
                .records()
                .all(|r| r.unwrap().len() == CSV_COLUMNS.len())
        );
    }

    #[test]
    fn json_reads_back_as_the_same_plays() {
        let plays = sample();
        let text = to_json(&plays).unwrap();
        assert_eq!(serde_json::from_str::<Vec<Play>>(&text).unwrap(), plays);
    }
}
