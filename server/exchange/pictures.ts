// The pictures 1C sent before the picture pipeline (server/media/): kept as sent under DATA_DIR/media/1c by
// their content's hash, and still served at their addresses for the goods that name them. New pictures go
// through the pipeline (import-job.ts: takePicture).

/** The address the pictures are served under. */
export const PICTURES_URL = '/media/1c/';

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

export const pictureType = (file: string): string | undefined => TYPES[file.slice(file.lastIndexOf('.') + 1)];

/** A stored picture's file name is its hash and kind: nothing else is served. */
export const isPictureName = (name: string) => /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/.test(name);
