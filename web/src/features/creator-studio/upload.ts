/** What kind of media a picked file is, by its MIME type (the server sniffs the bytes again). */
export function mediaKindOf(file: { type: string }): 'image' | 'video' | 'audio' | null {
  if (file.type.startsWith('image/')) return 'image';
  if (file.type.startsWith('video/')) return 'video';
  if (file.type.startsWith('audio/')) return 'audio';
  return null;
}
