// The little of jsdom the server tests use (a strict XML parser for the marketplace feeds): its own types
// (@types/jsdom) bring a newer undici whose fetch types clash with Node 20's.
declare module 'jsdom' {
  export class JSDOM {
    constructor(markup: string, options?: { contentType?: string });
    readonly window: { document: Document };
  }
}
