//! A Vault level drawn by hand as rows of characters (the lesson vault), turned into the same
//! level the generator makes: sectors, their links with doors, windows and secret walls, keys,
//! switches, the start and the exit switch.
//!
//! The characters are those of [`VaultLevel::to_rows`]: ` ` rock, `#` wall, `.` floor, `+` an
//! open door, `1`-`9` a door locked by that script, `=` a window, `?` a secret wall, `@` the
//! start, `X` the exit switch, `K` a key and `S` a switch (the script each opens is given apart,
//! in reading order). As in generated levels, every room has its own wall, so two rooms side by
//! side have a double wall between them, and an opening is two cells thick: one in each room's
//! wall. A room is the floor reached from a cell without crossing a wall or an opening; each
//! wall or opening cell belongs to the one room whose floor it touches (corners included).

use super::graph::Spot;
use super::grid::{Grid, ROCK, SectorId};
use super::level::{
    Link, Opener, OpenerKind, Opening, OpeningKind, Script, SectorInfo, Tile, VaultLevel,
};
use super::verify::verify;
use crate::tier::Tier;
use std::collections::{BTreeMap, VecDeque};

/// The widest and tallest drawn map.
pub const MAX_SIDE: usize = 128;

/// What one character of a drawn map stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Tile(Tile),
    Start,
    Exit,
    Opener(OpenerKind),
}

fn mark(ch: char) -> Option<Mark> {
    Some(match ch {
        ' ' => Mark::Tile(Tile::Rock),
        '#' => Mark::Tile(Tile::Wall),
        '.' => Mark::Tile(Tile::Floor),
        '+' => Mark::Tile(Tile::Door(None)),
        '1'..='9' => Mark::Tile(Tile::Door(Some(ch as u8 - b'0'))),
        '=' => Mark::Tile(Tile::Window),
        '?' => Mark::Tile(Tile::SecretWall),
        '@' => Mark::Start,
        'X' => Mark::Exit,
        'K' => Mark::Opener(OpenerKind::Key),
        'S' => Mark::Opener(OpenerKind::Switch),
        _ => return None,
    })
}

/// The level drawn by `rows`, whose keys and switches open the scripts `opens` in reading order,
/// or what is wrong with it (rows and columns counted from 1).
pub fn drawn(rows: &[String], opens: &[Script]) -> Result<VaultLevel, String> {
    let height = rows.len();
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    if height < 3 || width < 3 || height > MAX_SIDE || width > MAX_SIDE {
        return Err(format!(
            "a drawn vault is 3 to {MAX_SIDE} cells each way, not {width}x{height}"
        ));
    }
    let place = |x: usize, y: usize| format!("row {}, column {}", y + 1, x + 1);
    let mut tiles = vec![Tile::Rock; width * height];
    let (mut start, mut exit) = (None, None);
    let mut openers: Vec<(OpenerKind, (usize, usize))> = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let m = mark(ch).ok_or_else(|| {
                format!(
                    "{}: '{ch}' is not a vault cell (' ' # . + 1-9 = ? @ X K S)",
                    place(x, y)
                )
            })?;
            tiles[y * width + x] = match m {
                Mark::Tile(t) => t,
                _ => Tile::Floor,
            };
            let slot = match m {
                Mark::Start => &mut start,
                Mark::Exit => &mut exit,
                Mark::Opener(kind) => {
                    openers.push((kind, (x, y)));
                    continue;
                }
                Mark::Tile(_) => continue,
            };
            if slot.replace((x, y)).is_some() {
                return Err(format!("{}: a second '{ch}'", place(x, y)));
            }
        }
    }
    let start = start.ok_or("no start (@)")?;
    let exit = exit.ok_or("no exit switch (X)")?;
    for (x, y) in (0..height).flat_map(|y| (0..width).map(move |x| (x, y))) {
        let edge = x == 0 || y == 0 || x + 1 == width || y + 1 == height;
        if edge && tiles[y * width + x] == Tile::Floor {
            return Err(format!("{}: floor on the map's edge", place(x, y)));
        }
    }
    let (grid, sectors) = rooms(&tiles, width, height)?;
    let tile = |x: usize, y: usize| tiles[y * width + x];
    let links = links(&grid, &tiles, &place)?;
    // Scripts: one opener each, numbered 1 up.
    if opens.len() != openers.len() {
        return Err(format!(
            "{} keys and switches on the map but {} locks given for them",
            openers.len(),
            opens.len()
        ));
    }
    let scripts = openers.len() as Script;
    let mut openers: Vec<Opener> = openers
        .iter()
        .zip(opens)
        .map(|(&(kind, at), &script)| Opener {
            script,
            kind,
            at,
            sector: grid.get(at.0 as i32, at.1 as i32),
        })
        .collect();
    for g in 1..=scripts {
        if openers.iter().filter(|o| o.script == g).count() != 1 {
            return Err(format!(
                "lock {g} needs exactly one key or switch (locks are 1 to {scripts})"
            ));
        }
    }
    for (x, y) in (0..height).flat_map(|y| (0..width).map(move |x| (x, y))) {
        if let Tile::Door(Some(g)) = tile(x, y)
            && g > scripts
        {
            return Err(format!(
                "{}: a door locked by {g}, which no key or switch opens",
                place(x, y)
            ));
        }
    }
    openers.sort_by_key(|o| o.script);
    let sectors = roles(&grid, &sectors, &links, start);
    let level = VaultLevel {
        grid,
        tiles,
        sectors,
        links,
        openers,
        start,
        exit,
        scripts,
        tier: tier_for_size(width, height),
    };
    let verdict = verify(&level);
    if !verdict.finishable {
        return Err("the exit switch cannot be reached from the start".into());
    }
    if verdict.stuck > 0 {
        return Err(format!(
            "{} orders of opening leave the exit out of reach",
            verdict.stuck
        ));
    }
    Ok(level)
}

