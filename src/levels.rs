//! The curated level library: `levels/packs.ron` and the packs it lists, loaded through the asset
//! server from the `levels://` source (the repository's `levels/` folder; next to the page in the
//! browser build). Each mode's line in the mode table names the parser for its packs; a pack with
//! a mistake is reported with its file, line and problem, and the rest of the library still
//! loads. The library also names the levels it holds, and knows which comes next.

use crate::flow::{CurrentLevel, Handout, LevelRequest, LevelSource};
use crate::notices::Notices;
use bevy::asset::io::{AssetSourceBuilder, Reader};
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::mill::AnyLevel;
use puzzlemill_core::pack::{self, AnyPack, INDEX_FILE, Pack, PackRef};
use puzzlemill_core::play_data::daily::day_of_daily;
use std::any::Any;
use std::sync::Arc;

/// Registers the `levels://` asset source at `root/levels`. Must run before `AssetPlugin` is added.
pub fn register_source(app: &mut App, root: &std::path::Path) {
    let path = root.join("levels").to_string_lossy().into_owned();
    app.register_asset_source("levels", AssetSourceBuilder::platform_default(&path, None));
}

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<LevelText>();
    app.register_asset_loader(LevelTextLoader);
    app.init_resource::<LevelLibrary>();
    app.add_systems(Startup, request_index);
    app.add_systems(
        Update,
        progress_library.run_if(|lib: Res<LevelLibrary>| !lib.ready),
    );
}

/// A level file's text, undecoded (each mode parses its own format).
#[derive(Asset, TypePath, Debug)]
pub struct LevelText(pub String);

/// Loads `.ron` files from `levels://` as text.
#[derive(Default, TypePath)]
struct LevelTextLoader;

impl AssetLoader for LevelTextLoader {
    type Asset = LevelText;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _: &(),
        _: &mut LoadContext<'_>,
    ) -> Result<LevelText, Self::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        String::from_utf8(bytes).map(LevelText).map_err(|e| {
            std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("not UTF-8 text: {e}"),
            )
        })
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}

/// A parsed pack: titles for the menus, levels for the mode that owns them.
#[derive(Clone)]
pub struct LibraryPack {
    /// Path relative to `levels/`.
    pub file: String,
    /// The pack's title.
    pub name: String,
    /// The mode it is for.
    pub mode: ModeId,
    /// A line shown under the title.
    pub description: String,
    /// Level titles in order.
    pub level_names: Vec<String>,
    /// Per level, the line a lesson board shows on the board, if any.
    pub intros: Vec<Option<String>>,
    /// Per level, the code of the generated level it is, if the pack names it by its code.
    pub codes: Vec<Option<String>>,
    /// The mode's own parsed pack (`puzzlemill_core::pack::Pack<Level>`), downcast by the mode.
    pub levels: Arc<dyn Any + Send + Sync>,
}

impl LibraryPack {
    /// Whether this is the player's own levels of its mode ("My levels"), not a curated pack.
    pub fn is_mine(&self) -> bool {
        self.file == puzzlemill_core::edit::my_levels::pack_key(self.mode)
    }

    /// A parsed pack listed under the key `file`.
    pub fn from_any(file: impl Into<String>, pack: AnyPack) -> Self {
        Self {
            file: file.into(),
            name: pack.name,
            mode: pack.mode,
            description: pack.description,
            level_names: pack.level_names,
            intros: pack.intros,
            codes: pack.codes,
            levels: pack.levels,
        }
    }

    /// The save-record key of level `index`.
    pub fn level_key(&self, index: usize) -> String {
        format!(
            "{}/{}/{}",
            self.mode.key(),
            self.file,
            self.level_names.get(index).map_or("?", String::as_str)
        )
    }
}

/// Every curated pack, once loaded.
#[derive(Resource, Default)]
pub struct LevelLibrary {
    /// Packs that parsed, in index order.
    pub packs: Vec<LibraryPack>,
    /// True once the index and every pack it lists have loaded or failed.
    pub ready: bool,
    /// Files requested and not yet finished, for the loading screen.
    pub pending: usize,
    index: Option<Handle<LevelText>>,
    /// Requested packs: position in the index, entry, handle.
    files: Vec<(usize, PackRef, Handle<LevelText>)>,
    /// Parsed packs with their index positions, until all are in.
    loaded: Vec<(usize, LibraryPack)>,
}

