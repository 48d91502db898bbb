//! Save files: settings and progress as RON, written atomically, and never lost when unreadable.
//!
//! Writing goes to a temporary file in the same folder, is flushed to disk, then renamed over the
//! old file, so a crash mid-write leaves either the old file or the new one. Reading a file that is
//! corrupt or unreadable moves it aside under a new name (`progress.ron.corrupt-<time>`), reports
//! the problem and returns defaults. If it cannot even be moved aside, the caller is told so and
//! must not overwrite it.
//!
//! Records that grow carry a format version (a `version` field, [`Versioned`]): a file without
//! one is from before versions (format 0) and is upgraded on load; a file from a newer build is
//! kept aside the same way as a broken one (`progress.ron.newer-<time>`), never overwritten.

use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Where save records live: a folder on desktop (browser storage comes with the web build).
pub trait SaveBackend: Send + Sync {
    /// The record's bytes, or `None` if it does not exist.
    fn read(&self, key: &str) -> io::Result<Option<Vec<u8>>>;
    /// Replaces the record atomically.
    fn write(&self, key: &str, bytes: &[u8]) -> io::Result<()>;
    /// Moves the record aside under a name marked `tag` (`corrupt`, `newer`) and returns where
    /// it now is.
    fn set_aside(&self, key: &str, tag: &str) -> io::Result<String>;
    /// Where the record lives, for messages.
    fn describe(&self, key: &str) -> String;
}

/// Save records as files in one folder.
#[derive(Clone, Debug)]
pub struct DirBackend {
    dir: PathBuf,
}

impl DirBackend {
    /// Records in `dir` (created on first write).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        Self { dir: dir.into() }
    }

    /// The folder holding the records.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl SaveBackend for DirBackend {
    fn read(&self, key: &str) -> io::Result<Option<Vec<u8>>> {
        match fs::read(self.dir.join(key)) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn write(&self, key: &str, bytes: &[u8]) -> io::Result<()> {
        fs::create_dir_all(&self.dir)?;
        let target = self.dir.join(key);
        let temp = self.dir.join(format!("{key}.tmp-{}", std::process::id()));
        let result = (|| {
            let mut file = fs::File::create(&temp)?;
            file.write_all(bytes)?;
            file.sync_all()?;
            fs::rename(&temp, &target)
        })();
        if result.is_err() {
            let _ = fs::remove_file(&temp);
        }
        result
    }

    fn set_aside(&self, key: &str, tag: &str) -> io::Result<String> {
        let stamp = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let from = self.dir.join(key);
        for attempt in 0..100 {
            let name = match attempt {
                0 => format!("{key}.{tag}-{stamp}"),
                n => format!("{key}.{tag}-{stamp}-{n}"),
            };
            let to = self.dir.join(&name);
            if to.exists() {
                continue;
            }
            fs::rename(&from, &to)?;
            return Ok(to.display().to_string());
        }
        Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "too many copies kept aside",
        ))
    }

    fn describe(&self, key: &str) -> String {
        self.dir.join(key).display().to_string()
    }
}

/// What loading a record gave.
#[derive(Clone, Debug, PartialEq)]
pub enum Loaded<T> {
    /// There was no record yet: defaults.
    Missing(T),
    /// The record was read.
    Read(T),
    /// The record was unreadable: defaults, and what happened to the file.
    Recovered {
        /// Defaults to play on with.
        value: T,
        /// What was wrong, naming the file.
        problem: String,
        /// Where the old file was kept, or why it could not be moved (then it must not be
        /// overwritten).
        kept_as: Result<String, String>,
    },
}

impl<T> Loaded<T> {
    /// The value to use, whatever happened.
    pub fn value(&self) -> &T {
        match self {
            Self::Missing(v) | Self::Read(v) | Self::Recovered { value: v, .. } => v,
        }
    }

    /// The value to use, whatever happened.
    pub fn into_value(self) -> T {
        match self {
            Self::Missing(v) | Self::Read(v) | Self::Recovered { value: v, .. } => v,
        }
    }

    /// Whether the record may be written: false only when a bad file could not be kept aside.
    pub fn may_overwrite(&self) -> bool {
        !matches!(
            self,
            Self::Recovered {
                kept_as: Err(_),
                ..
            }
        )
    }

    /// A message for the player when something went wrong.
    pub fn notice(&self) -> Option<String> {
        match self {
            Self::Recovered {
                problem,
                kept_as: Ok(path),
                ..
            } => Some(format!(
                "{problem}. Defaults are in use; the old file was kept as {path}."
            )),
            Self::Recovered {
                problem,
                kept_as: Err(why),
                ..
            } => Some(format!(
                "{problem}. Defaults are in use and nothing will be saved over it this session \
                 (it could not be moved aside: {why})."
            )),
            _ => None,
        }
    }
}

