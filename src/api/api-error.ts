// A failed call to the API, as every part of the page sees it: the server's message and status, or status 0
// when the server could not be reached. Its own small module: a page tells a refusal from a lost connection
// without downloading the API client, which loads with the page's first call (components/use-load.ts).
export class ApiError extends Error {
  constructor(
    message: string,
    /** 0 for a network failure or an answer that does not fit the contract. */
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
  get isNetwork(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}
