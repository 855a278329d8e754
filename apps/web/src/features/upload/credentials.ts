import type { UploadKind } from '@leadreel/shared';

type Credential = { sessionToken: string; expiredTime: number };

/**
 * The upload credential of each kind: fetched once for every caller at once (the prefetch while pre-add
 * answers, and files starting together), kept until a minute before it expires; a failed fetch is not kept.
 */
export class CredentialCache {
  private readonly fetches = new Map<UploadKind, Promise<Credential>>();
  private readonly fetched = new Map<UploadKind, Credential>();
  private readonly fetch: (kind: UploadKind) => Promise<Credential>;
  private readonly now: () => number;

  constructor(fetch: (kind: UploadKind) => Promise<Credential>, now: () => number) {
    this.fetch = fetch;
    this.now = now;
  }

  private fresh(credential: Credential | undefined) {
    return credential !== undefined && credential.expiredTime - 60 >= this.now() / 1000;
  }

  /**
   * The token when one is fetched and fresh, at once. The calls that open and sign an upload use it
   * without an await: any wait before a call lets React render the task list first, which put some 30 ms
   * before each handshake call in bench:upload.
   */
  atHand(kind: UploadKind) {
    const credential = this.fetched.get(kind);
    return this.fresh(credential) ? credential?.sessionToken : undefined;
  }

  /** The token, fetched if none is fresh. */
  async token(kind: UploadKind) {
    const cached = this.fetches.get(kind);
    const credential = await cached?.catch(() => undefined);
    if (credential && this.fresh(credential)) return credential.sessionToken;
    let current = this.fetches.get(kind);
    if (current === undefined || current === cached) {
      const fetching = this.fetch(kind);
      this.fetches.set(kind, fetching);
      fetching.then(
        (answer) => this.fetched.set(kind, answer),
        () => {
          if (this.fetches.get(kind) === fetching) this.fetches.delete(kind);
        },
      );
      current = fetching;
    }
    return (await current).sessionToken;
  }
}
