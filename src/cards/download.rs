//! Downloading the official VEKN card list (`vtescsv_utf8.zip`).

use std::io::Read;
use std::time::Duration;

use super::install::InstallError;

/// The official card list zip, as linked from vekn.net's card lists page.
pub const DEFAULT_DB_URL: &str = "https://www.vekn.net/images/stories/downloads/vtescsv_utf8.zip";

/// Environment variable overriding [`DEFAULT_DB_URL`].
pub const DB_URL_ENV: &str = "VTESDECK_DB_URL";

/// The largest download accepted (the real zip is under 1 MB).
const MAX_DOWNLOAD_BYTES: u64 = 256 << 20;

/// The URL to download from: `$VTESDECK_DB_URL` when set, else the official one.
pub fn db_url_from_env() -> String {
    std::env::var(DB_URL_ENV)
        .ok()
        .filter(|u| !u.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_DB_URL.to_string())
}

/// Downloads `url` into memory. `progress` is called with the bytes received
/// so far and the announced total, if any.
pub fn download(
    url: &str,
    progress: &mut dyn FnMut(u64, Option<u64>),
) -> Result<Vec<u8>, InstallError> {
    let failed = |message: String| InstallError::Download {
        url: url.to_string(),
        message,
    };
    let agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_connect(Some(Duration::from_secs(30)))
        .timeout_recv_response(Some(Duration::from_secs(60)))
        .timeout_per_read(Some(Duration::from_secs(60)))
        .build()
        .new_agent();
    let mut response = agent.get(url).call().map_err(|e| failed(e.to_string()))?;
    let status = response.status().as_u16();
    if !(200..300).contains(&status) {
        return Err(InstallError::HttpStatus {
            url: url.to_string(),
            status,
        });
    }
    let total = response.body().content_length();
    let mut reader = response
        .body_mut()
        .with_config()
        .limit(MAX_DOWNLOAD_BYTES)
        .reader();
    let mut bytes = Vec::with_capacity(total.unwrap_or(0).min(MAX_DOWNLOAD_BYTES) as usize);
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        let read = reader.read(&mut chunk).map_err(|e| failed(e.to_string()))?;
        if read == 0 {
            break;
        }
        bytes.extend_from_slice(&chunk[..read]);
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