/// A save record with a format version, written in its file as the field `version`.
pub trait Versioned {
    /// The format this build writes, and the newest it reads.
    const VERSION: u32;
    /// Brings a record read from format `from` (0: a file from before versions) up to
    /// [`Self::VERSION`], and sets its `version` field to it.
    fn upgrade(&mut self, from: u32);
}

/// Just the version of a record's file (0 when it has none).
#[derive(serde::Deserialize)]
struct VersionProbe {
    #[serde(default)]
    version: u32,
}

/// Loads the record `key`, falling back to defaults as described in the module comment.
pub fn load<T: DeserializeOwned + Default>(backend: &dyn SaveBackend, key: &str) -> Loaded<T> {
    match read_record(backend, key, |text| {
        ron::from_str::<T>(text).map_err(|e| ron_problem(backend, key, &e))
    }) {
        Ok(loaded) => loaded,
        Err((problem, tag)) => recover(backend, key, problem, tag),
    }
}

/// Loads the versioned record `key`: like [`load`], and a file from a newer build is kept aside
/// (tagged `newer`) instead of being read as far as it goes.
pub fn load_versioned<T: DeserializeOwned + Default + Versioned>(
    backend: &dyn SaveBackend,
    key: &str,
) -> Loaded<T> {
    let parse = |text: &str| {
        let version = ron::from_str::<VersionProbe>(text)
            .map_err(|e| ron_problem(backend, key, &e))?
            .version;
        if version > T::VERSION {
            return Err((
                format!(
                    "{} was written by a newer Puzzlemill (save format {version}; this build \
                     reads up to {})",
                    backend.describe(key),
                    T::VERSION
                ),
                "newer",
            ));
        }
        let mut value = ron::from_str::<T>(text).map_err(|e| ron_problem(backend, key, &e))?;
        value.upgrade(version);
        Ok(value)
    };
    match read_record(backend, key, parse) {
        Ok(loaded) => loaded,
        Err((problem, tag)) => recover(backend, key, problem, tag),
    }
}

