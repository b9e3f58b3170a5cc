// What the other areas of the server may use of media/: the picture pipeline (a file taken into the shop as
// its widths and formats, or refused with a reason), the demo's photographs, and the route that serves what
// the pipeline made. Everything else in
// the folder is its own (eslint.config.js refuses an import from another area past this file).
export { PICTURE_REFUSALS } from './make-picture.ts';
export { takePicture } from './picture-maker.ts';
export { seedPhotographs } from './seed-photographs.ts';
export { PICTURE_LIMITS } from './picture-limits.ts';
export { default as pictureRoutes } from './picture-routes.ts';