/// The tier of a drawn map this big: the tier whose generated maps are about its size (the
/// mode's tiers are map sizes, [`super::generate::VaultParams::for_tier`]).
pub fn tier_for_size(width: usize, height: usize) -> Tier {
    match width.max(height) {
        0..44 => Tier::Easy,
        44..54 => Tier::Medium,
        54..64 => Tier::Hard,
        _ => Tier::Expert,
    }
}

/// Walkable cells of a room: floor, and what stands on floor.
fn is_floor(t: Tile) -> bool {
    t == Tile::Floor
}

/// Numbers the rooms (floor reached without crossing walls or openings) in reading order and
/// gives every wall and opening cell the room whose floor it touches; returns the grid and each
/// room's floor count.
fn rooms(tiles: &[Tile], width: usize, height: usize) -> Result<(Grid, Vec<usize>), String> {
    let mut grid = Grid::new(width, height);
    let mut floor = Vec::new();
    for i in 0..tiles.len() {
        if !is_floor(tiles[i]) || grid.get((i % width) as i32, (i / width) as i32) != ROCK {
            continue;
        }
        if floor.len() >= usize::from(ROCK) {
            return Err("too many rooms".into());
        }
        let id = floor.len() as SectorId;
        let mut count = 0;
        let mut queue = VecDeque::from([(i % width, i / width)]);
        grid.set(i % width, i / width, id);
        while let Some((x, y)) = queue.pop_front() {
            count += 1;
            for (dx, dy) in [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)] {
                let (nx, ny) = ((x as i32 + dx) as usize, (y as i32 + dy) as usize);
                if is_floor(tiles[ny * width + nx]) && grid.get(nx as i32, ny as i32) == ROCK {
                    grid.set(nx, ny, id);
                    queue.push_back((nx, ny));
                }
            }
        }
        floor.push(count);
    }
    for y in 0..height {
        for x in 0..width {
            let t = tiles[y * width + x];
            if t == Tile::Rock || is_floor(t) {
                continue;
            }
            let mut touched: Vec<SectorId> = Vec::new();
            for (dx, dy) in (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| (dx, dy))) {
                let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                if nx < 0 || ny < 0 || nx as usize >= width || ny as usize >= height {
                    continue;
                }
                if is_floor(tiles[ny as usize * width + nx as usize]) {
                    let s = grid.get(nx, ny);
                    if !touched.contains(&s) {
                        touched.push(s);
                    }
                }
            }
            match touched[..] {
                [s] => grid.set(x, y, s),
                [] => {
                    return Err(format!(
                        "row {}, column {}: a wall that touches no room's floor",
                        y + 1,
                        x + 1
                    ));
                }
                _ => {
                    return Err(format!(
                        "row {}, column {}: a wall shared by two rooms (give each room its own \
                         wall: a double wall between them)",
                        y + 1,
                        x + 1
                    ));
                }
            }
        }
    }
    Ok((grid, floor))
}

