/**
 * The params schema of a route with one positive integer id in its path (`/users/:uid`), typed so
 * the handler sees `request.params[name]` as a number.
 *
 * @example
 * app.get('/reports/:id', { schema: { params: idParams('id') } }, (req) => req.params.id);
 */
export function idParams<const N extends string>(name: N) {
  return {
    type: 'object',
    required: [name],
    additionalProperties: false,
    properties: { [name]: { type: 'integer', minimum: 1 } } as {
      [K in N]: { readonly type: 'integer'; readonly minimum: 1 };
    },
  } as const;
}
