/** The default number of authorizations (user redirects) one connect or one request may start. */
export const defaultMaxAuthorizations = 3;
