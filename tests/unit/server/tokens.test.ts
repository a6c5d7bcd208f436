// Session tokens: a verified signature is remembered, but never past the token's expiry,
// and a tampered or foreign token is still refused.
import { describe, expect, it } from 'vitest';
import { createTokenSigner } from '../../../server/auth/tokens';

describe('session tokens', () => {
  it('verifies once and answers the same claims again', async () => {
    const signer = createTokenSigner('secreto-de-prueba');
    const token = await signer.sign('5b3f9a4e-7c1d-4f6a-9e2b-1a2b3c4d5e6f', 7, new Date(Date.now() + 60_000));
    const claims = { sessionId: '5b3f9a4e-7c1d-4f6a-9e2b-1a2b3c4d5e6f', userId: 7 };
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(token)).toEqual(claims);
  });

  it('refuses a tampered token and one signed with another secret', async () => {
    const signer = createTokenSigner('secreto-de-prueba');
    const token = await signer.sign('5b3f9a4e-7c1d-4f6a-9e2b-1a2b3c4d5e6f', 7, new Date(Date.now() + 60_000));
    await signer.verify(token);
    // One character of the signature changed, well before its end (the last base64url character carries
    // bits a decoder may ignore, and replacing the last two with fixed ones could leave them as they were).
    const at = token.length - 10;
    const tampered = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(tampered).not.toBe(token);
    expect(await signer.verify(tampered)).toBeNull();
    expect(await createTokenSigner('otro-secreto').verify(token)).toBeNull();
  });

  it('refuses a remembered token once it has expired', async () => {
    const signer = createTokenSigner('secreto-de-prueba');
    const token = await signer.sign('5b3f9a4e-7c1d-4f6a-9e2b-1a2b3c4d5e6f', 7, new Date(Date.now() + 2_500));
    expect(await signer.verify(token)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 3_100));
    expect(await signer.verify(token)).toBeNull();
  });
});
