//! Every level played, newest last: what it was (curated level, fresh or daily code), its rated
//! score, how it ended (solved or left), how often it was restarted, moves against the shortest,
//! time, hints and undos (of all its tries), and when. The last [`History::LIMIT`] plays are
//! kept.

use crate::storage::Versioned;
use crate::tier::Tier;
use serde::{Deserialize, Serialize};

/// How a play ended.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub enum Outcome {
    /// The level was solved (or the cave's door reached).
    #[default]
    Solved,
    /// The player left it unsolved (back to the menus, another level, or the window closed).
    Left,
    /// The player started it again from the beginning: a try of its own in histories written
    /// before a play counted its restarts ([`Play::restarts`]); no play ends so now.
    Restarted,
}

impl Outcome {
    /// Every outcome, in the order filters list them.
    pub const ALL: [Outcome; 3] = [Self::Solved, Self::Left, Self::Restarted];

    /// The outcome's name as shown to the player.
    pub fn label(self) -> &'static str {
        match self {
            Self::Solved => "Solved",
            Self::Left => "Left",
            Self::Restarted => "Restarted",
        }
    }
}

/// Where a played level came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Origin {
    /// A curated pack's level.
    #[default]
    Curated,
    /// A fresh level from the mill at a chosen difficulty.
    Fresh,
    /// A level opened from its code.
    Code,
    /// The day's puzzle.
    Daily,
    /// A fresh level aimed at the player ("For you").
    ForYou,
    /// A level from an editor, play-tested.
    Edited,
    /// A level shared as a level text.
    Shared,
}

impl Origin {
    /// The origin's name as shown to the player.
    pub fn label(self) -> &'static str {
        match self {
            Self::Curated => "Curated",
            Self::Fresh => "Fresh",
            Self::Code => "Code",
            Self::Daily => "Daily",
            Self::ForYou => "For you",
            Self::Edited => "Edited",
            Self::Shared => "Shared",
        }
    }
}

/// One level played.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Play {
    /// When it ended, in seconds since 1970-01-01 UTC.
    pub when: u64,
    /// The mode's key (`tilt`, `lines`, ...).
    pub mode: String,
    /// Where the level came from.
    pub origin: Origin,
    /// The level's code, for a generated level.
    pub code: Option<String>,
    /// The pack file of a curated level (relative to `levels/`).
    pub pack: Option<String>,
    /// A curated level's name in its pack.
    pub level: Option<String>,
    /// The level's title as the HUD showed it.
    pub title: String,
    /// The tier it was made for or rated in.
    pub tier: Option<Tier>,
    /// The rater's score.
    pub score: Option<f64>,
    /// How it ended.
    pub outcome: Outcome,
    /// Moves made (0 in real-time modes).
    pub moves: u32,
    /// The shortest solution's length, where known.
    pub shortest: Option<u32>,
    /// Seconds spent on it.
    pub seconds: f32,
    /// Hints asked for (one asked again where it was given counts once).
    pub hints: u32,
    /// Moves taken back.
    pub undos: u32,
    /// Times the level was started again from the beginning in this play (its time, hints and
    /// undos are of every try; its moves of the last). Left out of the file when none.
    #[serde(skip_serializing_if = "is_zero")]
    pub restarts: u32,
    /// A lesson played before the level the player asked for (a fresh, daily or For you level
    /// holding something new to them): not a step through the packs. Left out of the file when
    /// false; a build from before it reads the rest.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub lesson_first: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Play {
    /// Whether it was restarted: a play with restarts, or a restart kept as a try of its own by
    /// an older build.
    pub fn restarted(&self) -> bool {
        self.restarts > 0 || self.outcome == Outcome::Restarted
    }

    /// Whether `other` was a play of the same level: the same mode and [`Play::level_key`].
    pub fn same_level(&self, other: &Play) -> bool {
        self.mode == other.mode && self.level_key() == other.level_key()
    }

    /// What tells the level from others of its mode: its code or level text (one level, however
    /// it was handed out and titled: a For you level opened again by its code), or where it has
    /// none, its pack, name and title.
    pub fn level_key(&self) -> LevelKey<'_> {
        match &self.code {
            Some(code) => LevelKey::Code(code),
            None => LevelKey::Named {
                pack: self.pack.as_deref(),
                level: self.level.as_deref(),
                title: &self.title,
            },
        }
    }
}

/// What tells a played level from others of its mode ([`Play::level_key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LevelKey<'a> {
    /// Its code or level text.
    Code(&'a str),
    /// A level without one: its pack, name and title.
    Named {
        /// Its pack.
        pack: Option<&'a str>,
        /// Its name in the pack.
        level: Option<&'a str>,
        /// Its title.
        title: &'a str,
    },
}

