// The photo's size and a small JPEG copy, made on the device when it is shared: the chat shows the
// copy at once (offline too) in a box of the right shape, so the list does not jump when it loads.
import { thumbnailSize } from '../model/share-panel';

export interface DevicePicture {
  width: number | null;
  height: number | null;
  thumbnail: Blob | null;
}

/**
 * createImageBitmap turns the photo upright by its EXIF orientation (the default, 'from-image'). A
 * browser that cannot decode it (or lacks the API) gives no copy: the chat then scales the photo itself.
 */
export async function devicePicture(file: Blob): Promise<DevicePicture> {
  if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') {
    return { width: null, height: null, thumbnail: null };
  }
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { width: null, height: null, thumbnail: null };
  }
  try {
    const size = thumbnailSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return { width: bitmap.width, height: bitmap.height, thumbnail: null };
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const thumbnail = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.8),
    );
    return { width: bitmap.width, height: bitmap.height, thumbnail };
  } finally {
    bitmap.close();
  }
}
