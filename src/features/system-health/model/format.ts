// How the settings pages' figures read: bytes, milliseconds, uptime, a share. Pure.

/** Rule 'bytes read in the largest unit under 1000' (SI, as the build and iOS count): 950 B, 1.2 KB, 35.0 MB. */
export function bytesText(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return unit === 0 ? `${Math.round(value)} B` : `${value.toFixed(1)} ${units[unit]}`;
}

/** Rule 'milliseconds': under 10 to a tenth, under a second whole, else seconds to a hundredth. */
export function msText(ms: number): string {
  if (ms < 10) return `${(Math.round(ms * 10) / 10).toString()} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Rule 'uptime reads in its two largest units': 45s, 3m 05s, 2h 07m, 3d 04h. */
export function uptimeText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${pad(s % 60)}s`;
  if (s < 86_400) return `${Math.floor(s / 3600)}h ${pad(Math.floor((s % 3600) / 60))}m`;
  return `${Math.floor(s / 86_400)}d ${pad(Math.floor((s % 86_400) / 3600))}h`;
}

/** 0.0123 → '1.2%'; under a tenth of a percent reads '<0.1%' (not a made-up 0). */
export function shareText(part: number, whole: number): string {
  if (whole <= 0) return '—';
  const percent = (part / whole) * 100;
  if (percent > 0 && percent < 0.1) return '<0.1%';
  return `${percent.toFixed(1)}%`;
}

/** Rule 'when': the time alone for today, the date and time for an earlier day (the device's zone). */
export function whenText(at: number, now: number): string {
  const date = new Date(at);
  return date.toDateString() === new Date(now).toDateString()
    ? date.toLocaleTimeString()
    : date.toLocaleString();
}