/// The kind of opening a tile is, if it is one.
fn opening_kind(t: Tile) -> Option<OpeningKind> {
    match t {
        Tile::Door(_) => Some(OpeningKind::Door),
        Tile::Window => Some(OpeningKind::Window),
        Tile::SecretWall => Some(OpeningKind::Secret),
        _ => None,
    }
}

/// The links between rooms: each opening cell paired with the same opening in the touching
/// room's wall (a spot), spots side by side of one kind joined into one opening.
fn links(
    grid: &Grid,
    tiles: &[Tile],
    place: &dyn Fn(usize, usize) -> String,
) -> Result<Vec<Link>, String> {
    let w = grid.width;
    let mut spots: BTreeMap<(SectorId, SectorId), Vec<(Spot, Tile)>> = BTreeMap::new();
    for (x, y, s) in grid.cells() {
        let t = tiles[y * w + x];
        if opening_kind(t).is_none() {
            continue;
        }
        let partner = [(1i32, 0i32), (-1, 0), (0, 1), (0, -1)]
            .into_iter()
            .map(|(dx, dy)| (x as i32 + dx, y as i32 + dy))
            .find(|&(nx, ny)| {
                let o = grid.get(nx, ny);
                o != ROCK && o != s && tiles[ny as usize * w + nx as usize] == t
            });
        let Some((nx, ny)) = partner else {
            return Err(format!(
                "{}: an opening with no twin in the next room's wall (openings are two cells \
                 thick, one in each room's wall, alike)",
                place(x, y)
            ));
        };
        let other = grid.get(nx, ny);
        if s < other {
            let spot = Spot {
                a: (x, y),
                b: (nx as usize, ny as usize),
            };
            spots.entry((s, other)).or_default().push((spot, t));
        }
    }
    let mut links = Vec::new();
    for ((from, to), list) in spots {
        let mut lock = None;
        let mut openings: Vec<Opening> = Vec::new();
        for (spot, t) in list {
            if let Tile::Door(g) = t {
                if lock.is_some_and(|l| l != g) {
                    return Err(format!(
                        "{}: two rooms joined by doors of different locks",
                        place(spot.a.0, spot.a.1)
                    ));
                }
                lock = Some(g);
            }
            let kind = opening_kind(t).expect("an opening");
            let beside = |o: &Opening| {
                o.kind == kind
                    && o.spots
                        .last()
                        .is_some_and(|l| l.a.0.abs_diff(spot.a.0) + l.a.1.abs_diff(spot.a.1) == 1)
            };
            match openings.iter_mut().find(|o| beside(o)) {
                Some(o) => o.spots.push(spot),
                None => openings.push(Opening {
                    kind,
                    spots: vec![spot],
                }),
            }
        }
        let secret = openings.iter().any(|o| o.kind == OpeningKind::Secret);
        links.push(Link {
            from,
            to,
            lock: lock.flatten(),
            secret,
            openings,
        });
    }
    Ok(links)
}