/// Why a record was not read, and the tag its file is kept aside under.
type Refusal = (String, &'static str);

fn read_record<T: Default>(
    backend: &dyn SaveBackend,
    key: &str,
    parse: impl FnOnce(&str) -> Result<T, Refusal>,
) -> Result<Loaded<T>, Refusal> {
    match backend.read(key) {
        Ok(None) => Ok(Loaded::Missing(T::default())),
        Ok(Some(bytes)) => match std::str::from_utf8(&bytes) {
            Err(e) => Err((
                format!("{} is not text ({e})", backend.describe(key)),
                "corrupt",
            )),
            Ok(text) => parse(text).map(Loaded::Read),
        },
        Err(e) => Err((
            format!("{} could not be opened ({e})", backend.describe(key)),
            "corrupt",
        )),
    }
}

fn ron_problem(backend: &dyn SaveBackend, key: &str, e: &ron::error::SpannedError) -> Refusal {
    (
        format!(
            "{} could not be read: line {}, column {}: {}",
            backend.describe(key),
            e.span.start.line,
            e.span.start.col,
            e.code
        ),
        "corrupt",
    )
}

fn recover<T: Default>(
    backend: &dyn SaveBackend,
    key: &str,
    problem: String,
    tag: &str,
) -> Loaded<T> {
    let kept_as = backend.set_aside(key, tag).map_err(|e| e.to_string());
    Loaded::Recovered {
        value: T::default(),
        problem,
        kept_as,
    }
}

/// Writes `value` as pretty RON to the record `key`, atomically.
pub fn save<T: Serialize>(backend: &dyn SaveBackend, key: &str, value: &T) -> io::Result<()> {
    backend.write(key, to_text(value)?.as_bytes())
}

/// A record's text as [`save`] writes it.
pub fn to_text<T: Serialize>(value: &T) -> io::Result<String> {
    ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
    #[serde(default)]
    struct Record {
        volume: f32,
        name: String,
    }

    fn temp_dir(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("pm-storage-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn round_trips_and_leaves_no_temp_file() {
        let dir = temp_dir("round");
        let backend = DirBackend::new(&dir);
        let rec = Record {
            volume: 0.5,
            name: "x".into(),
        };
        save(&backend, "r.ron", &rec).unwrap();
        assert_eq!(load::<Record>(&backend, "r.ron"), Loaded::Read(rec));
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["r.ron"]);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn missing_gives_defaults() {
        let backend = DirBackend::new(temp_dir("missing"));
        assert_eq!(
            load::<Record>(&backend, "r.ron"),
            Loaded::Missing(Record::default())
        );
    }

    #[test]
    fn corrupt_file_is_kept_aside_with_its_bytes() {
        let dir = temp_dir("corrupt");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("r.ron"), "(volume: oops").unwrap();
        let backend = DirBackend::new(&dir);
        let loaded = load::<Record>(&backend, "r.ron");
        assert_eq!(loaded.value(), &Record::default());
        let Loaded::Recovered {
            kept_as: Ok(path),
            problem,
            ..
        } = &loaded
        else {
            panic!("expected a recovery, got {loaded:?}");
        };
        assert!(
            problem.contains("r.ron") && problem.contains("line 1"),
            "{problem}"
        );
        assert_eq!(fs::read_to_string(path).unwrap(), "(volume: oops");
        assert!(!dir.join("r.ron").exists());
        assert!(loaded.may_overwrite());
        assert!(loaded.notice().unwrap().contains("kept as"));
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn binary_garbage_is_kept_aside_too() {
        let dir = temp_dir("binary");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("r.ron"), [0xff, 0xfe, 0x00]).unwrap();
        let loaded = load::<Record>(&DirBackend::new(&dir), "r.ron");
        assert!(
            matches!(loaded, Loaded::Recovered { kept_as: Ok(_), .. }),
            "{loaded:?}"
        );
        fs::remove_dir_all(dir).unwrap();
    }

    /// A backend whose record cannot be moved: the loader must say not to overwrite it.
    struct Stuck;
    impl SaveBackend for Stuck {
        fn read(&self, _: &str) -> io::Result<Option<Vec<u8>>> {
            Ok(Some(b"garbage(".to_vec()))
        }
        fn write(&self, _: &str, _: &[u8]) -> io::Result<()> {
            unreachable!("the test never writes")
        }
        fn set_aside(&self, _: &str, _: &str) -> io::Result<String> {
            Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                "read-only folder",
            ))
        }
        fn describe(&self, key: &str) -> String {
            key.to_string()
        }
    }

    #[test]
    fn a_file_that_cannot_be_moved_must_not_be_overwritten() {
        let loaded = load::<Record>(&Stuck, "r.ron");
        assert!(!loaded.may_overwrite());
        assert!(loaded.notice().unwrap().contains("nothing will be saved"));
    }

    #[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
    #[serde(default)]
    struct Grown {
        version: u32,
        volume: f32,
        upgraded_from: Option<u32>,
    }

    impl Versioned for Grown {
        const VERSION: u32 = 2;
        fn upgrade(&mut self, from: u32) {
            self.upgraded_from = Some(from);
            self.version = Self::VERSION;
        }
    }

    #[test]
    fn an_unversioned_file_is_upgraded_from_format_zero() {
        let dir = temp_dir("unversioned");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("r.ron"), "(volume: 0.25)").unwrap();
        let loaded = load_versioned::<Grown>(&DirBackend::new(&dir), "r.ron");
        assert_eq!(
            loaded,
            Loaded::Read(Grown {
                version: 2,
                volume: 0.25,
                upgraded_from: Some(0),
            })
        );
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_file_from_a_newer_build_is_kept_aside_untouched() {
        let dir = temp_dir("newer");
        fs::create_dir_all(&dir).unwrap();
        let text = "(version: 3, volume: 0.5, colour: \"teal\")";
        fs::write(dir.join("r.ron"), text).unwrap();
        let loaded = load_versioned::<Grown>(&DirBackend::new(&dir), "r.ron");
        let Loaded::Recovered {
            value,
            problem,
            kept_as: Ok(path),
        } = &loaded
        else {
            panic!("expected the file kept aside, got {loaded:?}");
        };
        assert_eq!(value, &Grown::default());
        assert!(
            problem.contains("newer Puzzlemill") && problem.contains("format 3"),
            "{problem}"
        );
        assert!(path.contains("r.ron.newer-"), "{path}");
        assert_eq!(fs::read_to_string(path).unwrap(), text);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_broken_versioned_file_is_kept_aside_as_corrupt() {
        let dir = temp_dir("broken-versioned");
        fs::create_dir_all(&dir).unwrap();
        fs::write(dir.join("r.ron"), "(version: 1, volume: ").unwrap();
        let loaded = load_versioned::<Grown>(&DirBackend::new(&dir), "r.ron");
        let Loaded::Recovered {
            kept_as: Ok(path), ..
        } = &loaded
        else {
            panic!("expected a recovery, got {loaded:?}");
        };
        assert!(path.contains("r.ron.corrupt-"), "{path}");
        fs::remove_dir_all(dir).unwrap();
    }
}
