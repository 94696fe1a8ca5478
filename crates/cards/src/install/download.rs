//! Downloading the official VEKN card list (`vtescsv_utf8.zip`): a connect
//! timeout, a timeout per read, an overall deadline, and a size cap checked on
//! the announced `Content-Length` before reading and again while reading.

use std::io::Read;
use std::time::{Duration, Instant};

use super::{InstallError, MAX_ARCHIVE_BYTES};

/// The longest wait for the connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(30);

/// The longest wait for any one read.
const READ_TIMEOUT: Duration = Duration::from_secs(60);

/// Downloads `url` into memory, at most [`MAX_ARCHIVE_BYTES`] (a larger
/// `Content-Length` is refused before reading), all of it within `deadline`.
/// `progress` is called with the bytes received so far and the announced
/// total, if any.
pub fn download(
    url: &str,
    deadline: Duration,
    progress: &mut dyn FnMut(u64, Option<u64>),
) -> Result<Vec<u8>, InstallError> {
    let started = Instant::now();
    let failed = |message: String| InstallError::Download {
        url: url.to_string(),
        message,
    };
    let late = || InstallError::DeadlinePassed {
        url: url.to_string(),
        seconds: deadline.as_secs_f64(),
    };
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(deadline))
        .timeout_connect(Some(CONNECT_TIMEOUT.min(deadline)))
        .timeout_per_read(Some(READ_TIMEOUT.min(deadline)))
        .build()
        .new_agent();
    let mut response = agent.get(url).call().map_err(|e| match e {
        ureq::Error::Timeout(ureq::Timeout::Global) => late(),
        e => failed(e.to_string()),
    })?;
    let status = response.status().as_u16();
    if !(200..300).contains(&status) {
        return Err(InstallError::HttpStatus {
            url: url.to_string(),
            status,
        });
    }
    let total = response.body().content_length();
    if let Some(total) = total.filter(|t| *t > MAX_ARCHIVE_BYTES) {
        return Err(InstallError::TooLarge {
            origin: url.to_string(),
            size: Some(total),
        });
    }
    let mut reader = response
        .body_mut()
        .with_config()
        .limit(MAX_ARCHIVE_BYTES + 1)
        .reader();
    let mut bytes = Vec::with_capacity(total.unwrap_or(0) as usize);
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        let read = match reader.read(&mut chunk) {
            Ok(read) => read,
            Err(_) if started.elapsed() >= deadline => return Err(late()),
            Err(e) if is_over_limit(&e) => {
                return Err(InstallError::TooLarge {
                    origin: url.to_string(),
                    size: None,
                })
            }
            Err(e) => return Err(failed(e.to_string())),
        };
        if read == 0 {
            break;
        }
        bytes.extend_from_slice(&chunk[..read]);
        if bytes.len() as u64 > MAX_ARCHIVE_BYTES {
            return Err(InstallError::TooLarge {
                origin: url.to_string(),
                size: None,
            });
        }
        if started.elapsed() >= deadline {
            return Err(late());
        }
        progress(bytes.len() as u64, total);
    }
    if let Some(total) = total {
        if (bytes.len() as u64) < total {
            return Err(failed(format!(
                "transfer interrupted after {} of {total} bytes",
                bytes.len()
            )));
        }
    }
    Ok(bytes)
}

/// Whether a read failed because the body went past the reader's limit.
fn is_over_limit(error: &std::io::Error) -> bool {
    error
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<ureq::Error>())
        .is_some_and(|e| matches!(e, ureq::Error::BodyExceedsLimit(_)))
}
