// Saves a file the app fetched (a Blob) to the device, as a download with its name: an object URL on a
// link with `download`, clicked. Safari (iOS 13+) and every other browser Kiri supports honour it; a
// fetch first, not a plain link, so that a refusal or a lost connection can be told to the owner.
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after click() returns (Safari a moment later): free it once it has.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
