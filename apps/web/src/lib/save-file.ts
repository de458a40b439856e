/**
 * Hands bytes to the browser as a download named `fileName` (an .ics, a .csv): for files whose call carries the
 * session, which a plain link cannot fetch.
 */
export function saveFile(bytes: Blob, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
