//! The curated level library: `levels/packs.ron` and the packs it lists, loaded through the asset
//! server from the `levels://` source (the repository's `levels/` folder; next to the page in the
//! browser build). Each mode registers a parser for its packs; a pack with a mistake is reported
//! with its file, line and problem, and the rest of the library still loads.

use crate::notices::Notices;
use bevy::asset::io::{AssetSourceBuilder, Reader};
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use puzzlemill_core::ModeId;
use puzzlemill_core::pack::{self, FileError, INDEX_FILE, Pack, PackEntry, PackRef};
use serde::de::DeserializeOwned;
use std::any::Any;
use std::collections::HashMap;
use std::sync::Arc;

/// Registers the `levels://` asset source at `root/levels`. Must run before `AssetPlugin` is added.
pub fn register_source(app: &mut App, root: &std::path::Path) {
    let path = root.join("levels").to_string_lossy().into_owned();
    app.register_asset_source("levels", AssetSourceBuilder::platform_default(&path, None));
}

pub(super) fn plugin(app: &mut App) {
    app.init_asset::<LevelText>();
    app.register_asset_loader(LevelTextLoader);
    app.init_resource::<PackParsers>();
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
    /// The mode's own parsed pack (`puzzlemill_core::pack::Pack<Level>`), downcast by the mode.
    pub levels: Arc<dyn Any + Send + Sync>,
}

impl LibraryPack {
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

/// What a mode's parser makes of a pack file.
pub struct ParsedPack {
    /// The pack's title.
    pub name: String,
    /// The mode named inside the file.
    pub mode: ModeId,
    /// A line shown under the title.
    pub description: String,
    /// Level titles in order.
    pub level_names: Vec<String>,
    /// The mode's own parsed pack.
    pub levels: Arc<dyn Any + Send + Sync>,
}

impl ParsedPack {
    /// A pack file read with the mode's entry type `E`: the parser every mode registers.
    pub fn parse<E>(file: &str, text: &str) -> Result<Self, FileError>
    where
        E: PackEntry + DeserializeOwned,
        E::Level: Send + Sync + 'static,
    {
        let parsed: Pack<E::Level> = pack::parse_pack::<E>(file, text)?;
        Ok(ParsedPack {
            name: parsed.name.clone(),
            mode: parsed.mode,
            description: parsed.description.clone(),
            level_names: parsed.levels.iter().map(|(name, _)| name.clone()).collect(),
            levels: Arc::new(parsed),
        })
    }
}

/// A mode's pack parser: `(file label, text)` to the parsed pack or what is wrong with it.
pub type PackParser = fn(&str, &str) -> Result<ParsedPack, FileError>;

/// Parsers by mode.
#[derive(Resource, Default)]
pub struct PackParsers(pub HashMap<ModeId, PackParser>);

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

fn progress_library(
    assets: Res<AssetServer>,
    texts: Res<Assets<LevelText>>,
    parsers: Res<PackParsers>,
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
                let parser = parsers.0.get(&pack_ref.mode).ok_or_else(|| {
                    format!(
                        "{label}: {} packs cannot be played in this build",
                        pack_ref.mode
                    )
                })?;
                let text = texts.get(&handle).map_or("", |t| t.0.as_str());
                let parsed = parser(&label, text).map_err(|e| e.to_string())?;
                if parsed.mode != pack_ref.mode {
                    return Err(format!(
                        "{label}: the file says mode {} but levels/{INDEX_FILE} lists it under {}",
                        parsed.mode, pack_ref.mode
                    ));
                }
                Ok(parsed)
            });
        match outcome {
            Ok(parsed) => library.loaded.push((
                position,
                LibraryPack {
                    file: pack_ref.file,
                    name: parsed.name,
                    mode: parsed.mode,
                    description: parsed.description,
                    level_names: parsed.level_names,
                    levels: parsed.levels,
                },
            )),
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