impl LevelLibrary {
    /// Packs for `mode`, with their indices in [`LevelLibrary::packs`].
    pub fn packs_for(&self, mode: ModeId) -> impl Iterator<Item = (usize, &LibraryPack)> {
        self.packs
            .iter()
            .enumerate()
            .filter(move |(_, p)| p.mode == mode)
    }

    /// The curated packs for `mode` (not the player's own levels), with their indices: what
    /// "Continue" and the next level walk through.
    pub fn curated_packs_for(&self, mode: ModeId) -> impl Iterator<Item = (usize, &LibraryPack)> {
        self.packs_for(mode).filter(|(_, p)| !p.is_mine())
    }

    /// The level `request` asks for, with its title (and its save key, if curated).
    pub fn current_level(&self, request: LevelRequest) -> CurrentLevel {
        let mut intro = None;
        let (title, key) = match request.source {
            LevelSource::Curated { pack, level } => {
                let found = self.packs.get(pack).filter(|p| level < p.level_names.len());
                // A level of My levels by its name alone: its place moves when one before it
                // is deleted, and the title is kept in the history and the places.
                let title = found.map_or_else(
                    || format!("Level {}", level + 1),
                    |p| {
                        if p.is_mine() {
                            format!("{} · {}", p.name, p.level_names[level])
                        } else {
                            format!("{} · {}. {}", p.name, level + 1, p.level_names[level])
                        }
                    },
                );
                intro = found.and_then(|p| p.intros.get(level).cloned().flatten());
                (title, found.map(|p| p.level_key(level)))
            }
            LevelSource::Fresh { tier } => (format!("Fresh · {tier}"), None),
            LevelSource::Code(code) => match day_of_daily(&code) {
                Some(day) => (format!("Daily {day} · {}", code.tier), None),
                None => (format!("Code · {}", code.tier), None),
            },
            LevelSource::ForYou
            | LevelSource::Again {
                handout: Handout::ForYou,
                ..
            } => ("For you".to_string(), None),
            LevelSource::Again {
                code,
                handout: Handout::Fresh,
            } => (format!("Fresh · {}", code.tier), None),
            LevelSource::Draft => ("Editor · play-test".to_string(), None),
            LevelSource::Shared => ("Shared level".to_string(), None),
        };
        let mut current = CurrentLevel::new(request, title, key);
        current.intro = intro;
        current
    }

    /// The level after `current`: the level a lesson was played before, else the next in its
    /// pack (after a pack's last level, the first of the mode's next pack), or a fresh level at
    /// the same tier.
    pub fn next_level(&self, current: &CurrentLevel) -> Option<CurrentLevel> {
        if let Some(after) = &current.after {
            return Some((**after).clone());
        }
        let source = match current.request.source {
            LevelSource::Curated { pack, level } => {
                let count = self.packs.get(pack)?.level_names.len();
                if level + 1 < count {
                    LevelSource::Curated {
                        pack,
                        level: level + 1,
                    }
                } else {
                    // From a curated pack's last level on to the next curated pack (never into
                    // the player's own levels).
                    let (next, _) = self
                        .curated_packs_for(current.request.mode)
                        .find(|(index, p)| *index > pack && !p.level_names.is_empty())?;
                    LevelSource::Curated {
                        pack: next,
                        level: 0,
                    }
                }
            }
            LevelSource::Fresh { tier } => LevelSource::Fresh { tier },
            LevelSource::Code(code) => LevelSource::Fresh { tier: code.tier },
            LevelSource::ForYou
            | LevelSource::Again {
                handout: Handout::ForYou,
                ..
            } => LevelSource::ForYou,
            LevelSource::Again {
                code,
                handout: Handout::Fresh,
            } => LevelSource::Fresh { tier: code.tier },
            LevelSource::Draft | LevelSource::Shared => return None,
        };
        Some(self.current_level(LevelRequest {
            source,
            ..current.request
        }))
    }