/// Each room's role: the script of the first lock on the way in from the start (the rooms
/// behind no lock are the start's, 0), a secret room when the way in crosses a secret wall.
fn roles(grid: &Grid, floor: &[usize], links: &[Link], start: (usize, usize)) -> Vec<SectorInfo> {
    let mut info: Vec<Option<SectorInfo>> = vec![None; floor.len()];
    let first = grid.get(start.0 as i32, start.1 as i32);
    info[usize::from(first)] = Some(SectorInfo {
        script: 0,
        secret: false,
        floor: floor[usize::from(first)],
    });
    // Rooms reached without a lock first, then through locks in the order their scripts rise.
    let mut queue = VecDeque::from([first]);
    while let Some(s) = queue.pop_front() {
        let here = info[usize::from(s)].expect("visited");
        let mut next: Vec<(&Link, SectorId)> = links
            .iter()
            .filter(|l| l.openings.iter().any(|o| o.kind != OpeningKind::Window))
            .filter_map(|l| match (l.from == s, l.to == s) {
                (true, _) => Some((l, l.to)),
                (_, true) => Some((l, l.from)),
                _ => None,
            })
            .collect();
        next.sort_by_key(|(l, _)| l.lock);
        for (link, other) in next {
            if info[usize::from(other)].is_some() {
                continue;
            }
            info[usize::from(other)] = Some(SectorInfo {
                script: link.lock.unwrap_or(here.script),
                secret: here.secret || link.secret,
                floor: floor[usize::from(other)],
            });
            if link.lock.is_none() {
                queue.push_front(other);
            } else {
                queue.push_back(other);
            }
        }
    }
    info.iter()
        .zip(floor)
        .map(|(i, &f)| {
            i.unwrap_or(SectorInfo {
                script: 0,
                secret: false,
                floor: f,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Puzzle;
    use crate::SearchLimit;
    use crate::vault::Vault;

    fn rows(r: &[&str]) -> Vec<String> {
        r.iter().map(|s| s.to_string()).collect()
    }

    /// Two rooms, a key in the first for the door between them, the exit in the second.
    const TWO_ROOMS: [&str; 5] = [
        "##########",
        "#.@.K##.X#",
        "#....11..#",
        "#....##..#",
        "##########",
    ];

    #[test]
    fn a_drawn_vault_has_rooms_links_and_openers() {
        let level = drawn(&rows(&TWO_ROOMS), &[1]).unwrap();
        assert_eq!(level.sectors.len(), 2);
        assert_eq!(
            level.sectors[1].script, 1,
            "the second room is behind lock 1"
        );
        assert_eq!(level.links.len(), 1);
        let link = &level.links[0];
        assert_eq!((link.from, link.to, link.lock), (0, 1, Some(1)));
        assert_eq!(link.openings[0].spots.len(), 1);
        assert_eq!(level.openers[0].kind, OpenerKind::Key);
        assert_eq!(level.to_rows(), rows(&TWO_ROOMS), "drawn as it prints");
        let route = Vault::solve(&level, &Vault::start(&level), SearchLimit::DEFAULT);
        assert_eq!(route.solution().map(|r| r.len()), Some(8));
    }

    #[test]
    fn mistakes_in_a_drawing_are_named() {
        let err = |r: &[&str], opens: &[Script]| drawn(&rows(r), opens).unwrap_err();
        let mut bad = TWO_ROOMS;
        bad[1] = "#.@.K##.!#";
        assert!(err(&bad, &[1]).contains("row 2, column 9"));
        assert!(err(&TWO_ROOMS, &[]).contains("1 keys and switches"));
        assert!(err(&TWO_ROOMS, &[2]).contains("lock 1 needs"));
        bad[1] = "#.@..##.X#";
        assert!(err(&bad, &[]).contains("which no key or switch opens"));
        bad = TWO_ROOMS;
        bad[2] = "#....1#..#";
        assert!(err(&bad, &[1]).contains("row 3, column 6: an opening with no twin"));
        bad = TWO_ROOMS;
        bad[1] = "#.@.K#.X.#";
        bad[2] = "#....1...#";
        bad[3] = "#....#...#";
        assert!(
            err(&bad, &[1]).contains("shared by two rooms"),
            "{}",
            err(&bad, &[1])
        );
        bad = TWO_ROOMS;
        bad[1] = "#.@.K##.X#";
        bad[2] = "#....##..#";
        assert!(err(&bad, &[1]).contains("cannot be reached"));
    }
}
