//! One copy of the game writes the saves at a time. Every record is written whole, so two
//! copies on one save folder (or two browser tabs) would each write over what the other saved.
//! The first copy claims the saves (an OS lock on `puzzlemill.lock` in the folder; in the
//! browser a Web Lock, whose answer comes a moment later: writes wait for it); a copy that finds
//! them claimed plays on, writes nothing and says so.

use std::sync::Arc;

/// The lock file's name in the save folder.
#[cfg(not(target_arch = "wasm32"))]
pub const LOCK_FILE: &str = "puzzlemill.lock";

/// Whether this copy of the game holds the saves.
#[derive(Clone, Debug, Default)]
pub enum Claim {
    /// Not asked yet, or the platform could not say (a folder that cannot be locked, a
    /// browser without Web Locks): this copy writes, as before there was a claim.
    #[default]
    Unknown,
    /// Asked, and the answer has not come yet (the browser's lock answers a moment later):
    /// writes wait here, the last of each record, and are written once it says this copy
    /// holds the saves.
    Pending(Arc<Queued>),
    /// This copy holds them (the lock lasts as long as the value).
    Held(Arc<dyn Send + Sync + std::fmt::Debug>),
    /// Another copy of the game holds them: this one writes nothing.
    Elsewhere,
}

impl Claim {
    /// Whether this copy may write the saves.
    pub fn may_write(&self) -> bool {
        !matches!(self, Claim::Elsewhere)
    }
}

/// Records written while the claim is [`Claim::Pending`]: the last text of each, by key.
#[derive(Debug, Default)]
pub struct Queued(std::sync::Mutex<std::collections::BTreeMap<String, Vec<u8>>>);

impl Queued {
    /// Keeps `bytes` as the record `key` to write (over any kept before).
    pub fn put(&self, key: &str, bytes: Vec<u8>) {
        if let Ok(mut queued) = self.0.lock() {
            queued.insert(key.to_string(), bytes);
        }
    }

    /// The records kept, which no longer wait.
    pub fn take(&self) -> std::collections::BTreeMap<String, Vec<u8>> {
        self.0
            .lock()
            .map(|mut queued| std::mem::take(&mut *queued))
            .unwrap_or_default()
    }
}

/// What the player is told when another copy holds the saves.
pub fn elsewhere_message(place: &str) -> String {
    format!(
        "Puzzlemill is already open with these saves ({place}). This copy plays on but saves \
         nothing: no progress, places, settings, history or levels of yours. Close it and play \
         in the other."
    )
}

/// Claims the save folder `dir` with an OS lock on its lock file, without waiting.
#[cfg(not(target_arch = "wasm32"))]
pub fn claim_folder(dir: &std::path::Path) -> Claim {
    use std::fs::{File, OpenOptions, TryLockError};
    let open = std::fs::create_dir_all(dir).and_then(|()| {
        OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join(LOCK_FILE))
    });
    let file: File = match open {
        Ok(file) => file,
        Err(e) => {
            bevy::log::debug!("the save folder's lock file could not be opened: {e}");
            return Claim::Unknown;
        }
    };
    match file.try_lock() {
        Ok(()) => Claim::Held(Arc::new(file)),
        Err(TryLockError::WouldBlock) => Claim::Elsewhere,
        Err(TryLockError::Error(e)) => {
            bevy::log::debug!("the save folder could not be locked: {e}");
            Claim::Unknown
        }
    }
}

#[cfg(test)]
#[cfg(not(target_arch = "wasm32"))]
mod tests {
    use super::*;

    #[test]
    fn the_second_claim_on_a_folder_is_refused_until_the_first_is_let_go() {
        let dir = std::env::temp_dir().join(format!("pm-claim-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let first = claim_folder(&dir);
        assert!(matches!(first, Claim::Held(_)), "{first:?}");
        let second = claim_folder(&dir);
        assert!(matches!(second, Claim::Elsewhere), "{second:?}");
        assert!(first.may_write() && !second.may_write());
        drop(first);
        assert!(matches!(claim_folder(&dir), Claim::Held(_)));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