    /// The curated level of `mode` named `name` in the pack file `file`, if the library has it.
    pub fn find_curated(&self, mode: ModeId, file: &str, name: &str) -> Option<LevelRequest> {
        self.packs_for(mode).find_map(|(pack, p)| {
            (p.file == file)
                .then(|| p.level_names.iter().position(|n| n == name))
                .flatten()
                .map(|level| LevelRequest {
                    mode,
                    source: LevelSource::Curated { pack, level },
                })
        })
    }

    /// The curated lesson board of `mode` whose line is `line` (the board that teaches a thing).
    pub fn lesson_for(&self, mode: ModeId, line: &str) -> Option<LevelRequest> {
        self.packs_for(mode).find_map(|(pack, p)| {
            p.intros
                .iter()
                .position(|intro| intro.as_deref() == Some(line))
                .map(|level| LevelRequest {
                    mode,
                    source: LevelSource::Curated { pack, level },
                })
        })
    }

    /// Level `level` of pack `pack`, type-erased (through the mode's editor line, which every
    /// mode with level texts has), or `None`.
    pub fn any_level(&self, pack: usize, level: usize) -> Option<AnyLevel> {
        let pack = self.packs.get(pack)?;
        let edit = pack.mode.spec().edit?;
        (edit.levels_of)(pack.levels.as_ref())
            .into_iter()
            .nth(level)
            .map(|(_, l)| l)
    }

    /// The code level `level` of pack `pack` was milled from, if the pack names it by its code.
    pub fn code_of(&self, pack: usize, level: usize) -> Option<String> {
        self.packs.get(pack)?.codes.get(level)?.clone()
    }

    /// Level `level` of pack `pack` as the mode's level type `L`, or why it is not there.
    pub fn level<L: Clone + 'static>(&self, pack: usize, level: usize) -> Result<L, String> {
        self.packs
            .get(pack)
            .and_then(|p| p.levels.downcast_ref::<Pack<L>>())
            .and_then(|p| p.levels.get(level))
            .map(|(_, l)| l.clone())
            .ok_or_else(|| match self.packs.get(pack) {
                Some(p) => format!(
                    "the pack \"{}\" has {} level{}, so it has no level {}",
                    p.name,
                    p.level_names.len(),
                    if p.level_names.len() == 1 { "" } else { "s" },
                    level + 1
                ),
                None => format!("the library has no pack {}", pack + 1),
            })
    }
}

fn request_index(assets: Res<AssetServer>, mut library: ResMut<LevelLibrary>) {
    library.index = Some(assets.load(format!("levels://{INDEX_FILE}")));
    library.pending = 1;
}

/// Why an asset failed, if it did; `None` while it is still loading.
fn finished(
    assets: &AssetServer,
    id: impl Into<bevy::asset::UntypedAssetId>,
) -> Option<Result<(), String>> {
    use bevy::asset::LoadState;
    match assets.load_state(id) {
        LoadState::Loaded => Some(Ok(())),
        LoadState::Failed(e) => Some(Err(e.to_string())),
        LoadState::NotLoaded | LoadState::Loading => None,
    }
}

