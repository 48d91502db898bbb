//! "Export my play data": the history as CSV and JSON, written beside the saves on desktop
//! (`play-data.csv`, `play-data.json`) and offered as two downloads in the browser.

use super::store::PlayHistory;
use crate::notices::Notices;
use crate::save::SaveStore;
use bevy::prelude::*;
use puzzlemill_core::edit::count;
use puzzlemill_core::play_data::export::{to_csv, to_json};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<ExportPlayData>();
    app.add_systems(Update, export);
}

/// The player asks for their play data.
#[derive(Message, Clone, Copy, Debug)]
pub struct ExportPlayData;

/// The file names of the export.
pub fn export_files() -> [&'static str; 2] {
    ["play-data.csv", "play-data.json"]
}

fn export(
    mut asked: MessageReader<ExportPlayData>,
    history: Res<PlayHistory>,
    store: Res<SaveStore>,
    mut notices: ResMut<Notices>,
) {
    if asked.read().count() == 0 {
        return;
    }
    let plays = &history.plays;
    let texts = match (to_csv(plays), to_json(plays)) {
        (Ok(csv), Ok(json)) => [csv, json],
        (Err(e), _) | (_, Err(e)) => {
            notices.warn(format!("The play data could not be written: {e}"));
            return;
        }
    };
    let [csv_name, json_name] = export_files();
    #[cfg(target_arch = "wasm32")]
    {
        let _ = &store;
        let sent = crate::web::download(csv_name, &texts[0], "text/csv")
            .and_then(|_| crate::web::download(json_name, &texts[1], "application/json"));
        match sent {
            Ok(()) => notices.info(format!(
                "{} offered as downloads: {csv_name} and {json_name}.",
                count(plays.len(), "play")
            )),
            Err(e) => notices.warn(e),
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        for (name, text) in [csv_name, json_name].iter().zip(&texts) {
            if let Err(e) = store.write_bytes(name, text.as_bytes()) {
                notices.warn(format!("Could not write {}: {e}", store.describe(name)));
                return;
            }
        }
        notices.info(format!(
            "{} written to {} and {}.",
            count(plays.len(), "play"),
            store.describe(csv_name),
            store.describe(json_name)
        ));
    }
}
