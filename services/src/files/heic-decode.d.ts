// The npm package heic-decode (libheif compiled to WebAssembly) ships no types: what picture-rendition.ts uses of it.
declare module 'heic-decode' {
  interface DecodedHeicImage {
    width: number;
    height: number;
    /** RGBA, four bytes a pixel, rows top to bottom. */
    data: Uint8ClampedArray;
  }
  /** The primary image of a HEIC/HEIF file, with its transformations (rotation, mirroring, crop) applied. */
  function decode(input: { buffer: ArrayBufferLike | Uint8Array }): Promise<DecodedHeicImage>;
  export default decode;
}
