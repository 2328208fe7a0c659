// Changes to a valid request body, for the tests of what a route refuses (not a test file itself).

type Body = Record<string, unknown>;

/** The body without `field`. */
export const without = (field: string) => (body: Body) => {
  const { [field]: _dropped, ...rest } = body;
  return rest;
};

/** The body with `field` set to `value`. */
export const withField = (field: string, value: unknown) => (body: Body) => ({ ...body, [field]: value });
