//! Opening a file by path, for every loader that takes one (images, baked files, atlas
//! descriptions and the atlas images they name): regular files only.
//!
//! A FIFO opened for reading blocks until a writer comes, for ever if none does, and a
//! device or socket is no file to load. So the path's type is checked before opening it,
//! the file is opened without blocking (`O_NONBLOCK`, which does not change how a regular
//! file reads), and its type is checked again on the open file (the path may have been
//! swapped in between). Anything but a regular file (a symbolic link to one is fine) is
//! refused with an [`std::io::ErrorKind::InvalidInput`] error saying what the path is;
//! the loaders report it as [`crate::Error::Io`] naming the file (`PP_ERR_IO` in C).

use std::fs::{File, FileType, OpenOptions};
use std::io;
use std::path::Path;

/// Opens `path` for reading if it is a regular file (following symbolic links).
pub(crate) fn open_regular(path: &Path) -> io::Result<File> {
    refuse_unless_regular(std::fs::metadata(path)?.file_type())?;
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    refuse_unless_regular(file.metadata()?.file_type())?;
    Ok(file)
}

fn refuse_unless_regular(kind: FileType) -> io::Result<()> {
    if kind.is_file() {
        return Ok(());
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        format!(
            "not a regular file ({}); perpixel reads only regular files",
            describe(kind)
        ),
    ))
}

/// What a file that is not a regular file is, in words.
fn describe(kind: FileType) -> &'static str {
    if kind.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_opens_and_a_directory_does_not() {
        let dir = std::env::temp_dir().join(format!("perpixel-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("plain.bin");
        std::fs::write(&path, b"bytes").unwrap();
        let mut text = Vec::new();
        io::Read::read_to_end(&mut open_regular(&path).unwrap(), &mut text).unwrap();
        assert_eq!(text, b"bytes");
        let e = open_regular(&dir).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidInput);
        assert!(
            e.to_string().contains("not a regular file (a directory)"),
            "{e}"
        );
        let e = open_regular(&dir.join("missing")).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
