/* The viewer's gestures and zoom (lightbox.tsx): thresholds and the geometry of the letterboxed picture. */

/** A sideways swipe at least this long moves to the next or previous picture. */
export const SWIPE_PX = 50;
/** A swipe down at least this long (and more down than sideways) closes the viewer. */
export const SWIPE_DOWN_PX = 80;
/** Zoom: the Zoom button's step, and the range the wheel and a pinch move in. */
export const ZOOM_STEP = 2;
const ZOOM_MAX = 4;

export const clampZoom = (zoom: number) => Math.min(ZOOM_MAX, Math.max(1, zoom));

/** Whether a point is on the picture itself, not on the letterbox around it (the element is object-fit: contain). */
export function onPicture(img: HTMLImageElement, x: number, y: number): boolean {
  const box = img.getBoundingClientRect();
  const ratio = img.naturalWidth && img.naturalHeight ? img.naturalWidth / img.naturalHeight : box.width / box.height;
  const width = Math.min(box.width, box.height * ratio);
  const height = width / ratio;
  const left = box.left + (box.width - width) / 2;
  const top = box.top + (box.height - height) / 2;
  return x >= left && x <= left + width && y >= top && y <= top + height;
}
