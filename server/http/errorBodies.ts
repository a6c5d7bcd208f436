// The JSON bodies /api answers when a request fails before GraphQL runs (body unreadable or too
// large, an unexpected error): one text each, for the Express routes and http/graphqlPost.ts.
const body = (message: string, code: string) => ({ errors: [{ message, extensions: { code } }] });

export const INVALID_REQUEST = body('Solicitud no válida.', 'BAD_USER_INPUT');
export const REQUEST_TOO_LARGE = body('La solicitud es demasiado grande.', 'BAD_USER_INPUT');
export const UNEXPECTED_ERROR = body('Ocurrió un error inesperado.', 'INTERNAL_SERVER_ERROR');
