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
    expect(await signer.verify(`${token.slice(0, -2)}xx`)).toBeNull();
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
