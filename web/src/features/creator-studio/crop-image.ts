import type { Area } from 'react-easy-crop';

function loadImage(source: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image could not be read'));
    image.src = source;
  });
}

/** Size of the bounding box of a `width × height` rectangle rotated by `degrees`. */
function rotatedSize(width: number, height: number, degrees: number) {
  const radians = (degrees * Math.PI) / 180;
  return {
    width: Math.abs(Math.cos(radians) * width) + Math.abs(Math.sin(radians) * height),
    height: Math.abs(Math.sin(radians) * width) + Math.abs(Math.cos(radians) * height),
  };
}

/**
 * Draws the image rotated by `rotation` degrees and cuts out `crop` (pixels of the rotated image, as react-easy-crop
 * reports them); answers a JPEG.
 */
export async function cropImage(source: string, crop: Area, rotation: number): Promise<Blob> {
  const image = await loadImage(source);
  const bounds = rotatedSize(image.naturalWidth, image.naturalHeight, rotation);
  const rotated = document.createElement('canvas');
  rotated.width = Math.round(bounds.width);
  rotated.height = Math.round(bounds.height);
  const context = rotated.getContext('2d');
  if (!context) throw new Error('canvas unavailable');
  context.translate(rotated.width / 2, rotated.height / 2);
  context.rotate((rotation * Math.PI) / 180);
  context.drawImage(image, -image.naturalWidth / 2, -image.naturalHeight / 2);

  const output = document.createElement('canvas');
  output.width = Math.max(1, Math.round(crop.width));
  output.height = Math.max(1, Math.round(crop.height));
  const outputContext = output.getContext('2d');
  if (!outputContext) throw new Error('canvas unavailable');
  outputContext.drawImage(rotated, crop.x, crop.y, crop.width, crop.height, 0, 0, output.width, output.height);
  return new Promise((resolve, reject) =>
    output.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('crop failed'))), 'image/jpeg', 0.92),
  );
}
