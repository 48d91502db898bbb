//! A drawn vault with its scripts on the map: the rows of [`super::drawn`], but each key written
//! `a`-`i` and each switch `A`-`I` for the script (1-9) it opens, so the map alone is the whole
//! level. The editor's drafts and Vault's level texts hold these rows.

use super::drawn::drawn;
use super::level::{OpenerKind, Script, VaultLevel};

/// The most scripts a marked map writes (one letter each for keys and for switches).
pub const MAX_MARKED_SCRIPTS: Script = 9;

/// The character of a key (`Key`) or switch opening `script` (1-9).
pub fn opener_char(kind: OpenerKind, script: Script) -> Option<char> {
    if !(1..=MAX_MARKED_SCRIPTS).contains(&script) {
        return None;
    }
    let first = match kind {
        OpenerKind::Key => b'a',
        OpenerKind::Switch => b'A',
    };
    Some((first + script - 1) as char)
}

/// The key or switch a character stands for, and its script.
pub fn opener_of(ch: char) -> Option<(OpenerKind, Script)> {
    match ch {
        'a'..='i' => Some((OpenerKind::Key, ch as u8 - b'a' + 1)),
        'A'..='I' => Some((OpenerKind::Switch, ch as u8 - b'A' + 1)),
        _ => None,
    }
}

/// The marked rows of `level`, or `None` if a script is past 9.
pub fn marked_rows(level: &VaultLevel) -> Option<Vec<String>> {
    if level.scripts > MAX_MARKED_SCRIPTS {
        return None;
    }
    let mut rows: Vec<Vec<char>> = level
        .to_rows()
        .iter()
        .map(|r| r.chars().collect())
        .collect();
    for o in &level.openers {
        rows[o.at.1][o.at.0] = opener_char(o.kind, o.script)?;
    }
    Some(rows.into_iter().map(|r| r.into_iter().collect()).collect())
}

/// The level marked `rows` draw (each lock's number used by one key or switch, numbered from 1
/// up), or what is wrong with it, the cell named by row and column from 1.
pub fn from_marked<S: AsRef<str>>(rows: &[S]) -> Result<VaultLevel, String> {
    let mut plain = Vec::with_capacity(rows.len());
    let mut opens: Vec<Script> = Vec::new();
    let mut first_of: [Option<(usize, usize)>; MAX_MARKED_SCRIPTS as usize + 1] = [None; 10];
    for (y, row) in rows.iter().enumerate() {
        let mut line = String::new();
        for (x, ch) in row.as_ref().chars().enumerate() {
            match opener_of(ch) {
                Some((kind, script)) => {
                    if let Some((fx, fy)) = first_of[usize::from(script)] {
                        return Err(format!(
                            "row {}, column {}: a second key or switch for lock {script} (the \
                             first is at row {}, column {})",
                            y + 1,
                            x + 1,
                            fy + 1,
                            fx + 1
                        ));
                    }
                    first_of[usize::from(script)] = Some((x, y));
                    opens.push(script);
                    line.push(match kind {
                        OpenerKind::Key => 'K',
                        OpenerKind::Switch => 'S',
                    });
                }
                // The plain drawing's K and S carry no script: here they are not cells.
                None if ch == 'K' || ch == 'S' => {
                    return Err(format!(
                        "row {}, column {}: '{ch}' is not a vault cell here (keys are a-i, \
                         switches A-I, for locks 1-9)",
                        y + 1,
                        x + 1
                    ));
                }
                None => line.push(ch),
            }
        }
        plain.push(line);
    }
    let scripts = opens.len();
    if let Some(missing) = (1..=scripts).find(|&g| first_of[g].is_none()) {
        return Err(format!(
            "lock {missing} has no key or switch, but lock {} has one: locks are numbered from \
             1 up, each with its key or switch",
            (missing + 1..first_of.len())
                .find(|&g| first_of[g].is_some())
                .unwrap_or(missing)
        ));
    }
    drawn(&plain, &opens)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vault::drawn::drawn;

    fn rows(r: &[&str]) -> Vec<String> {
        r.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn marked_rows_carry_the_scripts_and_read_back_as_the_same_level() {
        let plain = rows(&[
            "##############",
            "#.@.K##.S##.X#",
            "#....11..22..#",
            "#....##..##..#",
            "##############",
        ]);
        let level = drawn(&plain, &[1, 2]).unwrap();
        let marked = marked_rows(&level).unwrap();
        assert_eq!(marked[1], "#.@.a##.B##.X#");
        assert_eq!(from_marked(&marked).unwrap(), level);
    }

    #[test]
    fn mistakes_in_the_scripts_are_named() {
        let two = rows(&["########", "#@a.b.X#", "########"]);
        assert!(
            from_marked(&rows(&["########", "#@a.a.X#", "########"]))
                .unwrap_err()
                .contains("row 2, column 5: a second key or switch for lock 1")
        );
        assert!(from_marked(&two).is_ok(), "unused keys are allowed");
        let gap = rows(&["########", "#@b...X#", "########"]);
        assert!(
            from_marked(&gap)
                .unwrap_err()
                .contains("lock 1 has no key or switch, but lock 2 has one")
        );
        let plain = rows(&["########", "#@K...X#", "########"]);
        assert!(
            from_marked(&plain)
                .unwrap_err()
                .contains("'K' is not a vault cell")
        );
        assert_eq!(opener_char(OpenerKind::Switch, 10), None);
        assert_eq!(opener_of('c'), Some((OpenerKind::Key, 3)));
    }
}
