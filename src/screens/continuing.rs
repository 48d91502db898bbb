//! Where "Continue" and "Resume" lead: the level left part-way, or the next unsolved level of a
//! mode's curated packs in their designed order. The title screen and the level select share it.

use crate::flow::{LevelRequest, LevelSource};
use crate::levels::LevelLibrary;
use crate::menu::{MenuAction, MenuItem};
use crate::places::{LevelId, Place, Places};
use crate::save::Progress;
use puzzlemill_core::ModeId;
use puzzlemill_core::code::LevelCode;

/// The request that opens the level `id` names: a curated level still in the library, or the
/// level a code makes.
pub fn request_for(id: &LevelId, library: &LevelLibrary) -> Option<LevelRequest> {
    let mode = ModeId::from_key(&id.mode)?;
    let source = match LevelCode::parse(&id.level) {
        Ok(code) if code.mode == mode => LevelSource::Code(code),
        _ => {
            let (pack, level) = library.packs_for(mode).find_map(|(index, pack)| {
                (0..pack.level_names.len())
                    .find(|&i| pack.level_key(i) == id.level)
                    .map(|level| (index, level))
            })?;
            LevelSource::Curated { pack, level }
        }
    };
    Some(LevelRequest { mode, source })
}

/// The first curated level of `mode` not solved yet, packs and levels in their designed order.
pub fn next_unsolved(
    mode: ModeId,
    library: &LevelLibrary,
    progress: &Progress,
) -> Option<LevelRequest> {
    library.packs_for(mode).find_map(|(pack, p)| {
        (0..p.level_names.len())
            .find(|&i| progress.record(&p.level_key(i)).is_none())
            .map(|level| LevelRequest {
                mode,
                source: LevelSource::Curated { pack, level },
            })
    })
}

/// "Resume" for a level left part-way, if it can still be opened; `detail` goes before the
/// level's title and how far in it was left.
pub fn resume_item(
    place: &Place,
    library: &LevelLibrary,
    label: &str,
    detail: &str,
) -> Option<MenuItem> {
    let request = request_for(&place.id, library)?;
    Some(
        MenuItem::button(label, MenuAction::Open(request))
            .with_detail(format!("{detail}{} · {}", place.title, place.detail)),
    )
}

/// "Continue: pack · level" for the next unsolved curated level of `mode`.
pub fn continue_item(
    mode: ModeId,
    library: &LevelLibrary,
    progress: &Progress,
) -> Option<MenuItem> {
    let request = next_unsolved(mode, library, progress)?;
    let title = library.current_level(request).title;
    Some(
        MenuItem::button(format!("Continue: {title}"), MenuAction::Open(request))
            .with_detail("The next level you have not solved"),
    )
}

/// The title screen's "Continue": the level last played if it was left part-way, else the next
/// unsolved level of its mode, else that mode's level select.
pub fn title_item(
    places: &Places,
    library: &LevelLibrary,
    progress: &Progress,
) -> Option<MenuItem> {
    let (id, _) = places.last.as_ref()?;
    let mode = ModeId::from_key(&id.mode)?;
    let detail = format!("{} · ", mode.label());
    if let Some(item) = places
        .find(id)
        .and_then(|place| resume_item(place, library, "Continue", &detail))
    {
        return Some(item);
    }
    Some(match next_unsolved(mode, library, progress) {
        Some(request) => {
            MenuItem::button("Continue", MenuAction::Open(request)).with_detail(format!(
                "{} · {}",
                mode.label(),
                library.current_level(request).title
            ))
        }
        None => MenuItem::button("Continue", MenuAction::ChooseMode(mode))
            .with_detail(format!("{}: every curated level solved", mode.label())),
    })
}
