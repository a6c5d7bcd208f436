// Where the file helpers read the session token. A module of its own, with no
// imports, so the app shell can register the source without pulling the
// export/attachment helpers into its entry chunk.
let readToken: () => string = () => '';

/** The app tells the file helpers where the session token is. */
export function setFileTokenSource(source: () => string): void {
  readToken = source;
}

export const fileToken = (): string => readToken();
