// Changes to a valid request body, for the tests of what a route refuses (not a test file itself).

type Body = Record<string, unknown>;

/** The body without `field`. */
export const without = (field: string) => (body: Body) => {
  const { [field]: _dropped, ...rest } = body;
  return rest;
};

/** The body with `field` set to `value`. */
export const withField = (field: string, value: unknown) => (body: Body) => ({ ...body, [field]: value });

/** A valid `POST /api/myProfile` body for `who`, with an uploaded photo. */
export const profileOf = (who: { name: string; email: string }) => ({
  name: who.name,
  email: who.email,
  education: "Bachelor",
  location: "Dhaka, Bangladesh",
  phone: "+880 1712-345678",
  linkedIn: "https://www.linkedin.com/in/amina-rahman",
  img: "/uploads/0123456789abcdef0123456789abcdef.webp",
});

/** A valid `POST /api/myPortfolio` body for `who`, with an uploaded photo. */
export const portfolioOf = (who: { name: string; email: string }) => ({
  name: who.name,
  email: who.email,
  education: "Bsc in CSE",
  skill: "Engine diagnostics, brake systems, React",
  project1: "https://github.com/example/obd-reader",
  project2: "https://example.com/projects/brake-bench",
  project3: "http://example.org/fleet",
  img: "/uploads/fedcba9876543210fedcba9876543210.webp",
});
