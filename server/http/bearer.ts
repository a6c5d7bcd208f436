// The session token of an HTTP request or a WebSocket connection: "Authorization: Bearer <token>".
export const bearer = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const m = /^Bearer\s+(.+)$/i.exec(value.trim());
  return m ? m[1] : null;
};