/// `title` ("My levels · Ice", or "My levels · 3. Ice" as older builds wrote it) with the
/// level's name at its end, `from`, changed to `to`; as it was where it does not end with `from`
/// (the rest of a title is never touched).
pub fn retitled(title: &str, from: &str, to: &str) -> String {
    match title.strip_suffix(from) {
        Some(head) => format!("{head}{to}"),
        None => title.to_string(),
    }
}

/// The plays kept, oldest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct History {
    /// Save format version.
    pub version: u32,
    /// Plays, oldest first, at most [`History::LIMIT`].
    pub plays: Vec<Play>,
}

impl Default for History {
    fn default() -> Self {
        Self {
            version: Self::VERSION,
            plays: Vec::new(),
        }
    }
}

impl Versioned for History {
    const VERSION: u32 = 1;
    fn upgrade(&mut self, _from: u32) {
        self.version = Self::VERSION;
    }
}

impl History {
    /// Follows a level of a pack renamed (the player's own): the plays of level `from` of
    /// `pack` of mode `mode` (its key) are of level `to`, their titles [`retitled`]. Says
    /// whether any play changed.
    pub fn rename_level(&mut self, mode: &str, pack: &str, from: &str, to: &str) -> bool {
        let mut changed = false;
        for play in self.plays.iter_mut().filter(|p| {
            p.code.is_none()
                && p.mode == mode
                && p.pack.as_deref() == Some(pack)
                && p.level.as_deref() == Some(from)
        }) {
            play.level = Some(to.to_string());
            play.title = retitled(&play.title, from, to);
            changed = true;
        }
        changed
    }

    /// Keeps each play of a level opened from its text under the text `rewrite` gives for it
    /// (the core's `level_text::rewritten`: the text as this build writes it, where an older
    /// build kept the text as typed); says how many plays changed.
    pub fn rewrite_texts(&mut self, rewrite: impl Fn(&str) -> Option<String>) -> usize {
        let mut changed = 0;
        for play in &mut self.plays {
            if let Some(text) = play.code.as_deref().and_then(&rewrite) {
                play.code = Some(text);
                changed += 1;
            }
        }
        changed
    }

    /// Plays kept: the oldest go when there are more.
    pub const LIMIT: usize = 1000;

    /// Records a play, dropping the oldest beyond the limit.
    pub fn push(&mut self, play: Play) {
        self.plays.push(play);
        if self.plays.len() > Self::LIMIT {
            let extra = self.plays.len() - Self::LIMIT;
            self.plays.drain(..extra);
        }
    }

