/** The size of an image setting (ImageField): what the picker recommends and the preview's shape. */
import type { ImageFieldProps } from './ImageField';

/**
 * An image recommended at `size` pixels, previewed `previewWidth` wide in its proportions:
 * ImageField's `recommendedSize`, `width` and `height`.
 */
export function sizedImage(size: { width: number; height: number }, previewWidth: number): Pick<ImageFieldProps, 'recommendedSize' | 'width' | 'height'> {
  return { recommendedSize: `${size.width} x ${size.height} px`, width: previewWidth, height: Math.round((previewWidth * size.height) / size.width) };
}