/// Reads the packs as their files come in; the library is `ready` once all have.
pub(crate) fn progress_library(
    assets: Res<AssetServer>,
    texts: Res<Assets<LevelText>>,
    mut library: ResMut<LevelLibrary>,
    mut notices: ResMut<Notices>,
) {
    if let Some(index) = library.index.clone() {
        let Some(result) = finished(&assets, &index) else {
            return;
        };
        library.index = None;
        let parsed = result
            .map_err(|e| format!("levels/{INDEX_FILE} could not be loaded: {e}"))
            .and_then(|()| {
                let text = texts.get(&index).map_or("", |t| t.0.as_str());
                pack::parse_index(&format!("levels/{INDEX_FILE}"), text).map_err(|e| e.to_string())
            });
        match parsed {
            Ok(refs) => {
                library.files = refs
                    .into_iter()
                    .enumerate()
                    .map(|(position, r)| {
                        let handle = assets.load(format!("levels://{}", r.file));
                        (position, r, handle)
                    })
                    .collect();
            }
            Err(message) => notices.warn(format!(
                "{message}. Curated packs are unavailable; fresh levels still work."
            )),
        }
    }
    let mut still_loading = Vec::new();
    for (position, pack_ref, handle) in std::mem::take(&mut library.files) {
        let Some(result) = finished(&assets, &handle) else {
            still_loading.push((position, pack_ref, handle));
            continue;
        };
        let label = format!("levels/{}", pack_ref.file);
        let outcome = result
            .map_err(|e| format!("{label} could not be loaded: {e}"))
            .and_then(|()| {
                let text = texts.get(&handle).map_or("", |t| t.0.as_str());
                let parsed =
                    (pack_ref.mode.spec().parse_pack)(&label, text).map_err(|e| e.to_string())?;
                if parsed.mode != pack_ref.mode {
                    return Err(format!(
                        "{label}: the file says mode {} but levels/{INDEX_FILE} lists it under {}",
                        parsed.mode, pack_ref.mode
                    ));
                }
                Ok(parsed)
            });
        match outcome {
            Ok(parsed) => library
                .loaded
                .push((position, LibraryPack::from_any(pack_ref.file, parsed))),
            Err(message) => notices.warn(format!("{message}. The pack was skipped.")),
        }
    }
    library.pending = still_loading.len();
    library.files = still_loading;
    if library.files.is_empty() {
        let mut loaded = std::mem::take(&mut library.loaded);
        loaded.sort_by_key(|(position, _)| *position);
        library.packs = loaded.into_iter().map(|(_, pack)| pack).collect();
        library.ready = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlemill_core::code::LevelCode;
    use puzzlemill_core::{ModeId, Tier};

    fn request(source: LevelSource) -> LevelRequest {
        LevelRequest {
            mode: ModeId::Slide,
            source,
        }
    }

    fn pack(mode: ModeId, name: &str, levels: usize) -> LibraryPack {
        LibraryPack {
            file: format!("{name}.ron"),
            name: name.to_string(),
            mode,
            description: String::new(),
            level_names: (1..=levels).map(|n| format!("{name} {n}")).collect(),
            intros: vec![None; levels],
            codes: vec![None; levels],
            levels: Arc::new(()),
        }
    }

    #[test]
    fn a_packs_last_level_leads_to_the_modes_next_pack() {
        let library = LevelLibrary {
            packs: vec![
                pack(ModeId::Slide, "first", 2),
                pack(ModeId::Tilt, "other mode", 3),
                pack(ModeId::Slide, "empty", 0),
                pack(ModeId::Slide, "second", 1),
            ],
            ready: true,
            ..Default::default()
        };
        let next = |pack, level| {
            let current = library.current_level(request(LevelSource::Curated { pack, level }));
            library
                .next_level(&current)
                .map(|c| (c.request.source, c.title))
        };
        let curated = |pack, level| LevelSource::Curated { pack, level };
        assert_eq!(next(0, 0).map(|n| n.0), Some(curated(0, 1)));
        let (source, title) = next(0, 1).expect("the next pack");
        assert_eq!(
            source,
            curated(3, 0),
            "past the other mode's and the empty pack"
        );
        assert!(title.contains("second 1"), "{title}");
        assert_eq!(next(3, 0), None, "the mode's last pack's last level");
    }

    #[test]
    fn a_generated_level_opened_again_keeps_its_title_and_next() {
        let library = LevelLibrary::default();
        let code = LevelCode::new(ModeId::Slide, Tier::Hard, 0, 77);
        let cases = [
            (
                LevelSource::Code(code),
                "Code · Hard",
                LevelSource::Fresh { tier: Tier::Hard },
            ),
            (
                LevelSource::again(code, Some(Handout::Fresh)),
                "Fresh · Hard",
                LevelSource::Fresh { tier: Tier::Hard },
            ),
            (
                LevelSource::again(code, Some(Handout::ForYou)),
                "For you",
                LevelSource::ForYou,
            ),
        ];
        for (source, title, next) in cases {
            let current = library.current_level(request(source));
            assert_eq!(current.title, title);
            assert_eq!(current.request.source.tier(), Some(Tier::Hard));
            let after = library.next_level(&current).expect("a next level");
            assert_eq!(after.request.source, next, "after {title}");
        }
    }
}
