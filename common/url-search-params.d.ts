// URLSearchParams for common/: every runtime common code runs in (Node, the page, the workers) has the WHATWG
// URL standard's class, but the ES2022 library common/ is checked against does not declare it. Only what
// common/ uses is declared, so a use beyond it is a type error rather than a guess.
declare class URLSearchParams {
  constructor(init?: string | Record<string, string>);
  get(name: string): string | null;
  set(name: string, value: string): void;
  toString(): string;
}