    /// Plays newest first, of mode `mode` and outcome `outcome` where given.
    pub fn newest_first<'a>(
        &'a self,
        mode: Option<&'a str>,
        outcome: Option<Outcome>,
    ) -> impl Iterator<Item = &'a Play> + 'a {
        self.plays.iter().rev().filter(move |p| {
            mode.is_none_or(|m| p.mode == m) && outcome.is_none_or(|o| p.outcome == o)
        })
    }

    /// Plays of one mode, oldest first.
    pub fn of_mode<'a>(&'a self, mode: &'a str) -> impl Iterator<Item = &'a Play> + 'a {
        self.plays.iter().filter(move |p| p.mode == mode)
    }

    /// Plays of the generated level with code `code`, oldest first.
    pub fn of_code<'a>(&'a self, code: &'a str) -> impl Iterator<Item = &'a Play> + 'a {
        self.plays
            .iter()
            .filter(move |p| p.code.as_deref() == Some(code))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(mode: &str, outcome: Outcome, when: u64) -> Play {
        Play {
            when,
            mode: mode.into(),
            outcome,
            ..Play::default()
        }
    }

    #[test]
    fn the_last_thousand_plays_are_kept_newest_first_and_filtered() {
        let mut h = History::default();
        for i in 0..1005u64 {
            let mode = if i % 2 == 0 { "tilt" } else { "lines" };
            let outcome = Outcome::ALL[(i % 3) as usize];
            h.push(play(mode, outcome, i));
        }
        assert_eq!(h.plays.len(), History::LIMIT);
        assert_eq!(h.plays[0].when, 5, "the five oldest went");
        let newest: Vec<u64> = h.newest_first(None, None).take(2).map(|p| p.when).collect();
        assert_eq!(newest, [1004, 1003]);
        assert!(h.newest_first(Some("tilt"), None).all(|p| p.mode == "tilt"));
        let left: Vec<&Play> = h.newest_first(Some("lines"), Some(Outcome::Left)).collect();
        assert!(!left.is_empty());
        assert!(
            left.iter()
                .all(|p| p.mode == "lines" && p.outcome == Outcome::Left)
        );
        assert_eq!(h.of_mode("tilt").count(), 500);
        h.push(Play {
            code: Some("TE2.1-0000000B-SS".into()),
            ..play("tilt", Outcome::Solved, 2000)
        });
        let of_code: Vec<u64> = h.of_code("TE2.1-0000000B-SS").map(|p| p.when).collect();
        assert_eq!(of_code, [2000]);
        assert_eq!(h.of_code("TE2.1-0000000C-SS").count(), 0);
    }

    #[test]
    fn a_history_round_trips_through_ron_and_old_records_miss_fields() {
        let mut h = History::default();
        h.push(Play {
            when: 1_790_000_000,
            mode: "lines".into(),
            origin: Origin::Daily,
            code: Some("LM2.2-00000001-AB".into()),
            title: "Daily".into(),
            tier: Some(Tier::Medium),
            score: Some(57.0),
            moves: 12,
            shortest: Some(11),
            seconds: 95.5,
            hints: 1,
            undos: 3,
            ..Play::default()
        });
        let text = ron::to_string(&h).unwrap();
        assert_eq!(ron::from_str::<History>(&text).unwrap(), h);
        let old: History = ron::from_str("(plays: [(mode: \"tilt\", moves: 3)])").unwrap();
        assert_eq!(old.plays[0].moves, 3);
        assert_eq!(old.plays[0].outcome, Outcome::Solved);
    }

    #[test]
    fn plays_of_a_level_text_as_typed_are_kept_under_the_text_re_encoded() {
        // Slide's first curated level as a text, and as a chat might have passed it on.
        let text = "SV1-45H24-8HAMS-G9K0K-62XSH-2CS-6J";
        let typed = "sv1 - 45h24 - 8hams -\ng9k0k - 62xsh - 2cs - 6j";
        let code = "TE2.1-0000000B-SS";
        let mut h = History::default();
        for (i, c) in [typed, text, code, "SV1-NOT-A-LEVEL"]
            .into_iter()
            .enumerate()
        {
            h.push(Play {
                code: Some(c.into()),
                ..play("slide", Outcome::Solved, i as u64)
            });
        }
        h.push(play("slide", Outcome::Left, 9));
        assert_eq!(h.rewrite_texts(crate::level_text::rewritten), 1);
        let codes: Vec<Option<&str>> = h.plays.iter().map(|p| p.code.as_deref()).collect();
        assert_eq!(
            codes,
            [
                Some(text),
                Some(text),
                Some(code),
                Some("SV1-NOT-A-LEVEL"),
                None
            ]
        );
        assert!(h.plays[0].same_level(&h.plays[1]));
        assert_eq!(h.rewrite_texts(crate::level_text::rewritten), 0);
    }

    #[test]
    fn plays_of_a_renamed_level_follow_it_and_no_other() {
        let mut h = History::default();
        let of = |mode: &str, pack: &str, level: &str| Play {
            pack: Some(pack.into()),
            level: Some(level.into()),
            title: format!("My levels · 1. {level}"),
            ..play(mode, Outcome::Solved, 1)
        };
        h.push(of("slide", "user/my-slide-levels.ron", "Ice"));
        h.push(of("slide", "user/my-slide-levels.ron", "Ice"));
        h.push(of("trio", "user/my-slide-levels.ron", "Ice"));
        h.push(of("slide", "slide/starter.ron", "Ice"));
        h.push(of("slide", "user/my-slide-levels.ron", "Icecap"));
        let before = h.plays[4].clone();
        assert!(h.rename_level("slide", "user/my-slide-levels.ron", "Ice", "Glacier"));
        assert_eq!(
            retitled("My levels · 1. 1", "1", "Ice"),
            "My levels · 1. Ice"
        );
        assert_eq!(retitled("My levels · 1. s", "s", "t"), "My levels · 1. t");
        assert_eq!(retitled("Shared level", "Ice", "Glacier"), "Shared level");
        let levels: Vec<&str> = h
            .plays
            .iter()
            .map(|p| p.level.as_deref().unwrap())
            .collect();
        assert_eq!(levels, ["Glacier", "Glacier", "Ice", "Ice", "Icecap"]);
        assert_eq!(h.plays[0].title, "My levels · 1. Glacier");
        assert_eq!(h.plays[4], before);
        assert!(h.plays[0].same_level(&h.plays[1]));
        assert!(!h.rename_level("slide", "user/my-slide-levels.ron", "Ice", "Glacier"));
    }
}
