/**
 * Colours of the become-a-vendor marker: amber while pending, teal once approved. Apart from the profile entries,
 * so the side menu (a visitor's too) does not load the profile query with it.
 */
export function markerClass(marker: string): string {
  return marker === 'Pending' ? 'bg-amber-100 text-amber-800' : 'bg-teal-100 text-teal-800';
}
